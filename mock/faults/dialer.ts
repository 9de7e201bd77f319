import { type FaultSpec, fault as f } from './spec.js';

/** Faults of the Dialer as a whole: authentication, its budget, unmatched routes. */
export const DIALER_FAULTS: readonly FaultSpec[] = [
  f('dialer-x-api-key-accepted', 'DIALER-X-API-KEY-401', 'a request carrying x-api-key is served'),
  f('dialer-rejects-basic', 'DIALER-SAME-KEY', 'the Dialer refuses the standard key pairs with 401'),
  f('dialer-rate-59', 'DIALER-RATE-60', 'the 60th Dialer request of a window gets 429'),
  f('dialer-rate-off', 'DIALER-RATE-429', 'Dialer requests over the budget are served'),
  f('dialer-rate-per-key', 'DIALER-RATE-PER-COMPANY', 'the Dialer budget is counted per key'),
  f('dialer-rate-shared-with-core', 'DIALER-RATE-SEPARATE', 'Dialer requests also spend the core budget'),
  f('dialer-route-not-found-echo', 'DIALER-ROUTE-NOT-FOUND', 'an unmatched Dialer route repeats method, path and query, without correlationId'),
];
