import type { Assertions } from '../../../lib/checks/assertions.ts';
import type { CheckContext } from '../../../lib/checks/context.ts';
import { defineCheck } from '../../../lib/checks/define.ts';
import type { Exchange } from '../../../lib/http/exchange.ts';
import { readPage, responseData } from '../../shared/core-reads.ts';
import type { RuleId } from '../../../lib/rules/index.ts';
import { CALL_SAMPLE, sharedPage } from '../fixtures/shared-records.ts';

/** A call history item as the vendor reference shows it; the spec shows no record fields. */
interface CallItem {
  readonly Cdr?: Record<string, unknown> & { id?: unknown; started_at?: unknown; answered_at?: unknown; user_id?: unknown; type?: unknown; recorded?: unknown };
  readonly Contact?: { id?: unknown };
  readonly Tags?: readonly { id?: unknown }[];
}

/** The record date form the spec gives: YYYY-MM-DDTHH:MM:SS.000Z. */
const RECORD_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.000Z$/;
const LOOKS_LIKE_DATE = /^\d{4}-\d{2}-\d{2}/;

/** Judges every date of a call history page's records (CORE-CALLS-DATE-FORMAT); returns how many it found. */
export function judgeCallDates(t: Assertions, ex: Exchange): number {
  let dates = 0;
  const data = responseData<{ data?: unknown }>(ex).data;
  if (!Array.isArray(data)) return 0;
  for (const item of data as readonly CallItem[]) {
    for (const [field, value] of Object.entries(item?.Cdr ?? {})) {
      if (typeof value !== 'string' || !LOOKS_LIKE_DATE.test(value)) continue;
      dates += 1;
      t.check('CORE-CALLS-DATE-FORMAT', RECORD_DATE.test(value), `Cdr.${field} is ${JSON.stringify(value)}, not YYYY-MM-DDTHH:MM:SS.000Z`, ex);
    }
  }
  return dates;
}

/** The query date form: YYYY-MM-DD HH:MM:SS, UTC. */
export function queryDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}

/** One sample page of the call history, the first 100 calls, read once for the lane (fixtures/shared-records.ts). */
async function sample(t: CheckContext): Promise<readonly CallItem[]> {
  return (await sharedPage<CallItem>(t, CALL_SAMPLE)).page.data;
}

interface FilterCase {
  readonly id: string;
  readonly rule: RuleId;
  readonly filter: string;
  /** The filter value taken from a sample item, or undefined when the item lacks the field. */
  readonly valueOf: (item: CallItem) => string | undefined;
  /** Whether a returned item matches the value. */
  readonly matches: (item: CallItem, value: string) => boolean;
}

const str = (v: unknown): string | undefined => (v === undefined || v === null ? undefined : String(v));

const FILTERS: readonly FilterCase[] = [
  {
    id: 'contact-id',
    rule: 'CORE-CALLS-FILTER-CONTACT-ID',
    filter: 'contact_id',
    valueOf: (i) => str(i.Contact?.id),
    matches: (i, v) => str(i.Contact?.id) === v,
  },
  { id: 'user-id', rule: 'CORE-CALLS-FILTER-USER-ID', filter: 'user_id', valueOf: (i) => str(i.Cdr?.user_id), matches: (i, v) => str(i.Cdr?.user_id) === v },
  { id: 'type', rule: 'CORE-CALLS-FILTER-TYPE', filter: 'type', valueOf: (i) => str(i.Cdr?.type), matches: (i, v) => str(i.Cdr?.type) === v },
  {
    id: 'status',
    rule: 'CORE-CALLS-FILTER-STATUS',
    filter: 'status',
    // Vendor reference: 'answered' are the calls with an answer time, 'missed' the others.
    valueOf: (i) => (i.Cdr && 'answered_at' in i.Cdr ? (i.Cdr.answered_at ? 'answered' : 'missed') : undefined),
    matches: (i, v) => (v === 'answered') === Boolean(i.Cdr?.answered_at),
  },
  {
    id: 'tag-id',
    rule: 'CORE-CALLS-FILTER-TAG-ID',
    filter: 'tag_id',
    valueOf: (i) => str(i.Tags?.[0]?.id),
    matches: (i, v) => (i.Tags ?? []).some((tag) => str(tag.id) === v),
  },
  { id: 'call-id', rule: 'CORE-CALLS-FILTER-CALL-ID', filter: 'call_id', valueOf: (i) => str(i.Cdr?.id), matches: (i, v) => str(i.Cdr?.id) === v },
];

