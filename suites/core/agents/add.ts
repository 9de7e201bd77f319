import type { Assertions } from '../../../lib/checks/assertions.ts';
import fc from 'fast-check';
import type { CheckContext } from '../../../lib/checks/context.ts';
import { defineCheck, type Figure, type IfBatchRefused } from '../../../lib/checks/define.ts';
import { integerAround, integerFrom, INVALID_EMAIL_BOUNDARIES, notAnEmail } from '../../../lib/fuzz/arbitraries.ts';
import { explore } from '../../../lib/fuzz/property.ts';
import type { Exchange } from '../../../lib/http/exchange.ts';
import { CALL_NUMBER_ID_MIN, DAILY_PRICE_LIMIT, EXTENSION } from '../../../lib/contract/limits.ts';
import { namesField, probeAgent, putAgent, skipAtMaximum } from '../fixtures/steps.ts';
import { agentsFrom, recordOf } from '../../shared/core-reads.ts';
import type { RuleId } from '../../../lib/rules/index.ts';
import { AGENT_REFUSALS, AGENT_REFUSALS_SHARES, AGENT_REFUSED_VALUES, agentRefusalsLeft, REQUIRED_AGENT_FIELDS } from '../fixtures/refusals-together.ts';
import { AGENTS, AGENTS_AT_BOUNDS, AGENTS_AT_BOUNDS_SHARES, FIRST_NUMBERS, sharedList } from '../fixtures/shared-records.ts';

/**
 * Judges one create probe. Every probe goes through `probeAgent`, which deletes an agent it created before the
 * next probe, so an accepted value costs 2 requests and a refused one 1.
 */
function judgeCreate(t: CheckContext, rule: RuleId, ex: Exchange, valid: boolean, field: string, what: string): void {
  skipAtMaximum(t, ex, what);
  if (valid) {
    t.check(rule, ex.status === 201, () => `${what} must be accepted with 201, got ${ex.status}`, ex);
    return;
  }
  t.expectCoreError(rule, ex, 406, 'Invalid input data.');
  t.check(rule, namesField(ex, field), () => `the 406 for ${what} does not name ${field} in responseData.data`, ex);
}

/**
 * The most requests `explore` sends through `probeAgent`: 2 for each value that may be accepted (its create and
 * its deletion), 1 for each that must be refused, 2 for each random value, and 1 for the deletion of the agent a
 * faulty target creates for a value it must refuse (the check ends there, so once at most; with no random value
 * drawn, CC_FUZZ_RANDOM=0, nothing else leaves room for it).
 */
function probeRequests(boundaries: readonly boolean[], randomRuns: number): Figure {
  const accepted = boundaries.filter((valid) => valid).length;
  return {
    'accepted values, each created and deleted': 2 * accepted,
    'refused values': boundaries.length - accepted,
    'random values, each created and deleted': 2 * randomRuns,
    'deleting an agent a faulty target creates': 1,
  };
}

/**
 * Judges the accepted bounds of `field` that the agents at the bounds carried (fixtures/shared-records.ts) and gives back
 * the values of `boundaries` left for the check's own probes: those neither agent carried, and those carried by
 * a create the target did not accept, which says nothing of this field's own value.
 */
async function acceptedTogether(t: CheckContext, rule: RuleId, field: string, boundaries: readonly number[]): Promise<number[]> {
  const { lowest, highest } = await t.shared(AGENTS_AT_BOUNDS);
  const left = [...boundaries];
  for (const probe of [lowest, highest]) {
    const value = probe.values[field];
    if (value === undefined || !left.includes(value)) continue;
    const what = `an agent with ${Object.entries(probe.values)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`;
    skipAtMaximum(t, probe.ex, what);
    if (probe.ex.status !== 201) {
      t.note(rule, `${what} was answered ${probe.ex.status}: ${field} ${value} was probed alone`);
      continue;
    }
    judgeCreate(t, rule, probe.ex, true, field, `${field} ${value}, in ${what}`);
    left.splice(left.indexOf(value), 1);
  }
  return left;
}

/**
 * Judges the refused values of `field` that the agent refusals together carried (fixtures/refusals-together.ts) and gives
 * back the values of `boundaries` left for the check's own probes.
 */
