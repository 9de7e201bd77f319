import type fc from 'fast-check';
import type { CheckContext } from '../../lib/checks/context.js';
import { defineCheck } from '../../lib/checks/define.js';
import { explore } from '../../lib/fuzz/property.js';
import type { Exchange } from '../../lib/http/exchange.js';
import { createCampaign, errorTexts, idsOf, is2xx, type Json, listPage, NEXT_YEAR, subErrorsMention } from './campaign-fixtures.js';
import * as values from './campaign-values.js';
import { type CursorPage, pageOf } from './cursor.js';
import { dialer } from './fixtures.js';

/**
 * Campaign validation the releases changed, fuzzed: whitespace names, schedule dates and times, and the
 * include_deleted values. Each check judges the side of the expected release. The write checks update
 * one campaign of their own (validation covers create and update alike, and an update that is wrongly
 * accepted creates nothing).
 */

/** JSON with every non-ASCII character escaped, so a report shows which space was sent. */
const show = (value: string): string => JSON.stringify(value).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
const said = (ex: Exchange): string => `${ex.status}${errorTexts(ex).length > 0 ? ` (${errorTexts(ex).join('; ')})` : ''}`;

/** One pinned schedule field: a value the oracle calls valid is accepted, any other refused naming the field. */
function scheduleCheck(field: 'start_date' | 'start_time', rules: { after: string; before: string }, boundaries: readonly string[], arbitrary: fc.Arbitrary<string>, valid: (v: string) => boolean) {
  return defineCheck({
    id: `dialer.campaigns.schedule-${field === 'start_date' ? 'date' : 'time'}`,
    title: `schedule_policy.${field} in and out of the pinned format (fuzzed)`,
    surface: 'ai',
    rules: [rules.after, rules.before],
    maxRequests: 1 + boundaries.length + 2,
    async run(t) {
      const campaign = await createCampaign(t);
      const pinned = t.applies(rules.after);
      const rule = pinned ? rules.after : rules.before;
      const other = field === 'start_date' ? { start_time: '09:30' } : { start_date: `${NEXT_YEAR}-03-14` };
      let refused = 0;
      await explore(t, {
        arbitrary,
        boundaries,
        randomRuns: 2,
        property: async (value) => {
          const ex = await dialer(t, 'campaigns.update', { campaignId: campaign.id }).json({ schedule_policy: { ...other, [field]: value } }).send();
          const ok = valid(value);
          if (!pinned || ok) return t.check(rule, is2xx(ex.status), `${field} ${JSON.stringify(value)}${ok ? ' (valid)' : ''} answered ${said(ex)}`, ex);
          refused += 1;
          t.expectStatus(rule, ex, 400);
          t.check(rule, errorTexts(ex).some((s) => s.includes(field)), `${field} ${JSON.stringify(value)} refused without naming the field: ${said(ex)}`, ex);
        },
      });
      t.note(rule, `${boundaries.length + 2} values sent, ${refused} of them invalid${pinned ? ' and refused' : ''}`);
    },
  });
}

export const CAMPAIGN_VALIDATION_CHECKS = [
  defineCheck({
    id: 'dialer.campaigns.name-whitespace',
    title: 'whitespace-only names on update: 400 name should not be empty, or accepted before v1.0.21 (fuzzed)',
    surface: 'ai',
    rules: ['DIALER-NAME-WHITESPACE-400', 'DIALER-NAME-WHITESPACE-ACCEPTED'],
    maxRequests: 1 + values.NAME_BOUNDARIES.length + 3,
    async run(t: CheckContext) {
      const campaign = await createCampaign(t);
      const pinned = t.applies('DIALER-NAME-WHITESPACE-400');
      const rule = pinned ? 'DIALER-NAME-WHITESPACE-400' : 'DIALER-NAME-WHITESPACE-ACCEPTED';
      const lenient: string[] = [];
      await explore(t, {
        arbitrary: values.blankNameArbitrary,
        boundaries: values.NAME_BOUNDARIES,
        randomRuns: 3,
        property: async (name) => {
          const ex = await dialer(t, 'campaigns.update', { campaignId: campaign.id }).json({ name }).send();
          const label = `name ${show(name)}`;
          const rejected = ex.status === 400 && subErrorsMention(ex, 'name should not be empty');
          if (!values.isAsciiBlank(name)) {
            // Unicode spaces: whitespace to some trims, not to others (see the rule's reading).
            t.check(rule, rejected || is2xx(ex.status), `${label} answered ${said(ex)}: neither refused as empty nor accepted`, ex);
            return void lenient.push(`${label} ${rejected ? 'refused' : 'accepted'}`);
          }
          if (pinned) t.check(rule, rejected, `${label} answered ${said(ex)}`, ex);
          else t.check(rule, is2xx(ex.status), `${label} answered ${said(ex)}`, ex);
        },
      });
      if (lenient.length > 0) t.note(rule, lenient.join('; '));
    },
  }),

  scheduleCheck('start_date', { after: 'DIALER-SCHEDULE-DATE-PINNED', before: 'DIALER-SCHEDULE-DATE-ANY' }, values.DATE_BOUNDARIES, values.dateArbitrary, values.isCalendarDate),
  scheduleCheck('start_time', { after: 'DIALER-SCHEDULE-TIME-PINNED', before: 'DIALER-SCHEDULE-TIME-ANY' }, values.TIME_BOUNDARIES, values.timeArbitrary, values.isClockTime),

  defineCheck({
    id: 'dialer.campaigns.include-deleted-values',
    title: 'include_deleted takes true and false only from v1.0.22, and is ignored before it (fuzzed)',
    surface: 'ai',
    rules: ['DIALER-INCLUDE-DELETED-STRICT', 'DIALER-INCLUDE-DELETED-UNKNOWN'],
    maxRequests: 1 + values.INCLUDE_DELETED_BOUNDARIES.length + 2,
    async run(t) {
      const known = t.applies('DIALER-INCLUDE-DELETED-STRICT');
      const rule = known ? 'DIALER-INCLUDE-DELETED-STRICT' : 'DIALER-INCLUDE-DELETED-UNKNOWN';
      const plain = await listPage(t, { limit: 5 });
      await explore(t, {
        arbitrary: values.includeDeletedArbitrary,
        boundaries: values.INCLUDE_DELETED_BOUNDARIES,
        randomRuns: 2,
        property: async (value) => {
          const ex = await dialer(t, 'campaigns.list').query({ limit: 5, include_deleted: value }).send();
          const label = `include_deleted=${JSON.stringify(value)}`;
          if (known && value !== 'true' && value !== 'false') {
            t.expectStatus(rule, ex, 400);
            return t.expectSchema(rule, ex, 'ai/service-error');
          }
          t.check(rule, ex.status === 200, `${label} answered ${said(ex)}`, ex);
          t.expectSchema(rule, ex, 'dialer/cursor-page');
          if (!known) t.expectEqual(rule, idsOf((pageOf<Json>(ex) as CursorPage<Json>).data), idsOf(plain.data), `${label}: ids against the list without it`, ex);
        },
      });
    },
  }),
];
