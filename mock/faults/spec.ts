import type { Release } from '../../lib/dialer/releases.ts';
import type { RuleId } from '../../lib/rules/index.ts';

/**
 * A fault breaks one rule the way a real server might. `--fault NAME` switches one on; the proofs in
 * `test/proofs/` run the suite against each fault and require its rule to be reported failed.
 */
export interface FaultSpec<Name extends string = string> {
  readonly name: Name;
  /** The rule ID the suite must report failed when this fault is on. */
  readonly breaks: RuleId;
  readonly does: string;
  /** The Dialer release profile the fault is proved under, when its rule belongs to older releases only. */
  readonly release?: Release;
}

/** Keeps the name's literal type, so the registry can type every name the mock may ask for. */
export const fault = <const Name extends string>(name: Name, breaks: RuleId, does: string, release?: Release): FaultSpec<Name> => ({
  name,
  breaks,
  does,
  ...(release ? { release } : {}),
});
