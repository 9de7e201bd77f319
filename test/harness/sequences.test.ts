import fc from 'fast-check';
import { afterAll, describe, expect, test, vi } from 'vitest';
import { allowanceOn, defineCheck } from '../../lib/checks/define.ts';
import { chooseDrawers, runCheck } from '../../lib/checks/runner.ts';
import { Session } from '../../lib/checks/session.ts';
import type { SequenceReplay, Target } from '../../lib/config/target.ts';
import type { Exchange } from '../../lib/http/exchange.ts';
import { INVOCATION_VARIABLE } from '../../lib/invocation.ts';
import type { CheckOutcome, RuleVerdict } from '../../lib/results/outcome.ts';
import { runSequences, type SequenceModel } from '../../lib/stateful/sequences.ts';
import { literalTarget } from './support.ts';

/**
 * The sequence runner on a target it never sends to: an in-memory store stands in, with bugs planted
 * across operations, so what is judged is the runner (shrinking, one story per rule, replay, cleanup,
 * allowance), not a server.
 */

const COUNT = 'CORE-STATE-COUNT';
const LISTED = 'CORE-STATE-LISTED';

/** What the judgements point at: an answer as the client records it. */
const answer: Exchange = {
  request: { method: 'GET', url: 'https://127.0.0.1:1/api/contacts/index.json', headers: {}, credentials: 'primary key' },
  status: 200,
  headers: { 'content-type': 'application/json' },
  text: '{}',
  bodyBytes: 2,
  json: {},
  startedAt: 0,
  durationMs: 1,
};

type Step = { readonly op: 'add' } | { readonly op: 'remove' } | { readonly op: 'count' } | { readonly op: 'list' };

interface Store {
  items: number[];
  adds: number;
}

interface Planted {
  /** After this many adds, the count is one short. */
  readonly countLagsAfter?: number;
  /** A removed item stays listed. */
  readonly listKeepsRemoved?: boolean;
}

function storeModel(bugs: Planted, cleaned: { count: number }, cost = 1): SequenceModel<Step, { model: number[]; store: Store; removed: number[] }> {
  return {
    step: fc.constantFrom<Step>({ op: 'add' }, { op: 'remove' }, { op: 'count' }, { op: 'list' }),
    cost: () => cost,
    label: (step) => step.op,
    reads: (step) => step.op === 'count' || step.op === 'list',
    start: () => ({ model: [], store: { items: [], adds: 0 }, removed: [] }),
    async run(_t, world, step, io) {
      const { model, store } = world;
      switch (step.op) {
        case 'add': {
          const item = store.adds++;
          store.items.push(item);
          model.push(item);
          return `add ${item}`;
        }
        case 'remove': {
          const item = model.pop();
          if (item === undefined) return undefined;
          store.items = store.items.filter((i) => i !== item);
          world.removed.push(item);
          return `remove ${item}`;
        }
        case 'count': {
          const shown = bugs.countLagsAfter !== undefined && store.adds >= bugs.countLagsAfter ? store.items.length - 1 : store.items.length;
          io.judge(COUNT, shown === model.length, `count ${shown}, model ${model.length}`, answer);
          return 'count';
        }
        case 'list': {
          const shown = bugs.listKeepsRemoved ? [...store.items, ...world.removed] : store.items;
          io.judge(
            LISTED,
            shown.every((i) => model.includes(i)),
            `listed ${shown.join(',')}, model ${model.join(',')}`,
            answer,
          );
          return 'list';
        }
      }
    },
    async clean(_t, world) {
      cleaned.count += 1;
      world.store.items = [];
    },
  };
}

function sequenceCheck<S>(model: SequenceModel<S, unknown>, requestsPerStep = 1, most?: number) {
  return defineCheck({
    id: 'harness.sequences',
    title: 'sequences of an in-memory store',
    surface: 'core',
    rules: [COUNT, LISTED],
    cost: {
      requests: 0,
      sequences: { requestsPerStep, setupRequests: 0, ...(most !== undefined ? { most } : {}) },
    },
    run: (t) => runSequences(t, model),
  });
}

function verdict(outcome: CheckOutcome, rule: string): RuleVerdict {
  const found = outcome.verdicts.find((v) => v.rule === rule);
  if (!found) throw new Error(`no verdict for ${rule}`);
  return found;
}

const sessions: Session[] = [];
function session(overrides: Partial<Target> = {}): Session {
  const made = new Session(literalTarget({ sequences: { count: 30, steps: 10, shrinkRequests: 500 }, ...overrides }), 7);
  sessions.push(made);
  return made;
}
afterAll(async () => {
  for (const s of sessions) await s.close();
});

