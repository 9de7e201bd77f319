/**
 * A fault breaks one rule the way a real server might. `--fault NAME` switches one on; the proofs in
 * `test/proofs/` run the suite against each fault and require its rule to be reported failed.
 */
export interface FaultSpec {
  readonly name: string;
  /** The rule ID the suite must report failed when this fault is on. */
  readonly breaks: string;
  readonly does: string;
}

export const fault = (name: string, breaks: string, does: string): FaultSpec => ({ name, breaks, does });
