import { describe, expect, test } from 'vitest';
import { floodedWindows, refusedForMs } from '../../load/shared/flood-duration.ts';
import { planSends } from '../../load/node/timetable.ts';
import { formatProgress, ProgressLine } from '../../load/node/progress-line.ts';
import { LoadTally } from '../../load/node/tally.ts';
import { OriginConnections } from '../../load/node/origin-connections.ts';
import { arrivalOffsetsMs, type LoadScenario } from '../../load/shared/scenario-model.ts';
import { budgetFlood, budgetSeparate, CORE_READ, smoke } from '../../load/scenarios/index.ts';

describe('the timetable', () => {
  test('merges every stream in order of intended start, ties in stream order', () => {
    const plan = planSends(smoke, 1000, (s) => s.name);
    expect(plan.sends).toHaveLength(120);
    expect(plan.scenarioRequests).toBe(120);
    expect(plan.endMs).toBe(2000);
    for (let i = 1; i < plan.sends.length; i++) expect(plan.sends[i]!.atMs).toBeGreaterThanOrEqual(plan.sends[i - 1]!.atMs);
    expect(plan.sends.slice(0, 2).map((s) => s.item)).toEqual(['core-primary', 'dialer-primary']);
    const core = plan.sends.filter((s) => s.item === 'core-primary').map((s) => s.atMs);
    expect(core).toEqual(arrivalOffsetsMs(smoke.streams[0]!, 1000));
  });

  test('the count bound keeps the first sends by intended start', () => {
    const plan = planSends(smoke, 1000, (s) => s.name, 7);
    expect(plan.sends).toHaveLength(7);
    expect(plan.scenarioRequests).toBe(120);
    expect(plan.endMs).toBe(plan.sends[6]!.atMs);
    expect(planSends(smoke, 1000, (s) => s.name, 0).sends).toEqual([]);
  });
});

describe('flooded windows', () => {
  test('a scenario without a flooded budget floods nothing', () => {
    expect(floodedWindows(smoke)).toBe(0);
    expect(refusedForMs(smoke, 60_000)).toBe(0);
  });

  test('budget-flood floods both budgets for the same 3 windows: counted once, plus one window', () => {
    expect(floodedWindows(budgetFlood)).toBe(3);
    expect(refusedForMs(budgetFlood, 60_000)).toBe(4 * 60_000);
  });

  test('budget-separate floods core, then the Dialer: both spans count', () => {
    expect(floodedWindows(budgetSeparate)).toBe(4);
  });

  test('streams that only together exceed the budget flood it', () => {
    const scenario: LoadScenario = {
      name: 'two-halves',
      description: '',
      streams: [
        { name: 'a', surface: 'core', key: 'primary', endpoint: CORE_READ, perWindow: 40, startWindow: 0, windows: 4 },
        { name: 'b', surface: 'core', key: 'second', endpoint: CORE_READ, perWindow: 40, startWindow: 1, windows: 1 },
      ],
      limited: [{ company: 'self', surface: 'core' }],
    };
    expect(floodedWindows(scenario)).toBe(1);
  });
});

describe('the tally', () => {
  const now = Date.UTC(2026, 8, 1, 12, 0, 0);

  test('counts answers by outcome', () => {
    const tally = new LoadTally(1000);
    tally.inFlight = 5;
    for (const status of [200, 204, 429, 500]) tally.answered(status);
    tally.answered(0);
    expect(tally.snapshot(10, 20, now)).toMatchObject({ served: 2, limited: 1, errors: 2, inFlight: 0 });
  });

  test('believes a reset in Unix seconds a little ahead, not one in milliseconds or garbage', () => {
    const tally = new LoadTally(1000);
    tally.noteReset(String(now / 1000 + 1), now);
    expect(tally.lastResetAt).toBe(now + 1000);
    expect(tally.snapshot(0, 0, now).resetInMs).toBe(1000);
    tally.noteReset(String(now + 1000), now);
    tally.noteReset('soon', now);
    tally.noteReset(String(now / 1000 + 3600), now);
    expect(tally.lastResetAt).toBe(now + 1000);
    // Once passed, the reset is no longer shown as pending.
    expect(tally.snapshot(0, 0, now + 2000).resetInMs).toBeUndefined();
  });
});

