import { describe, expect, test } from 'vitest';
import { RELEASES } from '../../lib/dialer/releases.ts';
import { BUDGET_MIX, queryString } from '../../lib/budget/request-mix.ts';
import { mockClient } from '../mock/inject.ts';

/**
 * Every request of the budget mix must be served by a conforming target of every Dialer release: an answer
 * outside `servedAs` interrupts the trial and leaves every budget rule of the surface unjudged.
 */
describe('the budget mix is served by the mock playing each Dialer release', () => {
  test.each(RELEASES)('Dialer release %s', async (release) => {
    const client = await mockClient({ dialerRelease: release });
    const answers: string[] = [];
    for (const [surface, mix] of Object.entries(BUDGET_MIX)) {
      for (const request of mix) {
        const host = surface === 'core' ? 'core' : 'ai';
        const prefix = host === 'core' ? '/api' : '/v1';
        const answer = await client.send(host, {
          method: request.method,
          url: `${prefix}${request.path}${queryString(request)}`,
          ...(request.body !== undefined ? { payload: JSON.stringify(request.body), headers: { 'content-type': 'application/json' } } : {}),
        });
        if (!request.servedAs.includes(answer.statusCode))
          answers.push(`${surface} ${request.method} ${request.path}${queryString(request)}: ${answer.statusCode}`);
      }
    }
    expect(answers).toEqual([]);
  });
});
