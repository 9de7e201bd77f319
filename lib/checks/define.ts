import type { Effect, KeySlot, Surface } from '../config/target.js';
import type { CheckContext } from './context.js';

/**
 * A check: one scenario against the target, asserting one or a few rules. Checks are plain data
 * plus a function, so the vitest suites and the in-process fault proofs run the very same code.
 */
export interface CheckDefinition {
  /** Stable, unique: `core.contacts.edit-unknown-404`. */
  readonly id: string;
  readonly title: string;
  readonly surface: Surface;
  /** Rule IDs this check asserts; the report attributes every assertion to one of them. */
  readonly rules: readonly string[];
  /** The most requests the check may send (cleanup excluded); stated so a live run's cost is known up front. */
  readonly maxRequests: number;
  readonly needs?: {
    readonly keys?: readonly KeySlot[];
    readonly surfaces?: readonly Surface[];
    readonly effects?: readonly Effect[];
  };
  run(t: CheckContext): Promise<void>;
}

export function defineCheck(def: CheckDefinition): CheckDefinition {
  return def;
}
