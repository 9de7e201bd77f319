import type { Exchange } from './http/exchange.js';

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

/** Every harness error code, listed once so the README table can be checked against it. */
export const HARNESS_ERROR_CODES = [
  'CC_ERR_CONFIG',
  'CC_ERR_TRANSPORT',
  'CC_ERR_EDGE_BLOCK',
  'CC_ERR_BUDGET',
  'CC_ERR_WAIT_RANGE',
  'CC_ERR_INTERRUPTED',
  'CC_ERR_TIME_LIMIT',
  'CC_ERR_ALLOWANCE',
  'CC_ERR_DEFINITION',
] as const;
