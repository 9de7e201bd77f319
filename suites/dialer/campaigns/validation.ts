import type { Assertions } from '../../../lib/checks/assertions.ts';
import type fc from 'fast-check';
import type { CheckContext } from '../../../lib/checks/context.ts';
import { defineCheck } from '../../../lib/checks/define.ts';
import { explore } from '../../../lib/fuzz/property.ts';
import type { Exchange } from '../../../lib/http/exchange.ts';
import { campaignPayload, errorTexts, idsOf, is2xx, type Json, listPage, NEXT_YEAR, subErrorsMention, tryCreate } from '../fixtures/campaigns.ts';
import * as values from '../fixtures/campaign-values.ts';
import { type CursorPage, pageOf } from '../fixtures/cursor-page.ts';
import { dialer } from '../../shared/dialer-requests.ts';
import { SUB_ERRORS, subErrorsJudge } from '../errors/sub-errors.ts';
import type { RuleId } from '../../../lib/rules/index.ts';
import { LANE_CAMPAIGN, renamesBack } from '../fixtures/shared-records.ts';

/**
 * Campaign validation the releases changed, fuzzed: whitespace names, schedule dates and times, and the
 * include_deleted values. Each check judges the side of the expected release; the older sides are
 * observed (the changelog does not state them), so there each value's answer is reported. The write
 * checks update the lane's campaign (validation covers create and update alike, and an update that is
 * wrongly accepted creates nothing); each judges only the answers to its own updates. The whitespace-only
 * name is also sent once in a create, whose clause the rule's statement names apart.
 */

const said = (ex: Exchange): string => `${ex.status}${errorTexts(ex).length > 0 ? ` (${errorTexts(ex).join('; ')})` : ''}`;

/**
 * One pinned schedule field: a value the oracle calls valid is accepted, one it calls disputed may be
 * accepted or refused naming the field, any other is refused naming the field.
 */
function scheduleCheck(
  field: 'start_date' | 'start_time',
  rules: { after: RuleId; before: RuleId },
  boundaries: readonly string[],
  samples: readonly string[],
  arbitrary: fc.Arbitrary<string>,
  valid: (v: string) => boolean,
  disputed: (v: string) => boolean = () => false,
) {
  return defineCheck({
    id: `dialer.campaigns.schedule-${field === 'start_date' ? 'date' : 'time'}`,
    title: `schedule_policy.${field} in and out of the pinned format (fuzzed)`,
    surface: 'ai',
    rules: [rules.after, rules.before, SUB_ERRORS],
    cost: {
      requests: { boundaries: boundaries.length, samples: samples.length, 'random values': 2 },
      randomValues: { count: { samples: samples.length, 'random values': 2 }, requestsEach: 1 },
    },
    records: { shares: [LANE_CAMPAIGN] },
    async run(t) {
      const campaign = await t.shared(LANE_CAMPAIGN);
      const pinned = t.applies(rules.after);
      const rule = pinned ? rules.after : rules.before;
      const other = field === 'start_date' ? { start_time: '09:30' } : { start_date: `${NEXT_YEAR}-03-14` };
      let refused = 0;
      let sent = 0;
      const answers: string[] = [];
      const subErrors = subErrorsJudge(t);
      await explore(t, {
        arbitrary,
        boundaries,
        samples,
        property: async (value) => {
          sent += 1;
          const ex = await dialer(t, 'campaigns.update', { campaignId: campaign.id })
            .json({ schedule_policy: { ...other, [field]: value } })
            .send();
          const ok = valid(value);
          if (!ok) subErrors.judge(ex, `schedule_policy.${field} ${JSON.stringify(value)}`);
          const namesField = ex.status === 400 && errorTexts(ex).some((s) => s.includes(field));
          if (!pinned) return void answers.push(`${JSON.stringify(value)}${ok ? ' (valid)' : ''} ${said(ex)}`);
          if (disputed(value)) {
            t.check(
              rule,
              is2xx(ex.status) || namesField,
              `${field} ${JSON.stringify(value)} answered ${said(ex)}: neither accepted nor refused naming the field`,
              ex,
            );
            return void answers.push(`${JSON.stringify(value)} ${is2xx(ex.status) ? 'accepted' : 'refused'}`);
          }
          if (ok) return t.check(rule, is2xx(ex.status), `${field} ${JSON.stringify(value)} (valid) answered ${said(ex)}`, ex);
          refused += 1;
          t.expectStatus(rule, ex, 400);
          t.check(rule, namesField, `${field} ${JSON.stringify(value)} refused without naming the field: ${said(ex)}`, ex);
        },
      });
      subErrors.settle(`schedule_policy.${field} values outside the pinned format`);
      if (!pinned) return t.observe(rule, `${field}: ${answers.join('; ')}`);
      if (answers.length > 0) t.note(rule, `values one reading of the form allows: ${answers.join('; ')}`);
      t.note(rule, `${sent} values sent, ${refused} of them invalid and refused`);
    },
  });
}