async function refusedTogether<T extends number | string>(t: CheckContext, rule: RuleId, field: string, boundaries: readonly T[]): Promise<T[]> {
  const refused = boundaries.filter((v) => AGENT_REFUSED_VALUES.some((values) => values[field] === v));
  const left = await agentRefusalsLeft(t, {
    rule,
    key: field,
    values: refused,
    judge: (ex, value) => judgeCreate(t, rule, ex, false, field, `${field} ${JSON.stringify(value)}, sent with other refused values`),
  });
  return boundaries.filter((v) => !refused.includes(v) || left.includes(v));
}

/** Extensions the company's agents use (the agent list the lane reads once), or a skip when it cannot be read in full. */
async function usedExtensions(t: CheckContext): Promise<Set<number>> {
  const { agents, complete } = agentsFrom(t, await sharedList(t, AGENTS));
  if (!complete) t.skip('the agent list has more than 1000 agents; the extensions in use cannot all be known');
  return new Set(agents.map((a) => Number(a.extension)).filter(Number.isInteger));
}

/** What a range check shares: the agents at the bounds and the refusals together, and the reads their makes take values from. */
const RANGE_SHARES = [...AGENTS_AT_BOUNDS_SHARES, AGENT_REFUSALS];

/**
 * What a range check sends itself when a make it shares judges nothing certain of its values: its two accepted
 * bounds, each created and deleted; its two refused bounds, and the deletion of the first agent a faulty target creates.
 */
const RANGE_REFUSED: readonly IfBatchRefused[] = [
  { record: AGENTS_AT_BOUNDS, requests: { 'the two accepted bounds': 2, 'their deletions': 2 } },
  { record: AGENT_REFUSALS, requests: { 'the two refused bounds': 2, 'deleting an agent a faulty target creates': 1 } },
];

/** Random values each range check tries after its boundaries. */
const DAILY_RANDOM_RUNS = 2;
const EXTENSION_RANDOM_RUNS = 2;

/** Add an agent's answer to a create (CORE-AGENT-ADD-201): 201 with the new agent's id. */
export function judgeAgentAdded(t: Assertions, ex: Exchange): void {
  t.expectStatus('CORE-AGENT-ADD-201', ex, 201);
  t.expectSchema('CORE-AGENT-ADD-201', ex, 'core/agent-created');
}

