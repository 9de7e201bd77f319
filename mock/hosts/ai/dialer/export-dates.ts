/**
 * Date-time and UUID syntax as the Dialer's validation reads them (v1.0.21 on). An RFC 3339 date-time is
 * `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)` with a real calendar date and clock time; RFC 3339 (5.6)
 * lets `T` and `Z` be lower case. Leap seconds (`:60`) are refused here: the spec does not ask for them.
 */
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?(?:([Zz])|([+-])(\d{2}):(\d{2}))$/;

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Epoch milliseconds of an RFC 3339 date-time, or undefined when the text is not one. */
export function parseRfc3339(text: string): number | undefined {
  const m = DATE_TIME.exec(text);
  if (!m) return undefined;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysIn(year, month) || hour > 23 || minute > 59 || second > 59) return undefined;
  const offsetHours = m[10] === undefined ? 0 : Number(m[10]);
  const offsetMinutes = m[11] === undefined ? 0 : Number(m[11]);
  if (offsetHours > 23 || offsetMinutes > 59) return undefined;
  const sign = m[9] === '-' ? -1 : 1;
  const fraction = m[7] === undefined ? 0 : Math.floor(Number(`0${m[7]}`) * 1000);
  const utc = new Date(0);
  utc.setUTCFullYear(year, month - 1, day);
  utc.setUTCHours(hour, minute, second, fraction);
  return utc.getTime() - sign * (offsetHours * 60 + offsetMinutes) * 60_000;
}

/** A calendar date alone (`2026-09-01`): ISO 8601, but no RFC 3339 date-time. */
export const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** UUIDs as the common validators' `all` reads them: versions 1 to 8 with the RFC variant, nil and max, either case. */
const UUID = /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}|0{8}-0{4}-0{4}-0{4}-0{12}|f{8}-f{4}-f{4}-f{4}-f{12})$/i;

export function isUuid(text: string): boolean {
  return UUID.test(text);
}
