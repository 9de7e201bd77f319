import fc from 'fast-check';
import type { CheckContext } from '../../../lib/checks/context.ts';
import { defineCheck } from '../../../lib/checks/define.ts';
import { explore } from '../../../lib/fuzz/property.ts';
import type { Exchange } from '../../../lib/http/exchange.ts';
import { errorTexts } from '../fixtures/campaigns.ts';
import { dialer } from '../../shared/dialer-requests.ts';
import { jobIdOf, judgeAccepted, requestExport } from './exports.ts';
import { expectDialerError, NEEDS_EXPORTS, UNKNOWN_JOB_ID } from '../fixtures/resources.ts';
import {
  classifyBound,
  classifyJobId,
  garbageBound,
  impossibleBound,
  isoNotRfcBound,
  mangledUuidArb,
  uuidArb,
  validBound,
} from '../fixtures/export-formats.ts';
import { SUB_ERRORS, skipBeforeRefusals, subErrorsJudge } from '../errors/sub-errors.ts';
import type { RuleId } from '../../../lib/rules/index.ts';
import { LANE_CAMPAIGN } from '../fixtures/shared-records.ts';

/**
 * What v1.0.21 validates: export filter ids and bounds, and the jobId of status and download. Accepted
 * values queue an export job on the target, so the accepted side is kept to a few values.
 */
const INT32_MAX = 2_147_483_647;
/** A dateTo after every bound the generators make, so only the bound under test can be wrong. */
const FAR_END = '2099-01-01T00:00:00Z';

function judgeRefusedWithoutJob(t: CheckContext, rule: RuleId, ex: Exchange, status: number | readonly number[], text?: string): void {
  expectDialerError(t, rule, ex, status, text);
  t.check(rule, jobIdOf(ex) === undefined, 'the refusal carries a jobId: a job was queued', ex);
}

const ids = defineCheck({
  id: 'dialer.exports.filter-ids',
  title: 'export filters.contactId and filters.userId: integers of at least 1 accepted, strings of them either way, anything else 400 (fuzzed)',
  surface: 'ai',
  rules: ['DIALER-EXPORT-IDS-400', SUB_ERRORS],
  cost: {
    requests: { boundaries: 8, 'a random value': 1 },
    randomValues: { count: 1, requestsEach: 1 },
  },
  records: { shares: [LANE_CAMPAIGN] },
  needs: NEEDS_EXPORTS,
  async run(t) {
    const rule = 'DIALER-EXPORT-IDS-400';
    skipBeforeRefusals(t, rule);
    const campaign = await t.shared(LANE_CAMPAIGN);
    const subErrors = subErrorsJudge(t);
    let turn = 0;
    await explore<unknown>(t, {
      arbitrary: fc.oneof(
        fc.integer({ min: -1000, max: 1000 }),
        fc.double({ min: -1000, max: 1000, noNaN: true }).filter((x) => !Number.isInteger(x)),
        fc.integer({ min: 1, max: 1000 }).map(String),
      ),
      boundaries: [0, 1, -1, 1.5, '1', '0', INT32_MAX, INT32_MAX + 1],
      property: async (value) => {
        const field = turn++ % 2 === 0 ? 'contactId' : 'userId';
        const ex = await requestExport(t, campaign.id, { filters: { [field]: value } });
        const what = `filters.${field} ${JSON.stringify(value)}`;
        if (typeof value === 'number' && Number.isInteger(value) && value > INT32_MAX)
          return t.note(rule, `${what}: ${ex.status} (above 2^31 - 1, not judged)`);
        if (typeof value === 'number' && Number.isInteger(value) && value >= 1) return void judgeAccepted(t, rule, ex, what);
        // Below here every value is no integer of at least 1, a string of one included.
        subErrors.judge(ex, what);
        if (typeof value === 'string' && /^[1-9]\d*$/.test(value)) {
          // A string of an integer of at least 1: a server that converts values first takes it (the rule's reading).
          if (ex.status === 400) expectDialerError(t, rule, ex, 400);
          else judgeAccepted(t, rule, ex, what);
          return t.note(rule, `${what}: ${ex.status === 400 ? 'refused as no integer' : 'converted and accepted'}`);
        }
        expectDialerError(t, rule, ex, 400);
      },
    });
    subErrors.settle('export filter ids that are no integer of at least 1');
  },
});

