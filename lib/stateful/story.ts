import type { CheckContext } from '../checks/context.ts';
import { curlCommand } from '../http/curl.ts';
import type { Exchange } from '../http/exchange.ts';
import type { SequenceStory } from '../results/outcome.ts';
import { toolCommand } from '../invocation.ts';
import { rerunCommand } from '../results/report.ts';

/** One step of a sequence as it ran: what it did, what it sent, and which answers named a record it made. */
export interface StepRecord {
  text: string;
  /** The step only reads: one that held is left out of the story. */
  reads?: boolean;
  readonly exchanges: Exchange[];
  /** Index of an exchange in `exchanges` whose answer gave the id of a record it made, and that id. */
  readonly made: Map<number, string>;
}

const where = (ex: Exchange): string => {
  const url = new URL(ex.request.url);
  return `${ex.request.method} ${url.pathname}${url.search}`;
};

/**
 * The script's line for one request: its curl command with every id made earlier in the sequence replaced by
 * the shell variable that captured it, so the script acts on the records it makes itself, not on the run's.
 */
function scriptLine(ex: Exchange, ids: ReadonlyMap<string, string>): string {
  let line = curlCommand(ex.request);
  for (const [id, variable] of ids) {
    // Only as a whole path segment: a short id must not rewrite a limit or a page number.
    line = line.split(`/${id}'`).join(`/'"$${variable}"'`);
    line = line.split(`/${id}.`).join(`/'"$${variable}"'.`);
    line = line.split(`/${id}/`).join(`/'"$${variable}"'/`);
    line = line.split(`/${id}?`).join(`/'"$${variable}"'?`);
  }
  return line;
}

/** The first "id" value in a JSON answer, for the script: the id the create answered, as the check read it. */
const CAPTURE = `sed -n 's/[^{]*{.*"id": *"\\{0,1\\}\\([^",}]*\\).*/\\1/p' | head -n 1`;

/**
 * The story of a failing sequence; `replay` is what CC_SEQUENCE_REPLAY takes after the check id (rule, seed and
 * path), `leftover` how to delete what the script makes when the records carry no name the cleanup finds.
 */
export function storyOf(t: CheckContext, steps: readonly StepRecord[], replay: string, rule: string, leftover?: string): SequenceStory {
  const lines = steps.map((step, i) => `${i + 1}. ${step.text}: ${step.exchanges.map((ex) => `${where(ex)} → ${ex.status}`).join('; ')}`);
  const command = `CC_SEQUENCE_REPLAY=${t.scope.id}:${replay} ${rerunCommand(rule, t.runSeed)}`;
  const ids = new Map<string, string>();
  const script = [
    '#!/bin/sh',
    `# ${t.scope.id}: the shortest failing sequence found (${steps.length} steps) of ${rule}; CC_SEQUENCE_REPLAY=${t.scope.id}:${replay} runs it again.`,
    '# Credentials come from the key variables (CC_KEY_ID, CC_KEY_SECRET, CC_OTHER_KEY_ID, ...); the ids the creates answer are captured.',
    `# It deletes nothing it makes; ${leftover ?? `their names carry the run's prefix, so ${toolCommand('cleanup', `--prefix ${t.runPrefix}`)} finds them`}.`,
    'set -u',
  ];
  steps.forEach((step, i) => {
    script.push(`# ${i + 1}. ${step.text}`);
    step.exchanges.forEach((ex, j) => {
      const made = step.made.get(j);
      const line = scriptLine(ex, ids);
      if (made === undefined) {
        script.push(line);
        return;
      }
      const variable = `ID${ids.size + 1}`;
      // The capture reads the body alone: without -i, curl prints no headers.
      script.push(`${variable}=$(${line.replace(/^curl -sS -i /, 'curl -sS ')} | ${CAPTURE})`, `echo "${variable}=$${variable}"`);
      ids.set(made, variable);
    });
  });
  return { steps: lines, replay: command, script: `${script.join('\n')}\n` };
}
