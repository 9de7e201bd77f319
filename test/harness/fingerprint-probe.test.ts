import { afterAll, expect, test } from 'vitest';
import type { SharedRecord } from '../../lib/checks/shared-records.ts';
import { Session } from '../../lib/checks/session.ts';
import { TransportError } from '../../lib/errors.ts';
import type { ChangeProbe } from '../../suites/dialer/versioning/change.ts';
import { runProbe, runProbes } from '../../suites/dialer/versioning/fingerprint.ts';
import { literalTarget } from './support.ts';
import type { RuleId } from '../../lib/rules/index.ts';

const session = new Session(literalTarget({ urls: { core: 'https://127.0.0.1:1/api', ai: 'https://127.0.0.1:1/v1' } }), 1);
afterAll(() => session.close());

function probe(run: ChangeProbe['probe']): ChangeProbe {
  return {
    id: 'harness-probe',
    release: '1.0.21',
    line: 'a change',
    rules: { after: 'x' as RuleId, before: 'y' as RuleId },
    cost: { requests: 1 },
    probe: run,
  };
}

test('a probe that hits a harness error still cleans up, and its side is unknown with the error as evidence', async () => {
  const undone: string[] = [];
  const result = await runProbe(
    session,
    probe(async (t) => {
      t.cleanup('the campaign it made', async () => undone.push('campaign'));
      throw new TransportError('connection reset');
    }),
  );
  expect(undone).toEqual(['campaign']);
  expect(result).toMatchObject({ side: 'unknown', evidence: 'error: CC_ERR_TRANSPORT: connection reset', leftovers: [] });
});

test('an interrupted probe sends nothing more but still cleans up', async () => {
  const stop = new AbortController();
  const undone: string[] = [];
  const result = await runProbe(
    session,
    probe(async (t) => {
      t.cleanup('the campaign it made', async () => undone.push('campaign'));
      stop.abort();
      await t.req('ai', 'GET', '/dialer/campaigns').send();
      return { side: 'after', evidence: 'never reached' };
    }),
    stop.signal,
  );
  expect(undone).toEqual(['campaign']);
  expect(result.side).toBe('unknown');
  expect(result.evidence).toMatch(/^error: CC_ERR_INTERRUPTED: /);
  expect(result.requests).toBe(0);
});

test('the probes share a record as a run does: made once for all of them, removed once after the last, its removal counted apart', async () => {
  let made = 0;
  const record: SharedRecord<string> = {
    key: 'harness.fingerprint-campaign',
    lane: 'dialer',
    meter: 'dialer',
    makeRequests: 0,
    removeRequests: 1,
    async make(t) {
      made += 1;
      // Removed on a port nobody listens on: the removal is sent, fails, and says so.
      return { value: 'campaign-1', removal: t.req('ai', 'DELETE', '/dialer/campaigns/campaign-1') };
    },
  };
  const seen: string[] = [];
  const sharing = (id: string): ChangeProbe => ({
    ...probe(async (t) => {
      seen.push(await t.shared(record));
      return { side: 'after', evidence: 'shared' };
    }),
    id,
    records: { shares: [record] },
  });
  const own = new Session(literalTarget({ urls: { core: 'https://127.0.0.1:1/api', ai: 'https://127.0.0.1:1/v1' } }), 1);
  try {
    const { results, removal } = await runProbes(own, [sharing('first'), sharing('second')]);
    expect(results.map((r) => r.evidence)).toEqual(['shared', 'shared']);
    expect(made).toBe(1);
    expect(seen).toEqual(['campaign-1', 'campaign-1']);
    expect(results.map((r) => [r.change.id, r.side, r.requests])).toEqual([
      ['first', 'after', 0],
      ['second', 'after', 0],
    ]);
    expect(removal.requests).toBe(1);
    expect(removal.leftovers).toHaveLength(1);
  } finally {
    await own.close();
  }
});
