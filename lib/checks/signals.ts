import type { Evidence } from '../results/outcome.ts';

/**
 * Control flow of a check. These are not harness errors: they end a check with a verdict.
 */

/** The target broke a rule. */
export class RuleViolation extends Error {
  constructor(
    readonly rule: string,
    message: string,
    readonly evidence?: Evidence,
  ) {
    super(message);
    this.name = 'RuleViolation';
  }
}

/** The check cannot run here: a key pair, host, effect or fixture is missing. */
export class SkipSignal extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'SkipSignal';
  }
}

/**
 * A step the check builds on failed (creating the contact to edit, say). The rules under test
 * are not judged; the report points at the failed step, which its own rule judges elsewhere.
 */
export class PrerequisiteFailed extends Error {
  constructor(
    message: string,
    readonly evidence?: Evidence,
  ) {
    super(message);
    this.name = 'PrerequisiteFailed';
  }
}
