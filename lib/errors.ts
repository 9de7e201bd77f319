import type { Exchange } from './http/exchange.ts';

/**
 * Errors raised by the harness itself. A harness error is never reported as a
 * target failure: a rule whose check hits one is reported with status `error`.
 * Each class carries a stable `code` that tools and the docs refer to.
 */
export class HarnessError extends Error {
  readonly code: string;
  constructor(code: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
    this.code = code;
  }
}

/** A configuration variable is missing or invalid. */
export class ConfigError extends HarnessError {
  constructor(message: string) {
    super('CC_ERR_CONFIG', message);
  }
}

/** The target could not be reached or the exchange broke below HTTP (DNS, TCP, TLS, timeout). */
export class TransportError extends HarnessError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('CC_ERR_TRANSPORT', message, options);
  }
}

/** What a TLS handshake failed on; each says what to fix. */
export type TlsProblem = 'unknown-ca' | 'expired' | 'wrong-host' | 'other';

/** The TLS handshake with the target failed: its certificate is not one this run can trust. */
export class TlsError extends TransportError {
  override readonly code = 'CC_ERR_TLS';
  readonly problem: TlsProblem;
  constructor(problem: TlsProblem, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.problem = problem;
  }
}

/** The target closed or reset the connection before its answer was complete. */
export class ConnectionResetError extends TransportError {
  override readonly code = 'CC_ERR_RESET';
}

/** The target sent no answer, or stopped sending its body, for longer than `CC_TIMEOUT_MS`. */
export class ResponseTimeoutError extends TransportError {
  override readonly code = 'CC_ERR_TIMEOUT';
}

/**
 * An answer's body ran past the most the client reads (a list of a few pages is far below it): the rest
 * was not read and the connection was dropped, so a runaway body cannot exhaust the run's memory.
 */
export class BodyTooLargeError extends TransportError {
  override readonly code = 'CC_ERR_BODY_TOO_LARGE';
}

/**
 * The target could not serve a request the check needs: a `502`, `503` or `504` after the retries the
 * spec allows (or at once for a create that must not be sent twice), or any `5xx` to a step the check
 * builds on. The spec's `503` means a dependency is down, which says nothing of the rules.
 */
export class UnavailableError extends HarnessError {
  readonly exchange?: Exchange;
  constructor(message: string, exchange?: Exchange) {
    super('CC_ERR_UNAVAILABLE', message);
    if (exchange) this.exchange = exchange;
  }
}

/**
 * A step a check builds on was answered with a body labelled JSON that does not parse: the rules it
 * prepares were not judged (each host's JSON rule judges bodies themselves).
 */
export class MalformedAnswerError extends HarnessError {
  constructor(message: string) {
    super('CC_ERR_MALFORMED_ANSWER', message);
  }
}

/**
 * An edge (CDN or firewall) answered instead of the API: a `403` with an HTML body.
 * The spec says this is not an authorization failure, so it is not the target's rule to fail.
 */
export class EdgeBlockError extends HarnessError {
  /** The edge's answer, for the checks that judge the edge itself. */
  readonly exchange?: Exchange;
  constructor(message: string, exchange?: Exchange) {
    super('CC_ERR_EDGE_BLOCK', message);
    if (exchange) this.exchange = exchange;
  }
}

/**
 * A request needs a host or a key pair the target does not configure: nothing was sent and no allowance
 * spent. The message is what would supply it (`needs CC_AI_URL`), so a check's step is skipped with it as its
 * reason (lib/checks/session.ts turns this error into that skip) and the cleanup command names it.
 */
export class NotConfiguredError extends HarnessError {
  constructor(message: string) {
    super('CC_ERR_NOT_CONFIGURED', message);
  }
}

/** The target kept answering `429` after the client waited for the announced reset and backed off. */
export class BudgetExhaustedError extends HarnessError {
  constructor(message: string) {
    super('CC_ERR_BUDGET', message);
  }
}

/**
 * The target asked to be retried further ahead than its rate window allows (a reset or Retry-After beyond
 * one window, as a reset in milliseconds would be): the run reports it at once instead of sleeping on it.
 */
export class WaitOutOfRangeError extends HarnessError {
  constructor(message: string) {
    super('CC_ERR_WAIT_RANGE', message);
  }
}

/** The run was interrupted (Ctrl-C, SIGTERM) or the check overran its time: it sends nothing more but its cleanup. */
export class InterruptedError extends HarnessError {
  constructor(message: string) {
    super('CC_ERR_INTERRUPTED', message);
  }

  /** What was left undone, and why: the abort signal's reason when it gives one. */
  static of(what: string, reason: unknown): InterruptedError {
    return new InterruptedError(`${what}: ${reason instanceof Error ? reason.message : 'the run was interrupted'}`);
  }
}

/**
 * A check overran its time limit (its allowance at the run's pace, with generous slack): it was stopped
 * like an interrupted one, its cleanups ran, and what it had not finished is an error.
 */
export class CheckTimeLimitError extends HarnessError {
  constructor(message: string) {
    super('CC_ERR_TIME_LIMIT', message);
  }
}

/** A check tried to spend more requests than it declares; keeps live runs inside their stated cost. */
export class RequestAllowanceError extends HarnessError {
  constructor(message: string) {
    super('CC_ERR_ALLOWANCE', message);
  }
}

/** A check names a rule, schema or fixture the project does not define. */
export class DefinitionError extends HarnessError {
  constructor(message: string) {
    super('CC_ERR_DEFINITION', message);
  }
}

/** A traffic capture that cannot be read: not HAR, cut short, or an entry that is not one. */
export class TrafficInputError extends HarnessError {
  constructor(message: string) {
    super('CC_ERR_TRAFFIC_INPUT', message);
  }
}

/** Every harness error code, listed once so the README table can be checked against it. */
export const HARNESS_ERROR_CODES = [
  'CC_ERR_CONFIG',
  'CC_ERR_TRANSPORT',
  'CC_ERR_TLS',
  'CC_ERR_RESET',
  'CC_ERR_TIMEOUT',
  'CC_ERR_BODY_TOO_LARGE',
  'CC_ERR_UNAVAILABLE',
  'CC_ERR_MALFORMED_ANSWER',
  'CC_ERR_EDGE_BLOCK',
  'CC_ERR_NOT_CONFIGURED',
  'CC_ERR_BUDGET',
  'CC_ERR_WAIT_RANGE',
  'CC_ERR_INTERRUPTED',
  'CC_ERR_TIME_LIMIT',
  'CC_ERR_ALLOWANCE',
  'CC_ERR_DEFINITION',
  'CC_ERR_TRAFFIC_INPUT',
] as const;
