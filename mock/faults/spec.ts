import type { Release } from '../../lib/dialer/releases.js';

/**
 * A fault breaks one rule the way a real server might. `--fault NAME` switches one on; the proofs in
 * `test/proofs/` run the suite against each fault and require its rule to be reported failed.
 */
export interface FaultSpec {
  readonly name: string;
  /** The rule ID the suite must report failed when this fault is on. */
  readonly breaks: string;
  readonly does: string;
  /** The Dialer release profile the fault is proved under, when its rule belongs to older releases only. */
  readonly release?: Release;
}

export const fault = (name: string, breaks: string, does: string, release?: Release): FaultSpec => ({ name, breaks, does, ...(release ? { release } : {}) });
