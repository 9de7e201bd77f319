/**
 * A list read on an account others may write to at the same time: two reads of it need not be equal, so a
 * list read between two reads of a reference (`before` and `after`) is judged by membership. An item both
 * reference reads hold existed all along and must be in it; an item neither holds came from nowhere the
 * reference knows and must not be. What changed in between may go either way.
 */
export interface Membership {
  readonly missing: readonly string[];
  readonly extra: readonly string[];
}

export function membership(got: readonly string[], before: readonly string[], after: readonly string[]): Membership {
  const served = new Set(got);
  const [early, late] = [new Set(before), new Set(after)];
  return {
    missing: before.filter((id) => late.has(id) && !served.has(id)),
    extra: got.filter((id) => !early.has(id) && !late.has(id)),
  };
}

/** What keeps `got` from agreeing with the reference, in words, or undefined. */
export function membershipProblem(got: readonly string[], before: readonly string[], after: readonly string[]): string | undefined {
  const { missing, extra } = membership(got, before, after);
  if (missing.length > 0) return `left out ${missing.length} item(s) present throughout, e.g. ${missing[0]}`;
  if (extra.length > 0) return `held ${extra.length} item(s) the reference never held, e.g. ${extra[0]}`;
  return undefined;
}
