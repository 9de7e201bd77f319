/**
 * The requests a lane's stateful checks may spend shrinking failing sequences, in all: one allowance
 * (CC_SEQUENCES' shrinking requests) for the lane instead of one a check. A failing sequence is rare, so the
 * lane keeps that room once: each check's own allowance still holds it whole (any of them may fail first and
 * shrink alone), and the plan counts it once a lane. A later failure in the lane shrinks with what the
 * earlier ones left, and its story says how many shorter candidates it passed over.
 *
 * Each check's sequences are counted at their declared cost (an upper bound of what they send, the deletion
 * of what they make included): within the check's own sequences' share nothing is drawn; beyond it, the
 * excess is drawn from the lane's allowance. So the lane's stateful checks together send at most their
 * sequences' shares and one shrinking allowance, which is what the plan prints.
 */
export class ShrinkAllowances {
  readonly #pools = new Map<string, { readonly whole: number; readonly checks: Map<string, { readonly share: number; spent: number }> }>();

  /** Enters a check in its pool (`pool`: its lane), with what its own sequences may spend (`share`) and the pool's whole allowance. */
  join(pool: string, check: string, share: number, whole: number): void {
    const entry = this.#pools.get(pool) ?? { whole, checks: new Map() };
    this.#pools.set(pool, entry);
    if (!entry.checks.has(check)) entry.checks.set(check, { share, spent: 0 });
  }

  /** Whether the pool still covers a sequence of the check that costs `cost` at most. */
  covers(pool: string, check: string, cost: number): boolean {
    const entry = this.#pools.get(pool);
    const own = entry?.checks.get(check);
    if (!entry || !own) return false;
    let drawnByOthers = 0;
    for (const [id, c] of entry.checks) if (id !== check) drawnByOthers += Math.max(0, c.spent - c.share);
    return Math.max(0, own.spent + cost - own.share) <= entry.whole - drawnByOthers;
  }

  /** Counts a sequence of the check at its declared cost. */
  spend(pool: string, check: string, cost: number): void {
    const own = this.#pools.get(pool)?.checks.get(check);
    if (own) own.spent += cost;
  }
}