export const agentChecks = [
  defineCheck({
    id: 'core.agents.add',
    title: 'Add an agent: 201 with the new id as a string',
    surface: 'core',
    rules: ['CORE-AGENT-ADD-201'],
    cost: {
      requests: { 'a plain agent, when the target did not accept the lowest': 1, 'its deletion': 1 },
      ifBatchRefused: [{ record: AGENTS_AT_BOUNDS, requests: 2 }],
    },
    records: { shares: AGENTS_AT_BOUNDS_SHARES },
    async run(t) {
      const { lowest } = await t.shared(AGENTS_AT_BOUNDS);
      skipAtMaximum(t, lowest.ex, 'an agent at the lowest bounds');
      // A create not accepted for one of the values it carried says nothing of a plain one.
      const ex = lowest.ex.status === 201 ? lowest.ex : await putAgent(t);
      skipAtMaximum(t, ex, 'a valid agent');
      judgeAgentAdded(t, ex);
    },
  }),

  defineCheck({
    id: 'core.agents.add-missing-field',
    title: 'Add an agent without a required field: 406',
    surface: 'core',
    rules: ['CORE-AGENT-ADD-406'],
    cost: {
      requests: { 'each field their 406 did not name, alone': REQUIRED_AGENT_FIELDS.length, 'deleting an agent a faulty target creates': 1 },
      ifBatchRefused: [
        { record: AGENT_REFUSALS, requests: { 'each field alone': REQUIRED_AGENT_FIELDS.length, 'deleting an agent a faulty target creates': 1 } },
      ],
    },
    records: { shares: AGENT_REFUSALS_SHARES },
    async run(t) {
      const rule = 'CORE-AGENT-ADD-406';
      const judge = (ex: Exchange, field: string): void => {
        t.expectSchema(rule, ex, 'core/invalid-input');
        t.check(rule, namesField(ex, field), `the 406 without ${field} does not name it in responseData.data`, ex);
      };
      // Every field the creates without them judged first, then each of the others alone.
      const left: string[] = [];
      for (const field of REQUIRED_AGENT_FIELDS)
        if ((await agentRefusalsLeft(t, { rule, key: field, values: [undefined], judge: (ex) => judge(ex, field) })).length > 0) left.push(field);
      for (const field of left) {
        const ex = await probeAgent(t, { [field]: undefined });
        skipAtMaximum(t, ex, `an agent without ${field}`);
        judge(ex, field);
      }
    },
  }),

  defineCheck({
    id: 'core.agents.email',
    title: 'Add an agent with an invalid e-mail: 406 (fuzzed)',
    surface: 'core',
    rules: ['CORE-AGENT-EMAIL-VALID'],
    cost: {
      requests: {
        'a random value': 1,
        'deleting an agent a faulty target creates': 1,
        'the two boundaries alone, when the refusals together did not judge them': 2,
      },
      ifBatchRefused: [{ record: AGENT_REFUSALS, requests: 2 }],
      randomValues: { count: 1, requestsEach: 1 },
    },
    records: { shares: AGENT_REFUSALS_SHARES },
    async run(t) {
      const rule = 'CORE-AGENT-EMAIL-VALID';
      await explore(t, {
        arbitrary: notAnEmail(),
        boundaries: await refusedTogether(t, rule, 'email', INVALID_EMAIL_BOUNDARIES.slice(0, 2)),
        property: async (email) => judgeCreate(t, 'CORE-AGENT-EMAIL-VALID', await probeAgent(t, { email }), false, 'email', `email ${JSON.stringify(email)}`),
      });
    },
  }),

  defineCheck({
    id: 'core.agents.daily-price-limit',
    title: 'daily_price_limit: 1 to 200 accepted, outside refused (fuzzed)',
    surface: 'core',
    rules: ['CORE-AGENT-DAILY-LIMIT'],
    cost: {
      // A bound is probed only when the agents at the bounds or the refusals together did not judge it.
      requests: probeRequests(
        integerAround(DAILY_PRICE_LIMIT.min, DAILY_PRICE_LIMIT.max).boundaries.map((v) => v >= DAILY_PRICE_LIMIT.min && v <= DAILY_PRICE_LIMIT.max),
        DAILY_RANDOM_RUNS,
      ),
      ifBatchRefused: RANGE_REFUSED,
      randomValues: { count: DAILY_RANDOM_RUNS, requestsEach: 2 },
    },
    records: { shares: RANGE_SHARES },
    async run(t) {
      const { min, max } = DAILY_PRICE_LIMIT;
      const base = integerAround(min, max, 100);
      await explore(t, {
        arbitrary: base.arbitrary,
        boundaries: await refusedTogether(
          t,
          'CORE-AGENT-DAILY-LIMIT',
          'daily_price_limit',
          await acceptedTogether(t, 'CORE-AGENT-DAILY-LIMIT', 'daily_price_limit', base.boundaries),
        ),
        property: async (value) => {
          const ex = await probeAgent(t, { daily_price_limit: value });
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
    cost: {
      // A bound is probed only when the agents at the bounds or the refusals together did not judge it (a boundary in
      // use is left out, which only lowers the count).
      requests: probeRequests(
        integerAround(EXTENSION.min, EXTENSION.max).boundaries.map((v) => v >= EXTENSION.min && v <= EXTENSION.max),
        EXTENSION_RANDOM_RUNS,
      ),
      ifBatchRefused: RANGE_REFUSED,
      randomValues: { count: EXTENSION_RANDOM_RUNS, requestsEach: 2 },
    },
    records: { shares: RANGE_SHARES },
    async run(t) {
      const { min, max } = EXTENSION;
      const used = await usedExtensions(t);
      const base = integerAround(min, max, 2000);
      // An extension in use would be refused for uniqueness, not range: such values are not judged here.
      const blocked = base.boundaries.filter((v) => used.has(v));
      if (blocked.length > 0) t.note('CORE-AGENT-EXTENSION-RANGE', `boundary values in use on the target, not judged: ${blocked.join(', ')}`);
      await explore(t, {
        arbitrary: base.arbitrary.filter((v) => !used.has(v)),
        boundaries: await refusedTogether(
          t,
          'CORE-AGENT-EXTENSION-RANGE',
          'extension',
          await acceptedTogether(
            t,
            'CORE-AGENT-EXTENSION-RANGE',
            'extension',
            base.boundaries.filter((v) => !used.has(v)),
          ),
        ),
        property: async (value) => {
          const ex = await probeAgent(t, { extension: value });
          judgeCreate(t, 'CORE-AGENT-EXTENSION-RANGE', ex, value >= min && value <= max, 'extension', `extension ${value}`);
        },
      });
    },
  }),

  defineCheck({
    id: 'core.agents.extension-unique',
    title: 'an extension already used in the company is refused with 406 or 409',
    surface: 'core',
    rules: ['CORE-AGENT-EXTENSION-UNIQUE'],
    cost: { requests: 2 },
    records: { shares: [AGENTS] },
    async run(t) {
      const rule = 'CORE-AGENT-EXTENSION-UNIQUE';
      const used = [...(await usedExtensions(t))].filter((e) => e >= EXTENSION.min && e <= EXTENSION.max);
      if (used.length === 0) t.skip('needs an agent with an extension in the account');
      const what = `extension ${used[0]}, already used`;
      const ex = await probeAgent(t, { extension: used[0] });
      skipAtMaximum(t, ex, what);
      if (ex.status === 409) {
        // A conflict with the company's state: the error envelope, with a message the spec does not give.
        t.expectCoreError(rule, ex, 409);
      } else {
        t.expectCoreError(rule, ex, 406, 'Invalid input data.');
        t.check(rule, namesField(ex, 'extension'), () => `the 406 for ${what} does not name extension in responseData.data`, ex);
      }
      t.note(rule, `a used extension was refused with ${ex.status}`);
    },
  }),

  defineCheck({
    id: 'core.agents.call-number-id',
    title: 'call_number_id: an existing number accepted, below 1 refused (fuzzed)',
    surface: 'core',
    rules: ['CORE-AGENT-CALL-NUMBER-ID'],
    cost: {
      // 0 and -1 (refused: sent alone only when the refusals together did not judge them), the account's number
      // (accepted: sent alone only when the agent at the lowest bounds was not) and a random value below 1
      requests: probeRequests([false, false, true], 1),
      ifBatchRefused: [
        { record: AGENTS_AT_BOUNDS, requests: 2 },
        { record: AGENT_REFUSALS, requests: { '0 and -1': 2, 'deleting an agent a faulty target creates': 1 } },
      ],
      randomValues: { count: 1, requestsEach: 2 },
    },
    records: { shares: RANGE_SHARES },
    async run(t) {
      // The spec shows no number list: path and item shape ({ CallNumber: { id } }) follow the vendor reference.
      const { items } = await sharedList(t, FIRST_NUMBERS);
      const existing = Number(recordOf(items[0], 'CallNumber')?.id);
      const bound = integerFrom(CALL_NUMBER_ID_MIN, 100);
      // Values of 1 and more are judged only for a number the account has: the spec does not say what an unknown one gets.
      await explore(t, {
        arbitrary: fc.integer({ min: -100, max: CALL_NUMBER_ID_MIN - 1 }),
        boundaries: await refusedTogether(
          t,
          'CORE-AGENT-CALL-NUMBER-ID',
          'call_number_id',
          await acceptedTogether(t, 'CORE-AGENT-CALL-NUMBER-ID', 'call_number_id', [
            ...bound.boundaries.filter((v) => v < CALL_NUMBER_ID_MIN),
            -1,
            ...(Number.isInteger(existing) ? [existing] : []),
          ]),
        ),
        property: async (value) => {
          const ex = await probeAgent(t, { call_number_id: value });
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
    cost: { requests: 1 },
    needs: { keys: ['limits'] },
    async run(t) {
      t.expectCoreError('CORE-AGENT-MAX-403', await putAgent(t, {}, 'limits'), 403, 'Max. number of agents reached.');
    },
  }),
];
