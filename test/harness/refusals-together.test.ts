import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CheckContext } from '../../lib/checks/context.ts';
import type { CheckDefinition } from '../../lib/checks/define.ts';
import { runChecks } from '../../lib/checks/runner.ts';
import { Session } from '../../lib/checks/session.ts';
import { targetFromSettings } from '../../lib/config/load.ts';
import type { Exchange } from '../../lib/http/exchange.ts';
import { type RunningMock, startMock } from '../../mock/start.ts';
import { ALL_CHECKS } from '../../suites/index.ts';
import { judgedTogether, type SentTogether } from '../../suites/core/fixtures/refusals-together.ts';

/**
 * Values a request must refuse, of several checks, are sent together (suites/core/fixtures/refusals-together.ts): a value
 * counts as judged only when the answer is a 406 whose field messages name its field and no other sent; any other
 * answer sends it alone, so each verdict is the one the value alone gets.
 */

const refusal = (status: number, data?: Record<string, string[]>): Exchange =>
  ({ status, json: { responseData: { status, message: 'Invalid input data.', ...(data ? { data } : {}) } } }) as unknown as Exchange;

function judging(together: readonly SentTogether[], key: string, values: readonly unknown[], named?: string) {
  const notes: string[] = [];
  const judged: unknown[] = [];
  const t = { note: (_rule: string, text: string) => notes.push(text) } as unknown as CheckContext;
  const left = judgedTogether(t, together, { rule: 'CORE-CONTACT-FIELD-TYPES', key, values, ...(named ? { named } : {}), judge: (_ex, v) => judged.push(v) });
  return { left, judged, notes };
}

describe('judging a value from a request that carried others', () => {
  const sent = { name: 'x'.repeat(151), country_id: 'abc', ExternalUrl: [{}, {}, {}, {}] };

  test('a 406 naming each field judges each value from it, and sends none alone', () => {
    const ex = refusal(406, { name: ['too long'], country_id: ['not an integer'], ExternalUrl: ['at most 3'] });
    for (const key of Object.keys(sent)) {
      const { left, judged } = judging([{ sent, ex }], key, [sent[key as keyof typeof sent]]);
      expect([left, judged.length], key).toEqual([[], 1]);
    }
  });

  test('a 406 naming only the first field judges that one; the others are sent alone, with a note saying why', () => {
    const ex = refusal(406, { name: ['too long'] });
    expect(judging([{ sent, ex }], 'name', [sent.name]).left).toEqual([]);
    const other = judging([{ sent, ex }], 'country_id', ['abc']);
    expect(other.left).toEqual(['abc']);
    expect(other.judged).toEqual([]);
    expect(other.notes[0]).toMatch(
      /country_id "abc", sent with name, ExternalUrl, was answered 406 without a field message naming country_id alone: sent alone/,
    );
  });

  test('a field message whose key names two of the fields sent judges neither', () => {
    // ExternalUrl.3.name contains "name": it cannot say the contact's name was refused.
    const ex = refusal(406, { 'ExternalUrl.3.name': ['too long'], country_id: ['not an integer'] });
    expect(judging([{ sent, ex }], 'name', [sent.name]).left).toEqual([sent.name]);
    expect(judging([{ sent, ex }], 'ExternalUrl', [sent.ExternalUrl]).left).toEqual([sent.ExternalUrl]);
    expect(judging([{ sent, ex }], 'country_id', ['abc']).left).toEqual([]);
  });

  test('an acceptance, another status or a 406 without field messages judges nothing; a value no request carried is sent alone', () => {
    for (const ex of [refusal(200), refusal(500), refusal(406)]) expect(judging([{ sent, ex }], 'country_id', ['abc']).left).toEqual(['abc']);
    const ex = refusal(406, { country_id: ['not an integer'] });
    expect(judging([{ sent, ex }], 'country_id', ['abc', true]).left).toEqual([true]);
    // A check that reads a field under another name (ContactEmail as "mail") says so.
    const mail = { ContactEmail: [{ email: 'plainaddress' }] };
    expect(judging([{ sent: mail, ex: refusal(406, { ContactEmail: ['invalid'] }) }], 'ContactEmail', [mail.ContactEmail], 'mail').left).toEqual([]);
  });
});