const BOUND_MESSAGE = 'dateFrom must be a parseable ISO 8601 date-time';

/** A dateFrom every reading accepts, so only dateTo can be wrong. */
const GOOD_FROM = '2026-09-01T10:00:00Z';

const dates = defineCheck({
  id: 'dialer.exports.filter-dates',
  title: 'export bounds: RFC 3339 accepted, non-dates 422 with the parse message, dateTo not after dateFrom 422 (fuzzed)',
  surface: 'ai',
  rules: ['DIALER-EXPORT-DATES-422', SUB_ERRORS],
  cost: {
    requests: { boundaries: 8, 'a random value': 1, windows: 4 },
    randomValues: { count: 1, requestsEach: 1 },
  },
  records: { shares: [LANE_CAMPAIGN] },
  needs: NEEDS_EXPORTS,
  async run(t) {
    const rule = 'DIALER-EXPORT-DATES-422';
    skipBeforeRefusals(t, rule);
    const campaign = await t.shared(LANE_CAMPAIGN);
    const seen: string[] = [];
    const subErrors = subErrorsJudge(t);
    await explore<unknown>(t, {
      arbitrary: fc.oneof(validBound, garbageBound, impossibleBound, isoNotRfcBound, fc.integer({ min: 19700101, max: 20991231 })),
      // A non-date first: a target that answers it 400 shows its mistake before any open case.
      boundaries: [
        'yesterday',
        '2026-09-01T10:00:00+02:00',
        '2026-02-30T00:00:00Z',
        '2026-09-01',
        '2026-09-01T10:00:00',
        '2024-02-29T12:00:00Z',
        '2026-02-29T12:00:00Z',
        20260901,
      ],
      property: async (bound) => {
        const ex = await requestExport(t, campaign.id, { filters: { dateFrom: bound, dateTo: FAR_END } });
        const kind = classifyBound(bound);
        const what = `dateFrom ${JSON.stringify(bound)}`;
        if (kind === 'valid') return void judgeAccepted(t, rule, ex, what);
        if (kind === 'unparsable') return judgeRefusedWithoutJob(t, rule, ex, 422, BOUND_MESSAGE);
        if (kind === 'open') {
          // Refused with 400, the bound is an invalid export filter: a validation failure.
          subErrors.judge(ex, what);
          judgeRefusedWithoutJob(t, rule, ex, [400, 422]);
          return void seen.push(`${what}: ${ex.status}`);
        }
        t.note(rule, `${what}: ${ex.status} (a form readings disagree on, not judged)`);
      },
    });
    t.note(
      rule,
      `ISO 8601 forms outside RFC 3339, impossible dates and non-strings (400 for invalid filters and 422 for a bound outside RFC 3339 both fit them): ${seen.join('; ')}`,
    );
    subErrors.settle('export bounds that are ISO 8601 but no RFC 3339 date-time, impossible dates and non-strings');
    const from = GOOD_FROM;
    const order: [string, boolean][] = [
      [from, false],
      ['2026-09-01T12:00:00+02:00', false],
      ['2026-09-01T09:59:59Z', false],
      ['2026-09-01T10:00:01Z', true],
    ];
    for (const [to, after] of order) {
      const ex = await requestExport(t, campaign.id, { filters: { dateFrom: from, dateTo: to } });
      if (after) judgeAccepted(t, rule, ex, `dateTo ${to} after dateFrom ${from}`);
      else judgeRefusedWithoutJob(t, rule, ex, 422, 'dateTo must be after dateFrom');
    }
  },
});