function filterCheck(c: FilterCase) {
  return defineCheck({
    id: `core.calls.filter-${c.id}`,
    title: `Call history: ${c.filter} filter`,
    surface: 'core',
    rules: [c.rule],
    cost: { requests: 1 },
    records: { shares: [CALL_SAMPLE] },
    async run(t) {
      const items = await sample(t);
      const chosen = items.find((item) => c.valueOf(item) !== undefined);
      const value = chosen ? c.valueOf(chosen) : undefined;
      if (value === undefined) t.skip(`no call in the sample carries the field ${c.filter} filters on (vendor reference field names)`);
      const v = value as string;
      const { ex, page } = await readPage<CallItem>(t, '/calls/index.json', { [c.filter]: v, limit: 100 });
      t.check(c.rule, page.data.length > 0, `${c.filter}=${v} returned nothing, though a sampled call matches it`, ex);
      const wrong = page.data.find((item) => !c.matches(item, v));
      t.check(c.rule, wrong === undefined, () => `${c.filter}=${v} returned call ${JSON.stringify(wrong?.Cdr?.id)}, which does not match`, ex);
    },
  });
}

function startedAt(item: CallItem): number | undefined {
  const raw = item.Cdr?.started_at;
  return typeof raw === 'string' ? Date.parse(raw) : undefined;
}

