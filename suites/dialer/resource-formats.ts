import fc from 'fast-check';

/**
 * How the suite reads export bounds and job ids, written apart from the mock's own parser so a mistake in
 * one is not repeated in the other. The classes follow the readings of DIALER-EXPORT-DATES-422 and
 * DIALER-JOBID-400.
 */

/**
 * - `valid`: an RFC 3339 date-time every reading accepts (upper-case T and Z, a real date and time);
 * - `unparsable`: text that is no ISO 8601 date at all: 422 with the parse message;
 * - `open`: ISO 8601 but no RFC 3339 date-time, an impossible date in date-time shape, or not a string: 400 or 422;
 * - `unjudged`: forms readings disagree on (lower-case t or z, a space for T, a leap second).
 */
export type BoundClass = 'valid' | 'unparsable' | 'open' | 'unjudged';

const STRICT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d{1,9})?(?:Z|([+-])(\d{2}):(\d{2}))$/;
const LENIENT = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:[Zz]|[+-]\d{2}:\d{2})$/;
const ISO_NOT_RFC = [
  /^\d{4}-\d{2}-\d{2}$/, // date only
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?$/, // no offset
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?:Z|[+-]\d{2}:\d{2})$/, // no seconds
  /^\d{8}T\d{6}(?:Z|[+-]\d{4})?$/, // basic format
  /^\d{4}-W\d{2}(?:-\d)?(?:T.*)?$/, // week date
  /^\d{4}-\d{3}(?:T.*)?$/, // ordinal date
];

export const daysIn = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate();

export function classifyBound(value: unknown): BoundClass {
  if (typeof value !== 'string') return 'open';
  const m = STRICT.exec(value);
  if (m) {
    const [y, mo, d, h, mi, s] = m.slice(1, 7).map(Number) as number[];
    const offsetOk = m[8] === undefined || (Number(m[8]) <= 23 && Number(m[9]) <= 59);
    if (s === 60) return 'unjudged';
    const real = (y as number) >= 1 && (mo as number) >= 1 && (mo as number) <= 12 && (d as number) >= 1 && (d as number) <= daysIn(y as number, mo as number);
    return real && (h as number) <= 23 && (mi as number) <= 59 && (s as number) <= 59 && offsetOk ? 'valid' : 'open';
  }
  if (LENIENT.test(value)) return 'unjudged';
  return ISO_NOT_RFC.some((re) => re.test(value)) ? 'open' : 'unparsable';
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** RFC 3339 date-times from 1970 to 2098 (the suite's dateTo is in 2099), with and without fractions and offsets. */
export const validBound: fc.Arbitrary<string> = fc
  .record({
    y: fc.integer({ min: 1970, max: 2098 }),
    mo: fc.integer({ min: 1, max: 12 }),
    d: fc.integer({ min: 1, max: 31 }),
    h: fc.integer({ min: 0, max: 23 }),
    mi: fc.integer({ min: 0, max: 59 }),
    s: fc.integer({ min: 0, max: 59 }),
    frac: fc.option(fc.integer({ min: 0, max: 999 }), { nil: undefined }),
    offset: fc.constantFrom('Z', '+00:00', '+02:00', '-05:30', '+14:00', '-12:00'),
  })
  .map(
    ({ y, mo, d, h, mi, s, frac, offset }) =>
      `${pad(y, 4)}-${pad(mo)}-${pad(Math.min(d, daysIn(y, mo)))}T${pad(h)}:${pad(mi)}:${pad(s)}${frac === undefined ? '' : `.${pad(frac, 3)}`}${offset}`,
  );

/** Date-time shapes whose date or time does not exist: day past the month's end, month 13, hour 24 to 29. */
export const impossibleBound: fc.Arbitrary<string> = fc
  .record({ y: fc.integer({ min: 1970, max: 2098 }), mo: fc.integer({ min: 1, max: 12 }), which: fc.constantFrom('day', 'month', 'hour') })
  .map(({ y, mo, which }) => {
    if (which === 'month') return `${y}-13-01T00:00:00Z`;
    if (which === 'hour') return `${y}-${pad(mo)}-01T2${(y % 6) + 4}:00:00Z`;
    return `${y}-${pad(mo)}-${pad(daysIn(y, mo) + 1)}T00:00:00Z`;
  });

/** Text that no ISO 8601 reading takes for a date. */
export const garbageBound: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('yesterday', 'not-a-date', '2026/09/01 10:00:00', '01.09.2026', 'Tuesday 10am'),
  fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'), minLength: 3, maxLength: 12 }),
);

/** ISO 8601 forms that are no RFC 3339 date-time. */
export const isoNotRfcBound: fc.Arbitrary<string> = validBound.chain((v) =>
  fc.constantFrom(v.slice(0, 10), v.slice(0, 19), `${v.slice(0, 16)}Z`, `${v.slice(0, 10).replace(/-/g, '')}T${v.slice(11, 19).replace(/:/g, '')}Z`),
);

/**
 * Job ids: `uuid` is the 8-4-4-4-12 hex form, version 1 to 5, variant 8 to b, either case; `unjudged` are
 * forms validators disagree on (nil, max, other versions or variants, no dashes, braces, urn: prefix);
 * everything else is `not` a UUID.
 */
export type UuidClass = 'uuid' | 'not' | 'unjudged';

const CANONICAL = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-5][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
const HEX_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DISPUTED = [/^[0-9a-f]{32}$/i, /^\{[0-9a-f-]{36}\}$/i, /^urn:uuid:/i];

export function classifyJobId(value: string): UuidClass {
  if (CANONICAL.test(value)) return 'uuid';
  if (HEX_SHAPE.test(value) || DISPUTED.some((re) => re.test(value))) return 'unjudged';
  return 'not';
}

const hex = (length: number) => fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: length, maxLength: length });

export const uuidArb: fc.Arbitrary<string> = fc
  .tuple(hex(8), hex(4), fc.integer({ min: 1, max: 5 }), hex(3), fc.constantFrom('8', '9', 'a', 'b'), hex(3), hex(12), fc.boolean())
  .map(([a, b, v, c, n, d, e, upper]) => {
    const id = `${a}-${b}-${v}${c}-${n}${d}-${e}`;
    return upper ? id.toUpperCase() : id;
  });

/** A UUID with one thing changed: a character dropped, added or made non-hex, dashes moved or removed, wrapped. */
export const mangledUuidArb: fc.Arbitrary<string> = fc
  .tuple(uuidArb, fc.integer({ min: 0, max: 35 }), fc.constantFrom('drop', 'add', 'nonhex', 'nodash', 'shift', 'braces', 'version0'))
  .map(([id, at, how]) => {
    if (how === 'drop') return id.slice(0, at) + id.slice(at + 1);
    if (how === 'add') return `${id.slice(0, at)}a${id.slice(at)}`;
    if (how === 'nonhex') return `${id.slice(0, at)}${id[at] === '-' ? '-' : 'g'}${id.slice(at + 1)}`;
    if (how === 'nodash') return id.replace(/-/g, '');
    if (how === 'shift') return `${id.replace(/-/g, '').slice(0, 9)}-${id.replace(/-/g, '').slice(9)}`;
    if (how === 'braces') return `{${id}}`;
    return `${id.slice(0, 14)}0${id.slice(15)}`;
  });
