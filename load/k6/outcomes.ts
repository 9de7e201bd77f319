/**
 * What became of each request, as metrics both scripts record themselves: k6's built-in metrics know
 * statuses but not budgets, and thresholds need counts per surface and company.
 */
import type { RefinedResponse, ResponseType } from 'k6/http';
import { Counter, Rate } from 'k6/metrics';
import { outcomeOf, type RecordOutcome } from '../shared/records.ts';
import type { RequestTags } from './target.ts';

export const served = new Counter('served');
export const limited = new Counter('limited');
export const errors = new Counter('errors');
/** Requests that got no answer at all (timeout, reset, TLS): the run's own health, not the target's verdict. */
export const transportErrors = new Rate('transport_errors');

/** A run may lose this share of its requests to the network before the verdict is void. */
export const TRANSPORT_ERROR_TOLERANCE = 0.01;

/** `servedAs`: the statuses that serve the request when not 2xx alone (the budget probe's mix). */
export function recordOutcome(res: RefinedResponse<ResponseType | undefined>, tags: RequestTags, servedAs?: readonly number[]): RecordOutcome {
  const outcome = outcomeOf(servedAs ? { status: res.status, servedAs } : res);
  const metric = outcome === 'served' ? served : outcome === 'limited' ? limited : errors;
  metric.add(1, tags);
  transportErrors.add(res.status === 0, tags);
  return outcome;
}
