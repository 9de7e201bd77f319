import type { CheckContext } from '../../../lib/checks/context.ts';
import type { Exchange } from '../../../lib/http/exchange.ts';
import { DIALER_LIMIT } from '../../../lib/contract/limits.ts';
import { errorTexts, idsOf, is2xx, isObject, NEXT_YEAR, recordAfter, subErrorsMention } from '../fixtures/campaigns.ts';
import type { ChangeProbe, Observation } from './change.ts';
import { pageOf, walkCursor } from '../fixtures/cursor-page.ts';
import { dialer } from '../../shared/dialer-requests.ts';
import { DELETED_CAMPAIGN, deletedCampaign, LANE_CAMPAIGN, renamesBack, UNKNOWN_POLICY_KEY, UNKNOWN_POLICY_VALUE } from '../fixtures/shared-records.ts';

/**
 * The campaign behaviours the Dialer releases changed (spec: Versioning), one probe each. A probe never
 * asks which release is expected: it says which side the target showed, for the release check and the
 * fingerprint alike. No probe makes a campaign of its own, since the API keeps every campaign it is asked
 * to delete: a probe writes to the lane's campaign or reads the run's deleted one (fixtures/shared-records.ts),
 * and a validation probe sends what the target should refuse in an update of the lane's campaign.
 */

const status = (ex: Exchange): string => `${ex.status}${errorTexts(ex).length > 0 ? ` (${errorTexts(ex).join('; ')})` : ''}`;

/**
 * A schedule value pinned in v1.0.21: 400 naming the field after, stored as sent before. Sent in an update
 * of the lane's campaign (the spec's validation covers create and update alike), so a target that takes it
 * keeps no campaign of the probe's own; no other sharer reads the schedule.
 */
function scheduleProbe(id: string, field: 'start_date' | 'start_time', sent: string, line: string, rules: ChangeProbe['rules']): ChangeProbe {
  return {
    id,
    release: '1.0.21',
    line,
    rules,
    // A read of the campaign only when the update's answer holds none.
    cost: { requests: { update: 1, 'read back': 1 } },
    records: { shares: [LANE_CAMPAIGN] },
    async probe(t) {
      const campaign = await t.shared(LANE_CAMPAIGN);
      const schedule = { start_date: `${NEXT_YEAR}-03-14`, start_time: '09:30', [field]: sent };
      const ex = await dialer(t, 'campaigns.update', { campaignId: campaign.id }).json({ schedule_policy: schedule }).send();
      if (ex.status === 400) {
        const named = errorTexts(ex).some((s) => s.includes(field));
        return {
          side: named ? 'after' : 'neither',
          evidence: `${field} ${JSON.stringify(sent)} refused: ${status(ex)}${named ? '' : `, without naming ${field}`}`,
          ex,
        };
      }
      if (!is2xx(ex.status)) return { side: 'neither', evidence: `${field} ${JSON.stringify(sent)} answered ${status(ex)}`, ex };
      const stored = (await recordAfter(t, ex, campaign.id)).schedule_policy;
      const value = isObject(stored) ? stored[field] : undefined;
      const kept = value === sent;
      return {
        side: kept ? 'before' : 'neither',
        evidence: `${field} ${JSON.stringify(sent)} accepted (${ex.status}) and stored as ${JSON.stringify(value)}`,
        ex,
      };
    },
  };
}

/** Whether a record's calling_policy holds `key` with `value`. */
function holds(record: Record<string, unknown>, key: string, value: string): boolean {
  const policy = record.calling_policy;
  return isObject(policy) && policy[key] === value;
}

