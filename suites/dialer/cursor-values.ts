import fc from 'fast-check';

/**
 * Cursors that are not the server's own, for the cursor checks of every Dialer list, with the suite's own
 * oracle: `garbage` is surely undecodable, `tampered` is a real cursor truncated or with one character
 * changed, which some servers may still decode.
 */

/** Characters no base64, base64url or hex cursor holds: a cursor with one is surely undecodable. */
const FOREIGN = ['!', '^', '<', '>', '|', '"', '€', '{'];
const PLAIN = 'abcdefghijklmnopqrstuvwxyz0123456789';

export interface CursorCase {
  readonly kind: 'garbage' | 'tampered';
  readonly cursor: string;
}

const GARBAGE: readonly CursorCase[] = [
  { kind: 'garbage', cursor: '!!not-a-cursor!!' },
  { kind: 'garbage', cursor: '€' },
];

/**
 * Cursors to try, from the list's real cursor when it gave one: as boundaries, garbage and that cursor with
 * one character changed in the middle (the least a server must notice); as samples, more garbage and the
 * cursor extended and halved.
 */
export function cursorCases(real: string | null): { readonly boundaries: CursorCase[]; readonly samples: CursorCase[] } {
  const [first, ...moreGarbage] = GARBAGE as [CursorCase, ...CursorCase[]];
  if (real === null) return { boundaries: [first], samples: moreGarbage };
  const middle = Math.floor(real.length / 2);
  return {
    boundaries: [first, { kind: 'tampered', cursor: `${real.slice(0, middle)}${real[middle] === 'A' ? 'B' : 'A'}${real.slice(middle + 1)}` }],
    samples: [...moreGarbage, { kind: 'tampered', cursor: `${real}!` }, { kind: 'tampered', cursor: real.slice(0, middle) }],
  };
}

/** The most boundaries and samples cursorCases gives. */
export const MAX_CURSOR_CASES = { boundaries: 2, samples: GARBAGE.length + 1 } as const;

export function cursorArbitrary(real: string | null): fc.Arbitrary<CursorCase> {
  const garbage = fc
    .tuple(
      fc.string({ unit: fc.constantFrom(...PLAIN), maxLength: 12 }),
      fc.constantFrom(...FOREIGN),
      fc.string({ unit: fc.constantFrom(...PLAIN), maxLength: 12 }),
    )
    .map(([a, c, b]): CursorCase => ({ kind: 'garbage', cursor: `${a}${c}${b}` }));
  if (real === null) return garbage;
  const truncated = fc.integer({ min: 1, max: Math.max(1, real.length - 1) }).map((n): CursorCase => ({ kind: 'tampered', cursor: real.slice(0, n) }));
  const changed = fc
    .tuple(fc.integer({ min: 0, max: real.length - 1 }), fc.constantFrom(...'ABCxyz019-_'))
    .filter(([i, c]) => real[i] !== c)
    .map(([i, c]): CursorCase => ({ kind: 'tampered', cursor: `${real.slice(0, i)}${c}${real.slice(i + 1)}` }));
  return fc.oneof(garbage, truncated, changed);
}
