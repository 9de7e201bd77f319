/**
 * The budget of a metered surface as both engines measure it: one shape for an answer, whichever engine
 * sent the request (the conformance checks' Exchange has it; the k6 budget probe builds it from k6's
 * response), so the judges of this folder read both alike.
 *
 * Everything in lib/budget is plain TypeScript with `.ts` import paths and no Node built-ins: the k6
 * budget probe loads these very files.
 */
import type { MeteredSurface } from '../contract/vocabulary.ts';

/** One request and its answer, as far as the budget judges read it. */
export interface BudgetAnswer {
  /** Epoch ms on our clock when the request went out. */
  readonly startedAt: number;
  readonly durationMs: number;
  /** The HTTP status; no answer at all is not a BudgetAnswer (see FiredAtOnce.failures). */
  readonly status: number;
  /** Response headers by lower-case name. */
  readonly headers: Readonly<Record<string, string | undefined>>;
  /** The parsed JSON body, or undefined when it was empty or not JSON. */
  readonly json: unknown;
  /** The statuses that serve the request (request-mix.ts: a refused write serves too); 2xx when not said. */
  readonly servedAs?: readonly number[];
}

/** Served: answered as the request is answered when the budget has room (not 429, not an error it should not get). */
export const isServed = (a: BudgetAnswer): boolean => (a.servedAs ? a.servedAs.includes(a.status) : a.status >= 200 && a.status < 300);
export const isLimited = (a: BudgetAnswer): boolean => a.status === 429;

/** When the answer had come, on our clock. */
export const receivedAt = (a: BudgetAnswer): number => a.startedAt + a.durationMs;

export function surfaceName(surface: MeteredSurface): string {
  return surface === 'core' ? 'core API' : 'Dialer';
}