describe('the progress line', () => {
  const progress = { elapsedMs: 1250, totalMs: 3000, sent: 10, served: 7, limited: 2, errors: 1, missed: 3, notSent: 0, inFlight: 4 };

  test('names every count and the time to the reset', () => {
    expect(formatProgress({ ...progress, resetInMs: 800 })).toBe('load 1.3/3.0 s  sent 10  served 7  429 2  errors 1  missed 3  in flight 4  reset in 0.8 s');
    expect(formatProgress(progress)).not.toContain('reset');
    // Sends an interrupt spared are named apart from missed ones, and only once there are any.
    expect(formatProgress(progress)).not.toContain('not sent');
    expect(formatProgress({ ...progress, notSent: 40 })).toContain('missed 3  not sent 40  in flight 4');
  });

  test('on a terminal one line is rewritten in place, cut to the width, and ended on restore', () => {
    const out: string[] = [];
    const line = new ProgressLine({ write: (t: string) => out.push(t), isTTY: true, columns: 30 });
    line.update(progress);
    line.update({ ...progress, sent: 11 });
    expect(out).toHaveLength(2);
    for (const text of out) {
      expect(text.startsWith('\r')).toBe(true);
      expect(text.endsWith('\x1b[K')).toBe(true);
      expect(text.length).toBeLessThanOrEqual(1 + 29 + 3);
    }
    line.restore();
    line.restore();
    expect(out.filter((t) => t === '\n')).toHaveLength(1);
  });

  test('elsewhere a full line at most every few seconds, and always the final one', () => {
    const out: string[] = [];
    let clock = 0;
    const line = new ProgressLine({ write: (t: string) => out.push(t) }, { everyMs: 5000, now: () => clock });
    line.update(progress);
    clock = 1000;
    line.update({ ...progress, sent: 11 });
    clock = 5000;
    line.update({ ...progress, sent: 12 });
    line.finish({ ...progress, sent: 13 });
    expect(out.map((t) => /sent (\d+)/.exec(t)?.[1])).toEqual(['10', '12', '13']);
    expect(out.every((t) => t.endsWith('\n') && !t.includes('\r'))).toBe(true);
  });
});

describe('the connections to one origin', () => {
  // Nothing is sent: undici opens a connection only when a request is dispatched on it.
  const connections = (max: number) => new OriginConnections('https://127.0.0.1:9', { max, connect: {}, keepAliveTimeoutMs: 1000 });

  test('a freed connection serves the next request before any new one opens', async () => {
    const pool = connections(4);
    const first = await pool.acquire(new AbortController().signal);
    pool.release(first);
    expect(await pool.acquire(new AbortController().signal)).toBe(first);
    await pool.close(true);
  });

  test('with every connection busy a request waits in line, first come first served, for the next one freed', async () => {
    const pool = connections(1);
    const only = await pool.acquire(new AbortController().signal);
    const order: string[] = [];
    const second = Promise.resolve(pool.acquire(new AbortController().signal)).then((c) => (order.push('second'), c));
    const third = Promise.resolve(pool.acquire(new AbortController().signal)).then((c) => (order.push('third'), c));
    pool.release(only);
    expect(await second).toBe(only);
    pool.release(only);
    expect(await third).toBe(only);
    expect(order).toEqual(['second', 'third']);
    await pool.close(true);
  });

  test('a request waiting in line gives up when its signal aborts; one still waiting fails when the connections close', async () => {
    const pool = connections(1);
    await pool.acquire(new AbortController().signal);
    const impatient = new AbortController();
    const givenUp = pool.acquire(impatient.signal);
    const stranded = pool.acquire(new AbortController().signal);
    impatient.abort(new Error('timeout: no answer within 5 ms'));
    await expect(givenUp).rejects.toThrow('timeout: no answer within 5 ms');
    const closing = pool.close(true);
    await expect(stranded).rejects.toThrow('the connections were closed');
    await closing;
  });
});
