import type { Assertions } from '../../../lib/checks/assertions.ts';
import type { CheckContext } from '../../../lib/checks/context.ts';
import type { Exchange } from '../../../lib/http/exchange.ts';
import { defineCheck } from '../../../lib/checks/define.ts';
import { noteAckStatus } from '../fixtures/steps.ts';
import { listAgents, responseData, readList, recordOf } from '../../shared/core-reads.ts';
import { fictionalNumber } from '../../shared/inert-values.ts';
import { COUNTRIES } from '../fixtures/shared-records.ts';

/** Make a call (vendor reference: POST /calls/create.json) for an agent in the given presence state. */
async function callWithAgentIn(t: CheckContext, presence: string): Promise<import('../../../lib/http/exchange.ts').Exchange> {
  const agent = (await listAgents(t)).agents.find((a) => a.availability_status === presence);
  if (!agent) t.skip(`no agent with availability_status ${presence} on the target (vendor reference field)`);
  return t
    .core('POST', '/calls/create.json')
    .json({ agent_id: Number(agent?.id), callee_number: fictionalNumber(100) })
    .send();
}

/** List countries: 200 with a plain array inside responseData (CORE-COUNTRIES-PLAIN-ARRAY). */
export function judgeCountries(t: Assertions, ex: Exchange): void {
  t.expectStatus('CORE-COUNTRIES-PLAIN-ARRAY', ex, 200);
  t.expectSchema('CORE-COUNTRIES-PLAIN-ARRAY', ex, 'core/countries');
}

export const countryChecks = [
  defineCheck({
    id: 'core.countries.plain-array',
    title: 'List countries: a plain array inside responseData',
    surface: 'core',
    rules: ['CORE-COUNTRIES-PLAIN-ARRAY'],
    cost: { requests: 0 },
    records: { shares: [COUNTRIES] },
    async run(t) {
      judgeCountries(t, await t.shared(COUNTRIES));
    },
  }),

  defineCheck({
    id: 'core.countries.no-paging',
    title: 'List countries ignores or refuses page and limit',
    surface: 'core',
    rules: ['CORE-COUNTRIES-NO-PAGING'],
    cost: { requests: 1 },
    records: { shares: [COUNTRIES] },
    async run(t) {
      const whole = await t.shared(COUNTRIES);
      t.expectOk(whole, 'listing countries');
      const all = responseData<unknown[]>(whole);
      t.prerequisite(Array.isArray(all), 'List countries did not answer an array', whole);
      const ex = await t.core('GET', '/countries/index.json').query({ limit: 1, page: 2 }).send();
      if (ex.status >= 400 && ex.status < 500) {
        t.expectSchema('CORE-COUNTRIES-NO-PAGING', ex, 'core/error');
        t.note('CORE-COUNTRIES-NO-PAGING', `page and limit refused with ${ex.status}`);
        return;
      }
      t.expectStatus('CORE-COUNTRIES-NO-PAGING', ex, 200);
      t.expectEqual('CORE-COUNTRIES-NO-PAGING', responseData(ex), all, 'countries with limit=1&page=2 against the unpaged list', ex);
    },
  }),
];

export const actionChecks = [
  defineCheck({
    id: 'core.actions.make-call',
    title: 'Make a call: success body is only { responseData: { status: 200 } }',
    surface: 'core',
    rules: ['CORE-CALL-CREATE-200'],
    cost: { requests: 2 },
    needs: { effects: ['call'] },
    async run(t) {
      const ex = await callWithAgentIn(t, 'online');
      t.expectStatus('CORE-CALL-CREATE-200', ex, 200);
      t.expectEqual('CORE-CALL-CREATE-200', ex.json, { responseData: { status: 200 } }, 'Make a call body', ex);
    },
  }),

  defineCheck({
    id: 'core.actions.make-call-offline',
    title: 'Make a call for an agent not online: 403',
    surface: 'core',
    rules: ['CORE-CALL-CREATE-403-OFFLINE'],
    cost: { requests: 2 },
    needs: { effects: ['call'] },
    async run(t) {
      t.expectCoreError('CORE-CALL-CREATE-403-OFFLINE', await callWithAgentIn(t, 'offline'), 403);
    },
  }),

  defineCheck({
    id: 'core.actions.make-call-busy',
    title: 'Make a call for an agent already in a call: 409',
    surface: 'core',
    rules: ['CORE-CALL-CREATE-409-BUSY'],
    cost: { requests: 2 },
    needs: { effects: ['call'] },
    async run(t) {
      t.expectCoreError('CORE-CALL-CREATE-409-BUSY', await callWithAgentIn(t, 'calling'), 409);
    },
  }),

  defineCheck({
    id: 'core.actions.sms-no-funds',
    title: 'Send sms without funds: 403',
    surface: 'core',
    rules: ['CORE-SMS-403-FUNDS'],
    cost: { requests: 2 },
    needs: { keys: ['limits'], effects: ['sms'] },
    async run(t) {
      // The spec shows no number list: path and item shape ({ CallNumber: { caller_id_e164 } }) follow the vendor reference.
      const { items } = await readList(t, '/numbers/index.json', { limit: 1 }, 'limits');
      const sender = recordOf(items[0], 'CallNumber')?.caller_id_e164;
      if (sender === undefined) t.skip('the limits account has no number to send from');
      const ex = await t
        .core('POST', '/sms/send.json')
        .as('limits')
        .json({ sender: String(sender), recipient: fictionalNumber(101), message: 'cc-conformance funds probe' })
        .send();
      t.expectCoreError('CORE-SMS-403-FUNDS', ex, 403);
    },
  }),

  defineCheck({
    id: 'core.actions.bulk',
    title: 'Contact actions: a POST answered with the acknowledgement envelope',
    surface: 'core',
    rules: ['CORE-BULK-ACK', 'CORE-ENV-ACK'],
    cost: { requests: 2 },
    async run(t) {
      const name = t.uniqueName();
      const ex = await t
        .core('POST', '/bulk/contacts.json')
        .json([{ action: 'add_contact', command_id: 'cc-1', data: { name } }])
        .send();
      const results = responseData<{ data?: { data?: { id?: unknown } }[] }>(ex).data;
      const id = Array.isArray(results) ? results[0]?.data?.id : undefined;
      if (id !== undefined) t.undo(`delete contact ${String(id)}`, t.core('DELETE', `/contacts/delete/${String(id)}.json`));
      t.expectStatus('CORE-BULK-ACK', ex, 200);
      t.expectSchema('CORE-BULK-ACK', ex, 'core/ack');
      t.expectSchema('CORE-ENV-ACK', ex, 'core/ack');
      noteAckStatus(t, 'CORE-ENV-ACK', ex);
    },
  }),
];
