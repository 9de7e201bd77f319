import fc from 'fast-check';

/**
 * Arbitraries for the documented bounds. Each pairs with the exact boundary values on both sides,
 * which `explore` always tries before any random value.
 */

/** An integer bound [min, max]: its boundaries and a value on either side, plus random integers around it. */
export function integerAround(min: number, max: number, spread = 1000): { arbitrary: fc.Arbitrary<number>; boundaries: number[] } {
  return {
    arbitrary: fc.integer({ min: min - spread, max: max + spread }),
    boundaries: [min - 1, min, max, max + 1],
  };
}

/** An integer with a lower bound only. */
export function integerFrom(min: number, spread = 1000): { arbitrary: fc.Arbitrary<number>; boundaries: number[] } {
  return { arbitrary: fc.integer({ min: min - spread, max: min + spread }), boundaries: [min - 1, min] };
}

const PLAIN = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** Letters and digits only, so no server can object to the characters themselves. */
export function plainText(length: number): fc.Arbitrary<string> {
  return fc.string({ unit: fc.constantFrom(...PLAIN), minLength: length, maxLength: length });
}

/** String lengths around a maximum: max and max + 1 always, then random lengths from 0 to max + 20. */
export function lengthAround(max: number): { arbitrary: fc.Arbitrary<number>; boundaries: number[] } {
  return { arbitrary: fc.integer({ min: 0, max: max + 20 }), boundaries: [max, max + 1] };
}

/**
 * E-mail addresses every server accepts: lowercase letters and digits in the local part and a
 * dotted domain under example.com, so a rejection can only be the server's mistake.
 */
export function plainEmail(): fc.Arbitrary<string> {
  return fc
    .tuple(
      fc.string({ unit: fc.constantFrom(...PLAIN), minLength: 1, maxLength: 20 }),
      fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'), minLength: 1, maxLength: 12 }),
    )
    .map(([local, label]) => `${local}@${label}.example.com`);
}

/** Strings that are not e-mail addresses under any reading. */
export function notAnEmail(): fc.Arbitrary<string> {
  return fc.oneof(
    fc.string({ unit: fc.constantFrom(...PLAIN), minLength: 1, maxLength: 20 }),
    fc.string({ unit: fc.constantFrom(...PLAIN), minLength: 1, maxLength: 10 }).map((s) => `${s}@`),
    fc.string({ unit: fc.constantFrom(...PLAIN), minLength: 1, maxLength: 10 }).map((s) => `@${s}.example.com`),
    fc.string({ unit: fc.constantFrom(...PLAIN), minLength: 1, maxLength: 10 }).map((s) => `${s} ${s}@example.com`),
    fc.string({ unit: fc.constantFrom(...PLAIN), minLength: 1, maxLength: 10 }).map((s) => `${s}@@example.com`),
  );
}

/** Addresses missing one of their three parts: the @, the domain, the local part. */
export const INVALID_EMAIL_BOUNDARIES = ['plainaddress', 'missing-domain@', '@missing-local.example.com'];

/** Addresses with all three parts and a character too many where it may not be. */
export const INVALID_EMAIL_SAMPLES = ['two@@example.com', 'space in@example.com'];

/** Query values that are not integers at all, for page and limit. */
export const NON_INTEGER_QUERY = ['abc', '1.5', '', '1e3', ' 2'];
