import fc from 'fast-check';
import type { CheckContext } from '../../lib/checks/context.js';
import { defineCheck } from '../../lib/checks/define.js';
import { integerAround, integerFrom, INVALID_EMAIL_BOUNDARIES, notAnEmail } from '../../lib/fuzz/arbitraries.js';
import { explore } from '../../lib/fuzz/property.js';
import type { Exchange } from '../../lib/http/exchange.js';
import { CALL_NUMBER_ID_MIN, DAILY_PRICE_LIMIT, EXTENSION } from '../../lib/spec/limits.js';
import { listAgents, namesField, putAgent, readPage } from './fixtures.js';

/** Each accepted value creates an agent (deleted again), so random runs are few: 2 requests each. */
function judgeCreate(t: CheckContext, rule: string, ex: Exchange, valid: boolean, field: string, what: string): void {
  if (valid) {
    t.check(rule, ex.status === 201, () => `${what} must be accepted with 201, got ${ex.status}`, ex);
    return;
  }
  t.expectCoreError(rule, ex, 406, 'Invalid input data.');
  t.check(rule, namesField(ex, field), () => `the 406 for ${what} does not name ${field} in responseData.data`, ex);
}

async function usedExtensions(t: CheckContext): Promise<Set<number>> {
  const agents = await listAgents(t);
  return new Set(agents.map((a) => Number(a.Agent.extension)).filter(Number.isInteger));
}

export const agentChecks = [
  defineCheck({
    id: 'core.agents.add',
    title: 'Add an agent: 201 with the new id as a string',
    surface: 'core',
    rules: ['CORE-AGENT-ADD-201'],
    maxRequests: 1,
    async run(t) {
      const ex = await putAgent(t);
      t.expectStatus('CORE-AGENT-ADD-201', ex, 201);
      t.expectSchema('CORE-AGENT-ADD-201', ex, 'core/agent-created');
    },
  }),

  defineCheck({
    id: 'core.agents.add-missing-field',
    title: 'Add an agent without a required field: 406',
    surface: 'core',
    rules: ['CORE-AGENT-ADD-406'],
    maxRequests: 4,
    async run(t) {
      for (const field of ['firstname', 'lastname', 'email', 'pass']) {
        const ex = await putAgent(t, { [field]: undefined });
        t.expectSchema('CORE-AGENT-ADD-406', ex, 'core/invalid-input');
        t.check('CORE-AGENT-ADD-406', namesField(ex, field), `the 406 without ${field} does not name it in responseData.data`, ex);
      }
    },
  }),

  defineCheck({
    id: 'core.agents.email',
    title: 'Add an agent with an invalid e-mail: 406 (fuzzed)',
    surface: 'core',
    rules: ['CORE-AGENT-EMAIL-VALID'],
    maxRequests: 3,
    async run(t) {
      await explore(t, {
        arbitrary: notAnEmail(),
        boundaries: INVALID_EMAIL_BOUNDARIES.slice(0, 2),
        randomRuns: 1,
        property: async (email) => judgeCreate(t, 'CORE-AGENT-EMAIL-VALID', await putAgent(t, { email }), false, 'email', `email ${JSON.stringify(email)}`),
      });
    },
  }),

  defineCheck({
    id: 'core.agents.daily-price-limit',
    title: 'daily_price_limit: 1 to 200 accepted, outside refused (fuzzed)',
    surface: 'core',
    rules: ['CORE-AGENT-DAILY-LIMIT'],
    maxRequests: 6,
    async run(t) {
      const { min, max } = DAILY_PRICE_LIMIT;
      await explore(t, {
        ...integerAround(min, max, 100),
        randomRuns: 2,
        property: async (value) => {
          const ex = await putAgent(t, { daily_price_limit: value });
          judgeCreate(t, 'CORE-AGENT-DAILY-LIMIT', ex, value >= min && value <= max, 'daily_price_limit', `daily_price_limit ${value}`);
        },
      });
    },
  }),

  defineCheck({
    id: 'core.agents.extension-range',
    title: 'extension: 1000 to 9999 accepted, outside refused (fuzzed)',
    surface: 'core',
    rules: ['CORE-AGENT-EXTENSION-RANGE'],
    maxRequests: 7,
    async run(t) {
      const { min, max } = EXTENSION;
      const used = await usedExtensions(t);
      const base = integerAround(min, max, 2000);
      // An extension in use would be refused for uniqueness, not range: such values are not judged here.
      const blocked = base.boundaries.filter((v) => used.has(v));
      if (blocked.length > 0) t.note('CORE-AGENT-EXTENSION-RANGE', `boundary values in use on the target, not judged: ${blocked.join(', ')}`);
      await explore(t, {
        arbitrary: base.arbitrary.filter((v) => !used.has(v)),
        boundaries: base.boundaries.filter((v) => !used.has(v)),
        randomRuns: 2,
        property: async (value) => {
          const ex = await putAgent(t, { extension: value });
          judgeCreate(t, 'CORE-AGENT-EXTENSION-RANGE', ex, value >= min && value <= max, 'extension', `extension ${value}`);
        },
      });
    },
  }),

  defineCheck({
    id: 'core.agents.extension-unique',
    title: 'an extension already used in the company is refused',
    surface: 'core',
    rules: ['CORE-AGENT-EXTENSION-UNIQUE'],
    maxRequests: 2,
    async run(t) {
      const used = [...(await usedExtensions(t))].filter((e) => e >= EXTENSION.min && e <= EXTENSION.max);
      if (used.length === 0) t.skip('needs an agent with an extension in the account');
      const ex = await putAgent(t, { extension: used[0] });
      judgeCreate(t, 'CORE-AGENT-EXTENSION-UNIQUE', ex, false, 'extension', `extension ${used[0]}, already used`);
    },
  }),

  defineCheck({
    id: 'core.agents.call-number-id',
    title: 'call_number_id: an existing number accepted, below 1 refused (fuzzed)',
    surface: 'core',
    rules: ['CORE-AGENT-CALL-NUMBER-ID'],
    maxRequests: 5,
    async run(t) {
      const { page } = await readPage<{ CallNumber?: { id?: unknown } }>(t, '/numbers/index.json', { limit: 1 });
      const existing = Number(page.data[0]?.CallNumber?.id);
      const bound = integerFrom(CALL_NUMBER_ID_MIN, 100);
      // Values of 1 and more are judged only for a number the account has: the spec does not say what an unknown one gets.
      await explore(t, {
        arbitrary: fc.integer({ min: -100, max: CALL_NUMBER_ID_MIN - 1 }),
        boundaries: [...bound.boundaries.filter((v) => v < CALL_NUMBER_ID_MIN), -1, ...(Number.isInteger(existing) ? [existing] : [])],
        randomRuns: 1,
        property: async (value) => {
          const ex = await putAgent(t, { call_number_id: value });
          judgeCreate(t, 'CORE-AGENT-CALL-NUMBER-ID', ex, value >= CALL_NUMBER_ID_MIN, 'call_number_id', `call_number_id ${value}`);
        },
      });
    },
  }),

  defineCheck({
    id: 'core.agents.maximum',
    title: "at the agent maximum: 403 'Max. number of agents reached.'",
    surface: 'core',
    rules: ['CORE-AGENT-MAX-403'],
    maxRequests: 1,
    needs: { keys: ['limits'] },
    async run(t) {
      t.expectCoreError('CORE-AGENT-MAX-403', await putAgent(t, {}, 'limits'), 403, 'Max. number of agents reached.');
    },
  }),
];
