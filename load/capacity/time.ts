/**
 * Deadlines in: a deadline is a duration from now (`8h`, `90m`, `1h30m`), more than 0, or an ISO 8601
 * date-time with a zone, later than now. Durations out (`16 h 41 min`) are lib/render/durations.ts's.
 */

export interface ResolvedDeadline {
  /** As given. */
  readonly given: string;
  /** ISO 8601 (UTC). */
  readonly at: string;
  /** From `now` to the deadline: always more than 0, since a deadline that is not later than now is refused. */
  readonly availableMs: number;
}

/** A deadline that cannot be read; the message says which forms are accepted. */
export class DeadlineError extends Error {
  override readonly name = 'DeadlineError';
}

const DURATION = /^(?:(\d+)d)?(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
const FORMS = 'a duration such as 8h, 90m or 1h30m, or an ISO 8601 date-time with a zone such as 2026-09-10T18:00:00Z';

/** A duration such as `8h`, `90m`, `1h30m` or `4m30s` in ms; undefined when it is not one. */
export function durationMs(raw: string): number | undefined {
  const match = DURATION.exec(raw);
  if (!match || raw === '') return undefined;
  const [, d, h, m, s] = match.map((part) => Number(part ?? 0)) as [number, number, number, number, number];
  return (((d * 24 + h) * 60 + m) * 60 + s) * 1000;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Date.parse accepts 30 February and rolls it over; a deadline that does not exist is refused instead. */
function dateTimeMs(raw: string): number | undefined {
  const match = DATE_TIME.exec(raw);
  if (!match) return undefined;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month) || hour > 23 || minute > 59 || second > 59) return undefined;
  const ms = Date.parse(raw);
  return Number.isNaN(ms) ? undefined : ms;
}

/** The last instant a JavaScript Date can hold: a deadline past it has no date to print. */
const LAST_DATE_MS = 8.64e15;

/**
 * Resolves a deadline against `now`; throws a DeadlineError when it fits neither form, or is not later
 * than now. A deadline of now or earlier leaves the campaign no time: planning against it can only say
 * NO-GO, and is far likelier a slip (`0m`, yesterday's date) than a question, so it is refused, the
 * same way for both forms.
 */
export function resolveDeadline(given: string, now: Date): ResolvedDeadline {
  const trimmed = given.trim();
  const relative = durationMs(trimmed);
  if (relative !== undefined) {
    if (relative === 0)
      throw new DeadlineError(`a duration from now must be more than 0 (a deadline of now leaves the campaign no time), got ${JSON.stringify(given)}`);
    if (now.getTime() + relative > LAST_DATE_MS) throw new DeadlineError(`is too far in the future to be a date, got ${JSON.stringify(given)}`);
    return { given, at: new Date(now.getTime() + relative).toISOString(), availableMs: relative };
  }
  const absolute = dateTimeMs(trimmed);
  if (absolute !== undefined) {
    if (absolute <= now.getTime())
      throw new DeadlineError(
        `must be later than now (${now.toISOString()}), got ${JSON.stringify(given)} (${new Date(absolute).toISOString()}): a deadline that has passed leaves the campaign no time`,
      );
    return { given, at: new Date(absolute).toISOString(), availableMs: absolute - now.getTime() };
  }
  if (DATE_TIME.test(trimmed)) throw new DeadlineError(`no such date or time (a month has 28 to 31 days, an hour 60 minutes), got ${JSON.stringify(given)}`);
  if (/^\d{4}-\d{2}-\d{2}(T[\d:.]+)?$/.test(trimmed))
    throw new DeadlineError(`a date-time needs a time and a zone (Z or +02:00), got ${JSON.stringify(given)}`);
  throw new DeadlineError(`must be ${FORMS}, got ${JSON.stringify(given)}`);
}
