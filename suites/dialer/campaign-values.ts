import fc from 'fast-check';
import { NEXT_YEAR } from './campaign-fixtures.ts';

/**
 * The values the campaign fuzz checks send, with the suite's own oracle for each (never the mock's):
 * schedule dates and times in and out of the pinned formats, whitespace names, include_deleted values.
 */

const isLeap = (y: number): boolean => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

/** A real calendar date in YYYY-MM-DD (spec: Dialer records, schedule_policy.start_date). */
export function isCalendarDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const days = [31, isLeap(y) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][mo - 1];
  return days !== undefined && d >= 1 && d <= days;
}

/** `HH:MM` or `HH:MM:SS`, 00 to 23 and 00 to 59 (spec: Dialer records, schedule_policy.start_time). */
export function isClockTime(value: string): boolean {
  return /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/.test(value);
}

/**
 * Times in the pinned form that one reading allows and another does not: 24:00 and 24:00:00 (ISO 8601's end
 * of a day) and a leap second, :60 (RFC 3339's time-second). A target may accept or refuse them.
 */
export function isDisputedTime(value: string): boolean {
  return /^24:00(:00)?$/.test(value) || /^([01]\d|2[0-3]):[0-5]\d:60$/.test(value);
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');
const LEAP = Array.from({ length: 8 }, (_, i) => NEXT_YEAR + i).find(isLeap) as number;
const NON_LEAP = isLeap(NEXT_YEAR) ? NEXT_YEAR + 1 : NEXT_YEAR;

/**
 * The calendar's edges on both sides: Feb 29 of a leap year and of another, the year's last day and a
 * thirteenth month, a 30-day month's 31st, and a month of one digit outside the pinned form.
 */
export const DATE_BOUNDARIES: readonly string[] = [
  `${LEAP}-02-29`,
  `${NON_LEAP}-02-29`,
  `${NEXT_YEAR}-12-31`,
  `${NEXT_YEAR}-13-01`,
  `${NEXT_YEAR}-04-31`,
  `${NEXT_YEAR}-1-05`,
];

/** More ways a date can hold or miss: the year's first day, a century that is no leap year, Feb 30. */
export const DATE_SAMPLES: readonly string[] = [`${NEXT_YEAR}-01-01`, '2100-02-29', `${NEXT_YEAR}-02-30`];

/** Years ahead, months and days a little past their ranges on both sides. */
export const dateArbitrary: fc.Arbitrary<string> = fc
  .record({ y: fc.integer({ min: NEXT_YEAR, max: 2099 }), m: fc.integer({ min: 0, max: 13 }), d: fc.integer({ min: 0, max: 32 }) })
  .map(({ y, m, d }) => `${y}-${pad(m)}-${pad(d)}`);

/** The clock's edges: the last minute and one past it, the last second, an hour past the day, an hour of one digit. */
export const TIME_BOUNDARIES: readonly string[] = ['23:59', '23:60', '23:59:59', '24:30', '9:30'];

/** More: midnight, the forms one reading allows (24:00, a leap second), a fraction of a second. */
export const TIME_SAMPLES: readonly string[] = ['00:00', '24:00', '00:00:60', '09:30:00.000'];

export const timeArbitrary: fc.Arbitrary<string> = fc
  .record({ h: fc.integer({ min: 0, max: 25 }), m: fc.integer({ min: 0, max: 61 }), s: fc.option(fc.integer({ min: 0, max: 61 }), { nil: undefined }) })
  .map(({ h, m, s }) => `${pad(h)}:${pad(m)}${s === undefined ? '' : `:${pad(s)}`}`);

/**
 * One whitespace set for every whitespace-only name rule (the rules' reading, BLANK_NAME): what every
 * general-purpose language's default trim removes, and what only some of them do.
 */
export const CERTAIN_WHITESPACE: readonly string[] = [' ', '\t', '\n', '\r'];
export const DISPUTED_WHITESPACE: readonly string[] = ['\v', '\f', '\u00a0', '\u2003', '\u3000', '\ufeff'];

/** JSON with every non-ASCII character escaped, so a report shows which space was sent. */
export const show = (value: string): string => JSON.stringify(value).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** A name of whitespace every trim removes: it must be refused; one holding disputed whitespace may be accepted. */
export const isCertainlyBlank = (name: string): boolean => name.length > 0 && [...name].every((c) => CERTAIN_WHITESPACE.includes(c));

/** The shortest blank name, every whitespace all trims remove at once, and the shortest of disputed whitespace. */
export const NAME_BOUNDARIES: readonly string[] = [' ', ' \r\n\t ', '\u00a0'];

/** Each whitespace alone, and disputed whitespace beside spaces. */
export const NAME_SAMPLES: readonly string[] = ['\t', '\n', '\v\f', '\u2003', '\ufeff', ' \u00a0 '];

export const blankNameArbitrary: fc.Arbitrary<string> = fc
  .array(fc.constantFrom(...CERTAIN_WHITESPACE, ...DISPUTED_WHITESPACE), { minLength: 1, maxLength: 6 })
  .map((chars) => chars.join(''));

/**
 * include_deleted values other than the literal true and false. The empty one is the open case (the rule's
 * reading): it may be read as absent.
 */
export const INCLUDE_DELETED_BOUNDARIES: readonly string[] = ['true', 'false', 'TRUE', 'false '];

/** Other spellings of a boolean, and the empty value. */
export const INCLUDE_DELETED_SAMPLES: readonly string[] = ['1', 'yes', '', 'False'];

export const includeDeletedArbitrary: fc.Arbitrary<string> = fc
  .string({ unit: fc.constantFrom(...'truefalsTRUEFALS01 '), minLength: 1, maxLength: 6 })
  .filter((v) => v !== 'true' && v !== 'false');