/** The name the create clause is judged with: every whitespace all trims remove, at once, as one of values.NAME_BOUNDARIES. */
const BLANK_ON_CREATE = ' \r\n\t ';

/**
 * A campaign list read with include_deleted and no status (DIALER-INCLUDE-DELETED-STRICT): true and false answer
 * a page, any other value but the empty one a 400 in the service shape. The empty one a check judges itself.
 */
export function judgeIncludeDeleted(t: Assertions, ex: Exchange, value: string): void {
  const rule = 'DIALER-INCLUDE-DELETED-STRICT';
  if (value !== 'true' && value !== 'false') {
    t.expectStatus(rule, ex, 400);
    t.expectSchema(rule, ex, 'ai/service-error');
    return;
  }
  t.check(rule, ex.status === 200, `include_deleted=${JSON.stringify(value)} answered ${said(ex)}`, ex);
  t.expectSchema(rule, ex, 'dialer/cursor-page');
}

export const CAMPAIGN_VALIDATION_CHECKS = [
  defineCheck({
    id: 'dialer.campaigns.name-whitespace',
    title: 'whitespace-only names on create and update: 400 name should not be empty from v1.0.21, what came before reported (fuzzed)',
    surface: 'ai',
    rules: ['DIALER-NAME-WHITESPACE-400', 'DIALER-NAME-WHITESPACE-ACCEPTED', SUB_ERRORS],
    cost: {
      requests: {
        // from v1.0.21 only, with the deletion of the campaign a target that takes the name makes
        'the create': 2,
        boundaries: values.NAME_BOUNDARIES.length,
        samples: values.NAME_SAMPLES.length,
        'random values': 3,
        // should one be taken
        'the name given back': 1,
      },
      randomValues: { count: { samples: values.NAME_SAMPLES.length, 'random values': 3 }, requestsEach: 1 },
    },
    records: {
      shares: [LANE_CAMPAIGN],
      leaves: { campaigns: 0, ifTaken: 1 },
    },
    async run(t: CheckContext) {
      const pinned = t.applies('DIALER-NAME-WHITESPACE-400');
      const rule = pinned ? 'DIALER-NAME-WHITESPACE-400' : 'DIALER-NAME-WHITESPACE-ACCEPTED';
      const lenient: string[] = [];
      const subErrors = subErrorsJudge(t);
      // The create clause, once, where the release refuses the name: a conforming target makes nothing. One that
      // takes it makes a campaign, which the ledger holds from its create on and the check deletes (tryCreate); the
      // API keeps it with status deleted. Before v1.0.21 the name may be taken, so no create is sent there.
      if (pinned) {
        const label = `create with name ${values.show(BLANK_ON_CREATE)}`;
        const { ex } = await tryCreate(t, campaignPayload(t, { name: BLANK_ON_CREATE }));
        subErrors.judge(ex, label);
        t.check(rule, ex.status === 400 && subErrorsMention(ex, 'name should not be empty'), () => `${label} answered ${said(ex)}`, ex);
      }
      const campaign = await t.shared(LANE_CAMPAIGN);
      const renameBack = renamesBack(t, campaign.id);
      await explore(t, {
        arbitrary: values.blankNameArbitrary,
        boundaries: values.NAME_BOUNDARIES,
        samples: values.NAME_SAMPLES,
        property: async (name) => {
          const ex = await dialer(t, 'campaigns.update', { campaignId: campaign.id }).json({ name }).send();
          renameBack(ex);
          const label = `name ${values.show(name)}`;
          subErrors.judge(ex, label);
          const rejected = ex.status === 400 && subErrorsMention(ex, 'name should not be empty');
          if (!pinned) return void lenient.push(`${label} ${rejected ? 'refused' : said(ex)}`);
          if (!values.isCertainlyBlank(name)) {
            // Whitespace to some trims, not to others (the rule's reading).
            t.check(rule, rejected || is2xx(ex.status), `${label} answered ${said(ex)}: neither refused as empty nor accepted`, ex);
            return void lenient.push(`${label} ${rejected ? 'refused' : 'accepted'}`);
          }
          t.check(rule, rejected, `${label} answered ${said(ex)}`, ex);
        },
      });
      subErrors.settle('whitespace-only names');
      if (!pinned) return t.observe(rule, lenient.join('; '));
      if (lenient.length > 0) t.note(rule, lenient.join('; '));
    },
  }),

  scheduleCheck(
    'start_date',
    { after: 'DIALER-SCHEDULE-DATE-PINNED', before: 'DIALER-SCHEDULE-DATE-ANY' },
    values.DATE_BOUNDARIES,
    values.DATE_SAMPLES,
    values.dateArbitrary,
    values.isCalendarDate,
  ),
  scheduleCheck(
    'start_time',
    { after: 'DIALER-SCHEDULE-TIME-PINNED', before: 'DIALER-SCHEDULE-TIME-ANY' },
    values.TIME_BOUNDARIES,
    values.TIME_SAMPLES,
    values.timeArbitrary,
    values.isClockTime,
    values.isDisputedTime,
  ),

  defineCheck({
    id: 'dialer.campaigns.include-deleted-values',
    title: 'include_deleted takes true and false only from v1.0.22, what came before reported (fuzzed)',
    surface: 'ai',
    rules: ['DIALER-INCLUDE-DELETED-STRICT', 'DIALER-INCLUDE-DELETED-UNKNOWN', SUB_ERRORS],
    cost: {
      requests: {
        'the list without it': 1,
        boundaries: values.INCLUDE_DELETED_BOUNDARIES.length,
        samples: values.INCLUDE_DELETED_SAMPLES.length,
        'random values': 2,
      },
      randomValues: { count: { samples: values.INCLUDE_DELETED_SAMPLES.length, 'random values': 2 }, requestsEach: 1 },
    },
    async run(t) {
      const known = t.applies('DIALER-INCLUDE-DELETED-STRICT');
      const rule = known ? 'DIALER-INCLUDE-DELETED-STRICT' : 'DIALER-INCLUDE-DELETED-UNKNOWN';
      const plain = await listPage(t, { limit: 5 });
      const answers: string[] = [];
      const subErrors = subErrorsJudge(t);
      /** Whether an answer is the page the list gives without include_deleted. */
      const samePage = (ex: Exchange) =>
        ex.status === 200 && idsOf((pageOf<Json>(ex) as CursorPage<Json> | undefined)?.data ?? []).join() === idsOf(plain.data).join();
      await explore(t, {
        arbitrary: values.includeDeletedArbitrary,
        boundaries: values.INCLUDE_DELETED_BOUNDARIES,
        samples: values.INCLUDE_DELETED_SAMPLES,
        property: async (value) => {
          const ex = await dialer(t, 'campaigns.list').query({ limit: 5, include_deleted: value }).send();
          const label = `include_deleted=${JSON.stringify(value)}`;
          if (value !== 'true' && value !== 'false') subErrors.judge(ex, label);
          if (!known) return void answers.push(`${label} ${said(ex)}${ex.status === 200 ? (samePage(ex) ? ', the list without it' : ', another list') : ''}`);
          if (value === '') {
            // An empty value may be read as absent (the rule's reading): the 400, or the list without it.
            const refused = ex.status === 400 && t.validate('ai/service-error', ex.json).ok;
            t.check(rule, refused || samePage(ex), `${label} answered ${said(ex)}: neither the 400 nor the list without include_deleted`, ex);
            return void answers.push(`${label} ${refused ? 'refused' : 'read as absent'}`);
          }
          judgeIncludeDeleted(t, ex, value);
        },
      });
      subErrors.settle('include_deleted values other than true and false');
      if (!known) return t.observe(rule, answers.join('; '));
      if (answers.length > 0) t.note(rule, answers.join('; '));
    },
  }),
];
