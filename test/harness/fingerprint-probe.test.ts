import { afterAll, expect, test } from 'vitest';
import { Session } from '../../lib/checks/session.ts';
import { TransportError } from '../../lib/errors.ts';
import type { ChangeProbe } from '../../suites/dialer/change.ts';
import { runProbe } from '../../suites/dialer/fingerprint.ts';
import { literalTarget } from './support.ts';
import type { RuleId } from '../../lib/rules/index.ts';

const session = new Session(literalTarget({ urls: { core: 'https://127.0.0.1:1/api', ai: 'https://127.0.0.1:1/v1' } }), 1);
afterAll(() => session.close());

function probe(run: ChangeProbe['probe']): ChangeProbe {
  return { id: 'harness-probe', release: '1.0.21', line: 'a change', rules: { after: 'x' as RuleId, before: 'y' as RuleId }, maxRequests: 1, probe: run };
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
