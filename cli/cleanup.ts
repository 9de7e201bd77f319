import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { Session } from '../lib/checks/session.ts';
import { namesNoTarget, runSeed, targetFromSettings } from '../lib/config/load.ts';
import { ConfigError, HarnessError } from '../lib/errors.ts';
import { toolCommand } from '../lib/invocation.ts';
import { Redactor } from '../lib/http/redact.ts';
import { type CleanupStep, cleanLedger, cleanPrefix, LEFT_BEHIND, unsearchedKinds } from '../lib/ledger/cleanup.ts';
import { recordKinds } from '../lib/ledger/kinds.ts';
import { readLedger } from '../lib/ledger/ledger-file.ts';
import { isRunPrefix, newRunId, RUN_PREFIX_FORM } from '../lib/ledger/run-id.ts';
import { RequestScope } from '../lib/requests/request-scope.ts';
import { onInterrupt } from './interrupt.ts';
import { commandSettings } from './settings.ts';
import { parseCommandLine } from './command-line.ts';
import { EXIT_CODE } from '../lib/exit-codes.ts';

const HELP = `Usage: ${toolCommand('cleanup', '(--ledger FILE | --prefix P) [--dry-run]')}

Deletes what a conformance run (or a fingerprint) left on the target named by the CC_* variables,
paced within its budget like a run.

  --ledger FILE   the run's ledger (reports/ledger-<run id>.jsonl): deletes every record it shows created
                  and not deleted, newest first; a record whose create was never answered (the run was
                  killed mid-request) is looked for by the name the run gave it. The deletes are appended
                  to the ledger, so a second cleanup has nothing left to do.
  --prefix P      a run prefix (cc-conformance-<8 letters or digits>, as the report's prefix): lists every
                  kind of record a run creates that the API lists, with each company's key, and deletes
                  those whose name starts with P. Any other P is refused, so nothing else is ever touched.
  --dry-run       list what would be deleted, delete nothing
  --help

Records the API cannot delete (voice agents, call scripts, surveys, export jobs, placed calls; a deleted
Dialer campaign, which the API keeps with status deleted) are listed, never attempted. A 404 on a delete
counts as already gone. Ctrl-C stops after the request in flight.

Exit codes: 0 nothing deletable is left; 1 something deletable is left (a delete failed, the run was
stopped, or --dry-run found something to delete); 2 bad input or configuration; 130 interrupted twice.`;

function fail(message: string): never {
  process.stderr.write(`cc-cleanup: ${message}\n`);
  process.exit(EXIT_CODE.harness);
}

function line(step: CleanupStep): string {
  const what = [step.id !== undefined ? `id ${step.id}` : undefined, step.name].filter((x) => x !== undefined).join(', ');
  return `  ${step.result.padEnd(13)} ${step.kind}${what ? ` (${what})` : ''}: ${step.detail}`;
}

async function main(): Promise<number> {
  const args = parseCommandLine(
    {
      options: {
        ledger: { type: 'string' },
        prefix: { type: 'string' },
        'dry-run': { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
      strict: true,
    },
    fail,
  ).values;
  if (args.help) {
    process.stdout.write(`${HELP}\n`);
    return 0;
  }
  if ((args.ledger === undefined) === (args.prefix === undefined)) fail('give exactly one of --ledger FILE and --prefix P (see --help)');
  if (args.prefix !== undefined && !isRunPrefix(args.prefix))
    fail(`--prefix: ${JSON.stringify(args.prefix)} is not a run prefix (${RUN_PREFIX_FORM.source}); refusing, so nothing but a run's own records is touched`);
  const ledgerFile = args.ledger !== undefined ? resolve(args.ledger) : undefined;
  if (ledgerFile !== undefined && !existsSync(ledgerFile)) fail(`--ledger: no file at ${ledgerFile}`);
  const settings = commandSettings(process.env, (line) => process.stderr.write(`cc-cleanup: warning: ${line}\n`));
  if (namesNoTarget(settings)) fail('no target configured: set the CC_* variables of the target the run was pointed at');
  const target = targetFromSettings(settings, process.cwd(), false);
  const redactor = new Redactor(target);
  // With a ledger, the session goes on from it: its deletes are appended there.
  const contents = ledgerFile !== undefined ? readLedger(ledgerFile) : undefined;
  const runId = contents?.runId ?? newRunId();
  const session = new Session(target, runSeed(settings), {
    id: runId,
    prefix: contents?.prefix ?? `cc-conformance-${runId}`,
    ...(ledgerFile !== undefined ? { ledgerFile } : {}),
  });
  // No abort signal and no allowance: a Ctrl-C lets the request in flight finish, and no further one starts.
  // The request layer's own pipeline: the cleanup is no check, and reports a host or key it lacks itself (lib/ledger/cleanup.ts).
  const cleaner = { requests: new RequestScope(session.pipeline, 'cleanup'), target };
  const interrupt = onInterrupt({
    exitCode: EXIT_CODE.interrupted,
    onFirst: () => process.stderr.write('cc-cleanup: interrupted; stopping after the request in flight (interrupt again to quit at once)\n'),
  });
  const options = { dryRun: args['dry-run'], stopped: () => interrupt.aborted };
  const kinds = recordKinds(target.dialer.routes);
  try {
    process.stdout.write(
      `cc-cleanup: target ${target.urls.core ?? target.urls.ai ?? '(no URL)'}; ${ledgerFile !== undefined ? `ledger ${ledgerFile} (run ${runId})` : `prefix ${args.prefix}`}${options.dryRun ? '; dry run' : ''}\n`,
    );
    const steps =
      ledgerFile !== undefined ? await cleanLedger(cleaner, session.ledger, kinds, options) : await cleanPrefix(cleaner, args.prefix as string, kinds, options);
    const out = steps.map(line);
    if (args.prefix !== undefined) out.push("not searched by prefix (a run's ledger lists them):", ...unsearchedKinds(kinds).map((k) => `  ${k}`));
    const left = steps.filter((s) => LEFT_BEHIND.has(s.result)).length;
    out.push(
      `${steps.filter((s) => s.result === 'deleted').length} deleted, ${steps.filter((s) => s.result === 'already gone' || s.result === 'not found').length} already gone, ${left} ${options.dryRun ? 'to delete' : 'left that could not be deleted'}, ${steps.filter((s) => s.result === 'not deletable' || s.result === 'kept').length} not deletable through the API; ${cleaner.requests.requests} requests`,
    );
    if (interrupt.aborted) out.push('interrupted: what was not reached is still on the target; run the same command again');
    process.stdout.write(`${redactor.text(out.join('\n'))}\n`);
    return left > 0 || interrupt.aborted ? EXIT_CODE.fail : EXIT_CODE.pass;
  } catch (err) {
    if (err instanceof ConfigError) throw err;
    // The target failed us (a listing refused, the network): what was not reached is still there.
    process.stderr.write(`cc-cleanup: stopped: ${redactor.text(err instanceof HarnessError ? `${err.code}: ${err.message}` : (err as Error).message)}\n`);
    return EXIT_CODE.fail;
  } finally {
    await session.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => fail(err instanceof HarnessError ? `${err.code}: ${err.message}` : ((err as Error).stack ?? String(err))),
);
