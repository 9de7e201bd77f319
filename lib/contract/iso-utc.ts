/**
 * ISO 8601 date-times in UTC, in the extended and the basic format (never mixed): seconds optional (hh:mm is the
 * standard's reduced precision), a fraction of a second after a full stop or a comma, UTC as Z or the zero offset.
 */
const ISO_UTC_FORMS = [
  { form: 'extended', pattern: /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)([.,]\d+)?)?(Z|\+00(?::00)?)$/ },
  { form: 'basic', pattern: /^(\d{4})(\d{2})(\d{2})T([01]\d|2[0-3])([0-5]\d)(?:([0-5]\d)([.,]\d+)?)?(Z|\+00(?:00)?)$/ },
] as const;

/** The instant an ISO 8601 UTC date-time names, with the form it is written in; undefined for anything else. */
export function isoUtc(value: unknown): { ms: number; form: string } | undefined {
  if (typeof value !== 'string') return undefined;
  for (const { form, pattern } of ISO_UTC_FORMS) {
    const match = pattern.exec(value);
    if (!match) continue;
    const [year, month, day, hour, minute, second] = match.slice(1, 7).map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
    const [, , , , , , seconds, fraction, zone] = match;
    // Whole milliseconds, rounded down, so 23:59:59.9999 stays on its day.
    const ms = Date.UTC(year, month - 1, day, hour, minute, second) + Math.floor(Number(`0.${fraction?.slice(1) ?? 0}`) * 1000);
    // A real calendar day: 2026-02-30 matches the pattern but is no date.
    const date = new Date(ms);
    if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
    const precision = seconds === undefined ? 'without seconds' : fraction === undefined ? 'with seconds' : 'with a fraction of a second';
    return { ms, form: `${form} format ${precision}, UTC as ${zone}` };
  }
  return undefined;
}