describe('stateful sequences', () => {
  test('a store that keeps no bug passes both rules, every sequence cleaned up', async () => {
    const cleaned = { count: 0 };
    const outcome = await runCheck(session(), sequenceCheck(storeModel({}, cleaned) as SequenceModel<Step, unknown>));
    expect(verdict(outcome, COUNT).status).toBe('pass');
    expect(verdict(outcome, LISTED).status).toBe('pass');
    expect(verdict(outcome, COUNT).notes.join(' ')).toMatch(/30 random sequences of up to 10 steps/);
    expect(cleaned.count).toBe(30);
  });

  test('two bugs fail both rules, each with the shortest story that shows it, and every sequence is cleaned up', async () => {
    const cleaned = { count: 0 };
    const outcome = await runCheck(
      session(),
      sequenceCheck(storeModel({ countLagsAfter: 2, listKeepsRemoved: true }, cleaned) as SequenceModel<Step, unknown>),
    );
    const count = verdict(outcome, COUNT);
    const listed = verdict(outcome, LISTED);
    expect(count.status).toBe('fail');
    expect(listed.status).toBe('fail');
    // The shortest stories: two adds and a count; an add, its removal and a list.
    expect(count.evidence?.sequence?.steps.map((s) => s.replace(/^\d+\. /, '').replace(/:.*$/, ''))).toEqual(['add 0', 'add 1', 'count']);
    expect(listed.evidence?.sequence?.steps.map((s) => s.replace(/^\d+\. /, '').replace(/:.*$/, ''))).toEqual(['add 0', 'remove 0', 'list']);
    expect(count.evidence?.sequence?.replay).toMatch(
      /^CC_SEQUENCE_REPLAY=harness\.sequences:CORE-STATE-COUNT:\d+:[\d:]+ npm run conformance -- --seed 7 --rule CORE-STATE-COUNT$/,
    );
    // Every sequence run, shrinking's included, was cleaned up.
    expect(cleaned.count).toBeGreaterThan(30);
  });

  test('the replay line runs that one sequence again, judging its rule alone', async () => {
    const bugs = { countLagsAfter: 2, listKeepsRemoved: true };
    const first = await runCheck(session(), sequenceCheck(storeModel(bugs, { count: 0 }) as SequenceModel<Step, unknown>));
    const replay = /CC_SEQUENCE_REPLAY=harness\.sequences:([A-Z][A-Z0-9-]*):(\d+):(\S+) /.exec(verdict(first, COUNT).evidence?.sequence?.replay ?? '');
    expect(replay).not.toBeNull();
    const [, rule, seed, path] = replay as unknown as [string, string, string, string];
    const sequenceReplay: SequenceReplay = { check: 'harness.sequences', rule, seed: Number(seed), path };
    const cleaned = { count: 0 };
    const again = await runCheck(session({ sequenceReplay }), sequenceCheck(storeModel(bugs, cleaned) as SequenceModel<Step, unknown>));
    expect(verdict(again, COUNT).status).toBe('fail');
    expect(verdict(again, COUNT).evidence?.sequence?.steps).toHaveLength(3);
    expect(verdict(again, LISTED).status).toBe('skipped');
    expect(verdict(again, LISTED).detail).toMatch(/CC_SEQUENCE_REPLAY replays a sequence that broke CORE-STATE-COUNT/);
    expect(cleaned.count).toBeLessThan(5);
  });

  test('run through the installed executable, the replay line and the script name it, not npm run', async () => {
    vi.stubEnv(INVOCATION_VARIABLE, 'installed');
    try {
      const outcome = await runCheck(session(), sequenceCheck(storeModel({ listKeepsRemoved: true }, { count: 0 }) as SequenceModel<Step, unknown>));
      const story = verdict(outcome, LISTED).evidence?.sequence;
      expect(story?.replay).toMatch(
        /^CC_SEQUENCE_REPLAY=harness\.sequences:CORE-STATE-LISTED:\d+:[\d:]+ cc-conformance run --seed 7 --rule CORE-STATE-LISTED$/,
      );
      expect(story?.script).toMatch(/their names carry the run's prefix, so cc-conformance cleanup --prefix \S+ finds them\.\n/);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  test("a check's own most sequences caps the target's, in the run and in its allowance", async () => {
    const cleaned = { count: 0 };
    const check = sequenceCheck(storeModel({}, cleaned) as SequenceModel<Step, unknown>, 1, 4);
    const target = literalTarget({ sequences: { count: 30, steps: 10, shrinkRequests: 500 } });
    const outcome = await runCheck(session(), check);
    expect(verdict(outcome, COUNT).notes.join(' ')).toMatch(/^4 random sequences of up to 10 steps/);
    expect(cleaned.count).toBe(4);
    expect(allowanceOn(check, target)).toBe(4 * 10 + 500);
    expect(allowanceOn(sequenceCheck(storeModel({}, cleaned) as SequenceModel<Step, unknown>), target)).toBe(30 * 10 + 500);
  });

  test("a failing story's script says how to delete what it makes: the model's own words, or the run's prefix for npm run cleanup", async () => {
    const bugs = { listKeepsRemoved: true };
    const named = await runCheck(session(), sequenceCheck(storeModel(bugs, { count: 0 }) as SequenceModel<Step, unknown>));
    expect(verdict(named, LISTED).evidence?.sequence?.script).toMatch(
      /# It deletes nothing it makes; their names carry the run's prefix, so npm run cleanup -- --prefix \S+ finds them\.\n/,
    );
    const leftover = 'delete each item it adds by hand';
    const unnamed = await runCheck(session(), sequenceCheck({ ...storeModel(bugs, { count: 0 }), leftover } as SequenceModel<Step, unknown>));
    expect(verdict(unnamed, LISTED).evidence?.sequence?.script).toContain(`# It deletes nothing it makes; ${leftover}.\n`);
  });

  test("the stateful checks of a lane share one shrinking allowance: together they spend at most their sequences' shares and it once", async () => {
    const sequences = { count: 5, steps: 6, shrinkRequests: 20 };
    // A store whose count breaks from the fourth item on: every sequence of four steps or more fails, and
    // shrinking one tries many candidates of four steps or more. Each step costs 1, so the steps a check ran
    // are what it spent at the declared cost.
    const counting = (ran: { steps: number }): SequenceModel<number, { items: number }> => ({
      step: fc.nat(9),
      cost: () => 1,
      label: (n) => `add ${n}`,
      reads: () => false,
      start: () => ({ items: 0 }),
      async run(_t, world, n, io) {
        ran.steps += 1;
        world.items += 1;
        io.judge(COUNT, world.items < 4, `count ${world.items - 1} after ${world.items} adds`, answer);
        io.judge(LISTED, true, 'listed', answer);
        return `add ${n}`;
      },
      async clean() {},
    });
    const pair = async (lanes: readonly ['core', 'core'] | readonly ['core', 'dialer']) => {
      const shared = session({ sequences });
      const ran = [{ steps: 0 }, { steps: 0 }];
      const outcomes = [];
      for (const [i, lane] of lanes.entries()) {
        const check = { ...sequenceCheck(counting(ran[i] as { steps: number }) as SequenceModel<number, unknown>), id: `harness.sequences-${i}` };
        outcomes.push(await runCheck(shared, check, { lane }));
      }
      return { spent: ran.map((r) => r.steps), outcomes };
    };
    const apart = await pair(['core', 'dialer']);
    const together = await pair(['core', 'core']);
    const bound = 2 * sequences.count * sequences.steps + sequences.shrinkRequests;
    // Each in a lane of its own shrinks with a whole allowance; in one lane they stay within both shares and one allowance.
    expect(apart.spent.reduce((n, s) => n + s, 0)).toBeGreaterThan(bound);
    expect(together.spent.reduce((n, s) => n + s, 0)).toBeLessThanOrEqual(bound);
    // Both still fail; the second shrinks with what the first left and says what it passed over.
    for (const outcome of [...apart.outcomes, ...together.outcomes]) expect(verdict(outcome, COUNT).status).toBe('fail');
    expect(verdict(together.outcomes[1] as CheckOutcome, COUNT).detail).toMatch(/shrinking passed over \d+ shorter candidates/);
    expect(verdict(apart.outcomes[1] as CheckOutcome, COUNT).evidence?.sequence?.steps).toHaveLength(4);
  });

  test('a run that keeps nothing for shrinking (a configured target) shrinks only within its own unspent share and says so; its replay shrinks it', async () => {
    const bugs = { countLagsAfter: 1 };
    // One sequence, as on a configured target: its share is spent by it, so no shorter candidate is sent.
    const sequences = { count: 1, steps: 10, shrinkRequests: 0 };
    const cleaned = { count: 0 };
    // Seed 1: its one sequence fails, with a step more than the shortest story.
    const seeded = new Session(literalTarget({ sequences }), 1);
    sessions.push(seeded);
    const first = await runCheck(seeded, sequenceCheck(storeModel(bugs, cleaned) as SequenceModel<Step, unknown>));
    const count = verdict(first, COUNT);
    expect(count.status).toBe('fail');
    expect(count.detail).toMatch(
      /; shrinking stopped at what this check's sequences left unspent, since a run against a configured target keeps no requests for it: its rerun line \(CC_SEQUENCE_REPLAY\) replays it alone and shrinks it further\)$/,
    );
    expect(count.detail).not.toMatch(/shrunk \d+ times/);
    expect(cleaned.count).toBe(1);
    const found = count.evidence?.sequence?.steps.length ?? 0;
    const replay = /CC_SEQUENCE_REPLAY=harness\.sequences:([A-Z][A-Z0-9-]*):(\d+):(\S+) /.exec(count.evidence?.sequence?.replay ?? '');
    const [, rule, seed, path] = replay as unknown as [string, string, string, string];
    const sequenceReplay: SequenceReplay = { check: 'harness.sequences', rule, seed: Number(seed), path };
    const again = await runCheck(
      session({ sequences: { ...sequences, shrinkRequests: 24 }, sequenceReplay }),
      sequenceCheck(storeModel(bugs, { count: 0 }) as SequenceModel<Step, unknown>),
    );
    expect(verdict(again, COUNT).status).toBe('fail');
    // The shortest story of a count that lags once an item is added is an add and a count; the run's was longer.
    expect(found).toBeGreaterThan(2);
    expect(verdict(again, COUNT).evidence?.sequence?.steps).toHaveLength(2);
  });

  test("a target's cap on a sequence's requests: no sequence's steps send more, the allowance counts the cap, the note names it", async () => {
    const sequences = { count: 20, steps: 6, stepRequests: 5, shrinkRequests: 0 };
    // Each step sends 2: within the cap of 5 a sequence runs two steps at most, where 6 could send 12.
    const sent: number[] = [];
    const dear: SequenceModel<number, { sent: number }> = {
      step: fc.nat(9),
      cost: () => 2,
      label: (n) => `add ${n}`,
      reads: () => false,
      start: () => ({ sent: 0 }),
      async run(_t, world, n, io) {
        world.sent += 2;
        io.judge(COUNT, true, 'count', answer);
        io.judge(LISTED, true, 'listed', answer);
        return `add ${n}`;
      },
      async clean(_t, world) {
        sent.push(world.sent);
      },
    };
    const check = sequenceCheck(dear as SequenceModel<number, unknown>, 2);
    const outcome = await runCheck(session({ sequences }), check);
    expect(verdict(outcome, COUNT).status).toBe('pass');
    expect(sent).toHaveLength(20);
    expect(Math.max(...sent)).toBe(4);
    expect(allowanceOn(check, literalTarget({ sequences }))).toBe(20 * 5);
    expect(verdict(outcome, COUNT).notes.join(' ')).toMatch(/^20 random sequences of up to 6 steps and 5 requests/);
  });

  test('where only some stateful checks of a lane draw random steps (CC_SEQUENCE_CHECKS), the others run their closing steps alone, once, and say so', async () => {
    const closing = (model: SequenceModel<Step, { model: number[]; store: Store; removed: number[] }>) => ({
      ...model,
      closing: (): Step[] => [{ op: 'add' }, { op: 'count' }, { op: 'list' }],
    });
    const worlds = new Map<string, { count: number }>();
    const check = (id: string, withClosing: boolean) => {
      const cleaned = { count: 0 };
      worlds.set(id, cleaned);
      const model = storeModel({}, cleaned);
      return defineCheck({
        ...sequenceCheck((withClosing ? closing(model) : model) as SequenceModel<Step, unknown>),
        id,
        cost: { requests: 0, sequences: { requestsPerStep: 1, setupRequests: 0, ...(withClosing ? { closingRequests: 3 } : {}) } },
      });
    };
    const checks = [check('harness.closing-a', true), check('harness.closing-b', true), check('harness.no-closing', false)];
    const run = session({ sequences: { count: 5, steps: 4, shrinkRequests: 0 }, sequenceChecksPerLane: 1 });
    chooseDrawers(run, 'core', checks);
    const outcomes = [];
    for (const def of checks) outcomes.push(await runCheck(run, def, { lane: 'core' }));
    for (const outcome of outcomes) expect(verdict(outcome, COUNT).status, outcome.check).toBe('pass');
    const notes = outcomes.map((o) => verdict(o, COUNT).notes.join(' '));
    // One of the two with closing steps drew five random sequences, the other ran its closing steps once.
    const alone = outcomes.filter((o, i) =>
      /^its closing steps alone held: another stateful check of the lane drew random steps this run \(CC_SEQUENCE_CHECKS\)/.test(notes[i] as string),
    );
    expect(alone).toHaveLength(1);
    expect(worlds.get(alone[0]?.check as string)?.count).toBe(1);
    // One without closing steps would judge nothing alone: it always draws.
    expect(notes[2]).toMatch(/^5 random sequences/);
    expect(worlds.get('harness.no-closing')?.count).toBe(5);
  });

  test('steps dearer than the check declares end it as an allowance error, never a pass', async () => {
    const outcome = await runCheck(session(), sequenceCheck(storeModel({}, { count: 0 }, 1_000) as SequenceModel<Step, unknown>, 1));
    expect(verdict(outcome, COUNT).status).toBe('error');
    expect(verdict(outcome, COUNT).detail).toMatch(/CC_ERR_ALLOWANCE: .*declared step cost is too low/);
  });
});