const CONTACT_SHARERS = [
  'core.contacts.edit-invalid',
  'core.contacts.field-lengths',
  'core.contacts.externalurl-max',
  'core.contacts.email',
  'core.contacts.types',
  'core.contacts.favorite-agent-type',
];
const AGENT_SHARERS = [
  'core.agents.add-missing-field',
  'core.agents.email',
  'core.agents.daily-price-limit',
  'core.agents.extension-range',
  'core.agents.call-number-id',
];
const checks = [...CONTACT_SHARERS, ...AGENT_SHARERS].map((id) => ALL_CHECKS.find((c) => c.id === id) as CheckDefinition);

let reference: RunningMock;
let variant: RunningMock;
let faulty: RunningMock;
beforeAll(async () => {
  [reference, variant, faulty] = await Promise.all([
    startMock({ rateWindowMs: 1000 }),
    startMock({ rateWindowMs: 1000, dialect: 'variant' }),
    startMock({ rateWindowMs: 1000, faults: ['contact-types-unchecked', 'daily-limit-201'] }),
  ]);
});
afterAll(async () => {
  await Promise.all([reference.close(), variant.close(), faulty.close()]);
});

/** The sharers in one session, boundaries only (a random value is a request of its own); each check's refused requests. */
async function runSharers(mock: RunningMock) {
  const session = new Session(targetFromSettings({ ...mock.env, CC_FUZZ_RANDOM: '0' }, process.cwd(), true), 1);
  const outcomes = await runChecks(session, checks);
  for (const outcome of outcomes) expect(outcome.requests, outcome.check).toBeLessThanOrEqual(outcome.allowance);
  expect(session.ledger.leftovers()).toEqual([]);
  await session.close();
  const status = Object.fromEntries(outcomes.flatMap((o) => o.verdicts.map((v) => [`${o.check} ${v.rule}`, v.status])));
  const requests = Object.fromEntries(outcomes.map((o) => [o.check, o.requests]));
  return { status, requests };
}

describe('the refusals together against the mock', () => {
  test('three contact edits and three agent creates judge every refused value of the eleven checks', async () => {
    const { status, requests } = await runSharers(reference);
    expect(new Set(Object.values(status))).toEqual(new Set(['pass']));
    // Sent alone, the refused values were 20 edits and 12 creates; now the first sharer of each sends the requests
    // together (with the reads and contacts they take) and the others none of their refusals.
    expect(requests['core.contacts.types']).toBe(0);
    expect(requests['core.contacts.favorite-agent-type']).toBe(0);
    expect(requests['core.agents.call-number-id']).toBeLessThanOrEqual(1);
  });

  test('a target that names only the first refused field gets the others alone, and every verdict is the same', async () => {
    const { status, requests } = await runSharers(variant);
    expect(new Set(Object.values(status))).toEqual(new Set(['pass']));
    // The mock names the first field it checks: name in the first edit, country_id in the two others. So
    // country_id's first value went alone and favorite_agent's three, on the pool's contacts (no create).
    expect(requests['core.contacts.types']).toBe(1);
    expect(requests['core.contacts.favorite-agent-type']).toBe(3);
  });

  test('a fault in one field fails its rule only, found by its value sent alone', async () => {
    const { status } = await runSharers(faulty);
    const failed = Object.entries(status).filter(([, s]) => s !== 'pass');
    expect(failed).toEqual([
      ['core.contacts.types CORE-CONTACT-FIELD-TYPES', 'fail'],
      ['core.agents.daily-price-limit CORE-AGENT-DAILY-LIMIT', 'fail'],
    ]);
  });
});