export const callChecks = [
  defineCheck({
    id: 'core.calls.date-format',
    title: 'call record dates are YYYY-MM-DDTHH:MM:SS.000Z',
    surface: 'core',
    rules: ['CORE-CALLS-DATE-FORMAT'],
    cost: { requests: 0 },
    records: {
      // The dates of the sample the filter checks read (fixtures/shared-records.ts): the first 100 calls.
      shares: [CALL_SAMPLE],
    },
    async run(t) {
      const { ex, page } = await sharedPage<CallItem>(t, CALL_SAMPLE);
      if (page.data.length === 0) t.skip('the call history is empty');
      if (judgeCallDates(t, ex) === 0) t.skip('no call record field holds a date');
    },
  }),

  defineCheck({
    id: 'core.calls.filter-date',
    title: 'Call history: date_from and date_to',
    surface: 'core',
    rules: ['CORE-CALLS-FILTER-DATE'],
    cost: { requests: 1 },
    records: { shares: [CALL_SAMPLE] },
    async run(t) {
      const times = (await sample(t))
        .map(startedAt)
        .filter((n): n is number => n !== undefined && !Number.isNaN(n))
        .sort((a, b) => a - b);
      if (times.length < 3) t.skip('needs at least 3 sampled calls with Cdr.started_at (vendor reference field)');
      // A window around the middle of the sample, on whole seconds, with calls on both sides of it.
      const from = Math.floor((times[Math.floor(times.length / 3)] as number) / 1000) * 1000;
      const to = Math.floor((times[Math.floor((2 * times.length) / 3)] as number) / 1000) * 1000;
      const { ex, page } = await readPage<CallItem>(t, '/calls/index.json', { date_from: queryDate(from), date_to: queryDate(to), limit: 1000 });
      t.check('CORE-CALLS-FILTER-DATE', page.data.length > 0, 'the window returned no call, though sampled calls fall inside it', ex);
      const outside = page.data.find((item) => {
        const at = startedAt(item);
        return at === undefined || at < from || at >= to + 1000;
      });
      t.check(
        'CORE-CALLS-FILTER-DATE',
        outside === undefined,
        () => `call ${JSON.stringify(outside?.Cdr?.id)} started ${JSON.stringify(outside?.Cdr?.started_at)}, outside ${queryDate(from)} .. ${queryDate(to)}`,
        ex,
      );
    },
  }),

  ...FILTERS.map(filterCheck),

  defineCheck({
    id: 'core.calls.recording-gone',
    title: "a gone recording: 410 'Recording expired.' or 'Recording not found.', and never 'expired' for a call never recorded",
    surface: 'core',
    rules: ['CORE-RECORDING-410', 'CORE-RECORDING-410-CAUSE'],
    cost: { requests: { 'the last page': 1, 'up to 4 recorded calls': 4, 'one never recorded': 1 } },
    records: { shares: [CALL_SAMPLE] },
    async run(t) {
      // Oldest recorded calls are the likeliest to have lost their recording: read both ends of the history
      // (the first 100 are the sample the filter checks read).
      const first = await sharedPage<CallItem>(t, CALL_SAMPLE);
      const pages = [first.page];
      if (first.page.pageCount > 1) pages.push((await readPage<CallItem>(t, '/calls/index.json', { limit: 100, page: first.page.pageCount })).page);
      const calls = pages.flatMap((p) => p.data);
      const recording = (item: CallItem): Promise<Exchange> => t.core('GET', `/calls/recording/${String(item.Cdr?.id)}.json`).send();
      const candidates = calls
        .filter((item) => item.Cdr?.recorded === true || item.Cdr?.recorded === '1')
        .sort((a, b) => (startedAt(a) ?? 0) - (startedAt(b) ?? 0))
        .slice(0, 4);
      const statuses: number[] = [];
      let gone: Exchange | undefined;
      for (const item of candidates) {
        const ex = await recording(item);
        statuses.push(ex.status);
        if (ex.status === 410) {
          gone = ex;
          break;
        }
      }
      if (gone) {
        t.expectCoreError('CORE-RECORDING-410', gone, 410, ['Recording expired.', 'Recording not found.']);
        t.done('CORE-RECORDING-410');
      } else {
        // The path is the vendor reference's: a 404 for every recorded call says more about the path than about the recordings.
        const path =
          statuses.length > 0 && statuses.every((s) => s === 404)
            ? '; the recording path /calls/recording/{callId}.json (vendor reference) answered 404 for each'
            : '';
        t.skipRule('CORE-RECORDING-410', `none of the ${candidates.length} oldest recorded calls has a gone recording${path}`);
      }

      // A call never recorded has no recording that could have expired (Cdr.recorded, vendor reference).
      const cause = 'CORE-RECORDING-410-CAUSE';
      const unrecorded = calls.find((item) => item.Cdr?.id !== undefined && (item.Cdr.recorded === false || item.Cdr.recorded === '0'));
      if (unrecorded === undefined)
        t.skip('no call in the sampled history shows Cdr.recorded false (vendor reference field), so no call is known never to have been recorded');
      const ex = await recording(unrecorded as CallItem);
      const what = `call ${String(unrecorded?.Cdr?.id)}, recorded false in its history`;
      if (ex.status === 410) {
        t.check(
          cause,
          responseData<{ message?: unknown }>(ex).message !== 'Recording expired.',
          `${what}, answered 410 'Recording expired.', though a recording never made cannot have expired`,
          ex,
        );
        t.expectCoreError(cause, ex, 410, 'Recording not found.');
        t.note(cause, `${what}, answered 410 'Recording not found.'`);
        return;
      }
      const served = statuses.some((s) => s === 200 || s === 410);
      if (ex.status === 404 && served) {
        t.pass(cause, `${what}, answered 404, as the vendor reference answers a call without a recording`);
        return;
      }
      t.skip(
        ex.status === 404
          ? `${what}, answered 404, and no recorded call was answered 200 or 410 on the same path, so the 404 may be a path the target does not serve`
          : `${what}, answered ${ex.status}, neither 410 nor 404; the spec says nothing of a recording that never existed`,
      );
    },
  }),
];