export const CAMPAIGN_CHANGES: readonly ChangeProbe[] = [
  {
    id: 'c21-name-whitespace',
    release: '1.0.21',
    line: 'Whitespace-only name rejected',
    rules: { after: 'DIALER-NAME-WHITESPACE-400', before: 'DIALER-NAME-WHITESPACE-ACCEPTED' },
    cost: {
      // In an update of the lane's campaign (the spec's rule covers create and update alike), so a target that
      // takes the name keeps no campaign of the probe's own; the campaign is then named after the run again.
      requests: { 'the whitespace name': 1, 'the name back': 1 },
    },
    records: { shares: [LANE_CAMPAIGN] },
    async probe(t): Promise<Observation> {
      const campaign = await t.shared(LANE_CAMPAIGN);
      const ex = await dialer(t, 'campaigns.update', { campaignId: campaign.id }).json({ name: '   ' }).send();
      renamesBack(t, campaign.id)(ex);
      if (is2xx(ex.status)) return { side: 'before', evidence: `a name of three spaces was accepted (${ex.status})`, ex };
      const phrase = ex.status === 400 && subErrorsMention(ex, 'name should not be empty');
      return { side: phrase ? 'after' : 'neither', evidence: `a name of three spaces answered ${status(ex)}`, ex };
    },
  },
  scheduleProbe('c21-schedule-date', 'start_date', `${NEXT_YEAR}-02-30`, 'schedule_policy.start_date format-pinned', {
    after: 'DIALER-SCHEDULE-DATE-PINNED',
    before: 'DIALER-SCHEDULE-DATE-ANY',
  }),
  // Hour 25: outside the form under every reading (24:00 is not: ISO 8601's end of a day).
  scheduleProbe('c21-schedule-time', 'start_time', '25:00', 'schedule_policy.start_time format-pinned', {
    after: 'DIALER-SCHEDULE-TIME-PINNED',
    before: 'DIALER-SCHEDULE-TIME-ANY',
  }),
  {
    id: 'c21-calling-policy',
    release: '1.0.21',
    line: 'unknown keys of calling_policy are dropped on write',
    rules: { after: 'DIALER-CALLING-POLICY-DROPS-UNKNOWN', before: 'DIALER-CALLING-POLICY-KEEPS-UNKNOWN' },
    cost: {
      // The lane's campaign's create carries an unknown calling_policy key (no other sharer reads calling_policy);
      // the create and an update with another key are each read back from the answer or, when that holds no
      // campaign, by a read.
      requests: { 'read of the create': 1, update: 1, 'read of the update': 1 },
    },
    records: { shares: [LANE_CAMPAIGN] },
    async probe(t) {
      const campaign = await t.shared(LANE_CAMPAIGN);
      const refused = campaign.refusedUnknownPolicy;
      if (refused) return { side: 'neither', evidence: `create with an unknown calling_policy key answered ${status(refused)}`, ex: refused };
      const onCreate = holds(await recordAfter(t, campaign.ex, campaign.id), UNKNOWN_POLICY_KEY, UNKNOWN_POLICY_VALUE);
      const patch = await dialer(t, 'campaigns.update', { campaignId: campaign.id })
        .json({ calling_policy: { cc_conformance_unknown_b: UNKNOWN_POLICY_VALUE } })
        .send();
      if (!is2xx(patch.status)) return { side: 'neither', evidence: `update with an unknown calling_policy key answered ${status(patch)}`, ex: patch };
      const onUpdate = holds(await recordAfter(t, patch, campaign.id), 'cc_conformance_unknown_b', UNKNOWN_POLICY_VALUE);
      const words = (kept: boolean) => (kept ? 'kept' : 'dropped');
      const side = onCreate && onUpdate ? 'before' : !onCreate && !onUpdate ? 'after' : 'neither';
      return { side, evidence: `an unknown calling_policy key was ${words(onCreate)} on create and ${words(onUpdate)} on update`, ex: patch };
    },
  },
  {
    id: 'c22-default-excludes-deleted',
    release: '1.0.22',
    line: 'An unfiltered campaign list excludes deleted campaigns',
    rules: { after: 'DIALER-LIST-EXCLUDES-DELETED', before: 'DIALER-LIST-INCLUDES-DELETED' },
    cost: {
      // Up to 3 pages of the largest limit; the run's deleted campaign (shared) makes sure a deleted one exists.
      requests: 3,
    },
    records: { shares: [DELETED_CAMPAIGN] },
    async probe(t) {
      const campaign = deletedCampaign(t, await t.shared(DELETED_CAMPAIGN), 'deleting the probe campaign');
      const walk = await walkCursor<Record<string, unknown>>(t, (cursor) => dialer(t, 'campaigns.list').query({ limit: DIALER_LIMIT.max, cursor }), 3);
      const items = walk.pages.flatMap((p) => p.data);
      const deleted = items.filter((c) => c.status === 'deleted');
      const last = walk.pages.at(-1)?.ex;
      if (deleted.length > 0)
        return {
          side: 'before',
          evidence: `the unfiltered list holds ${deleted.length} deleted campaign(s), e.g. ${String(deleted[0]?.id)}`,
          ...(last ? { ex: last } : {}),
        };
      if (!walk.complete) t.skip(`the unfiltered list holds more than ${items.length} campaigns and none deleted among them; the rest was not read`);
      return {
        side: 'after',
        evidence: `the unfiltered list (${items.length} campaigns) holds none deleted, while the run deleted campaign ${campaign.id}`,
        ...(last ? { ex: last } : {}),
      };
    },
  },
  {
    id: 'c22-include-deleted',
    release: '1.0.22',
    line: 'new boolean query parameter include_deleted',
    rules: { after: 'DIALER-INCLUDE-DELETED-STRICT', before: 'DIALER-INCLUDE-DELETED-UNKNOWN' },
    cost: { requests: 2 },
    async probe(t) {
      const odd = await dialer(t, 'campaigns.list').query({ limit: 5, include_deleted: 'yes' }).send();
      if (odd.status === 400) return { side: 'after', evidence: `include_deleted=yes refused: ${status(odd)}`, ex: odd };
      const plain = await dialer(t, 'campaigns.list').query({ limit: 5 }).send();
      const [a, b] = [pageOf<Record<string, unknown>>(odd), pageOf<Record<string, unknown>>(plain)];
      const same = odd.status === 200 && a !== undefined && b !== undefined && idsOf(a.data).join() === idsOf(b.data).join();
      return {
        side: same ? 'before' : 'neither',
        evidence: `include_deleted=yes answered ${status(odd)}${same ? ', the same page as without it' : ', not the page the list gives without it'}`,
        ex: odd,
      };
    },
  },
  {
    id: 'cnext-invalid-cursor',
    release: 'next',
    line: 'An undecodable cursor gives 400 with PAGINATION.INVALID_CURSOR instead of 200 with the first page',
    rules: { after: 'DIALER-CURSOR-INVALID-400', before: 'DIALER-CURSOR-INVALID-FIRST-PAGE' },
    cost: { requests: 2 },
    async probe(t: CheckContext) {
      const bad = await dialer(t, 'campaigns.list').query({ limit: 2, cursor: '!!not-a-cursor!!' }).send();
      if (bad.status === 400) {
        const shaped = t.validate('dialer/invalid-cursor', bad.json);
        const problems = shaped.problems.map((p) => `${p.instancePath} ${p.message}`).join('; ');
        return {
          side: shaped.ok ? 'after' : 'neither',
          evidence: `an undecodable cursor answered 400${shaped.ok ? ` with code ${JSON.stringify((bad.json as { code?: unknown }).code)}` : ` but not the invalid-cursor shape: ${problems}`}`,
          ex: bad,
        };
      }
      const first = await dialer(t, 'campaigns.list').query({ limit: 2 }).send();
      const [a, b] = [pageOf<Record<string, unknown>>(bad), pageOf<Record<string, unknown>>(first)];
      const same = bad.status === 200 && a !== undefined && b !== undefined && idsOf(a.data).join() === idsOf(b.data).join();
      return {
        side: same ? 'before' : 'neither',
        evidence: `an undecodable cursor answered ${status(bad)}${same ? ' with the first page' : ', not with the first page'}`,
        ex: bad,
      };
    },
  },
];