const dateTo = defineCheck({
  id: 'dialer.exports.filter-date-to',
  title: 'an export dateTo that is no date-time: 422 and no job, as for dateFrom (fuzzed)',
  surface: 'ai',
  rules: ['DIALER-EXPORT-DATETO-422'],
  cost: {
    requests: { boundaries: 3, 'a random value': 1 },
    randomValues: { count: 1, requestsEach: 1 },
  },
  records: { shares: [LANE_CAMPAIGN] },
  needs: NEEDS_EXPORTS,
  async run(t) {
    const rule = 'DIALER-EXPORT-DATETO-422';
    const campaign = await t.shared(LANE_CAMPAIGN);
    const messages = new Set<string>();
    await explore<string>(t, {
      // Only text no ISO 8601 reading takes for a date, so 422 is the one answer the spec allows.
      arbitrary: garbageBound.filter((v) => classifyBound(v) === 'unparsable'),
      boundaries: ['tomorrow', 'not-a-date', '2026/09/02 10:00:00'],
      property: async (bound) => {
        const ex = await requestExport(t, campaign.id, { filters: { dateFrom: GOOD_FROM, dateTo: bound } });
        judgeRefusedWithoutJob(t, rule, ex, 422);
        messages.add(errorTexts(ex).join('; '));
      },
    });
    t.note(rule, `messages: ${[...messages].map((m) => JSON.stringify(m)).join(', ')}`);
  },
});

const UUID_MESSAGE = 'Validation failed (uuid is expected)';

const jobIds = defineCheck({
  id: 'dialer.exports.job-id',
  title: "export status and download: a jobId that is not a UUID gets 400 'Validation failed (uuid is expected)', a UUID never does (fuzzed)",
  surface: 'ai',
  rules: ['DIALER-JOBID-400', SUB_ERRORS],
  cost: {
    requests: { boundaries: 3, samples: 4, 'random values': 2 },
    randomValues: { count: { samples: 4, 'random values': 2 }, requestsEach: 1 },
  },
  async run(t) {
    const rule = 'DIALER-JOBID-400';
    skipBeforeRefusals(t, rule);
    const subErrors = subErrorsJudge(t);
    let turn = 0;
    await explore<string>(t, {
      arbitrary: fc.oneof(uuidArb, mangledUuidArb, fc.string({ unit: fc.constantFrom(...'abcdefxyz0123456789-'), minLength: 1, maxLength: 40 })),
      // A UUID one character short at each end, so status and download (taken in turn) each get one that is surely
      // not a UUID, and one in capitals, which validators disagree on.
      boundaries: [UNKNOWN_JOB_ID.slice(0, -1), UNKNOWN_JOB_ID.slice(1), UNKNOWN_JOB_ID.toUpperCase()],
      samples: ['not-a-uuid', '00000000-0000-0000-0000-000000000000', UNKNOWN_JOB_ID.replace(/-/g, ''), '12345'],
      property: async (jobId) => {
        const route = turn++ % 2 === 0 ? 'exports.status' : 'exports.download';
        const ex = await dialer(t, route, { jobId }).send();
        const kind = classifyJobId(jobId);
        const what = `${route} of ${JSON.stringify(jobId)}`;
        if (kind === 'not') {
          // The fixed message the spec gives beside the service shape, subErrors included (DIALER-VALIDATION-SUBERRORS's reading).
          subErrors.judge(ex, what);
          expectDialerError(t, rule, ex, 400);
          return t.expectEqual(rule, (ex.json as { message?: unknown }).message, UUID_MESSAGE, `message of ${what}`, ex);
        }
        if (kind === 'uuid') return t.check(rule, ex.status !== 400 && ex.status < 500, `${what}: a UUID answered ${ex.status}`, ex);
        t.note(rule, `${what}: ${ex.status} (a UUID form validators disagree on, not judged)`);
      },
    });
    subErrors.settle('jobIds that are no UUID');
  },
});

export const EXPORT_FILTER_CHECKS = [ids, dates, dateTo, jobIds];
