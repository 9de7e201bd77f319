/**
 * The scenarios both engines run, by name. Each is written once, here; `npm run load -- --scenario NAME`
 * and the k6 scripts under `load/k6/` import the same objects. Rates are per target window (the spec's
 * minute, or the window a mock was started with), so one scenario fits a live account and a fast mock.
 */
import type { LoadEndpoint, LoadScenario } from '../shared/scenario-model.ts';

/** Cheap reads of each metered surface: a load run never writes. */
export const CORE_READ: LoadEndpoint = { method: 'GET', path: '/countries/index.json' };
export const DIALER_READ: LoadEndpoint = { method: 'GET', path: '/dialer/campaigns', query: { limit: '1' } };
/** A second core read, so a steady pace spends the budget over two endpoints as an integration's reads would. */
export const BLACKLIST_READ: LoadEndpoint = { method: 'GET', path: '/blacklist/index.json', query: { limit: '1' } };

/** Both surfaces at half the budget: everything must be served. A gentle first run against a new target. */
export const smoke: LoadScenario = {
  name: 'smoke',
  description: 'core and Dialer at 30 requests per window each for 2 windows; no request may get 429',
  streams: [
    { name: 'core-primary', surface: 'core', key: 'primary', endpoint: CORE_READ, perWindow: 30, startWindow: 0, windows: 2, mustServe: true },
    { name: 'dialer-primary', surface: 'dialer', key: 'primary', endpoint: DIALER_READ, perWindow: 30, startWindow: 0, windows: 2, mustServe: true },
  ],
  limited: [],
};

/**
 * Over budget on both surfaces with two keys of one company, while another company stays under its
 * own: the company is limited whichever key it uses, the other company is not.
 */
export const budgetFlood: LoadScenario = {
  name: 'budget-flood',
  description:
    'the company floods core and Dialer at 120 per window over two keys for 3 windows; another company sends 30 per window and must be served throughout',
  streams: [
    { name: 'core-primary', surface: 'core', key: 'primary', endpoint: CORE_READ, perWindow: 90, startWindow: 0, windows: 3 },
    { name: 'core-second', surface: 'core', key: 'second', endpoint: CORE_READ, perWindow: 30, startWindow: 0, windows: 3 },
    { name: 'core-other', surface: 'core', key: 'other', endpoint: CORE_READ, perWindow: 30, startWindow: 0, windows: 3, mustServe: true },
    { name: 'dialer-primary', surface: 'dialer', key: 'primary', endpoint: DIALER_READ, perWindow: 90, startWindow: 0, windows: 3 },
    { name: 'dialer-second', surface: 'dialer', key: 'second', endpoint: DIALER_READ, perWindow: 30, startWindow: 0, windows: 3 },
    { name: 'dialer-other', surface: 'dialer', key: 'other', endpoint: DIALER_READ, perWindow: 30, startWindow: 0, windows: 3, mustServe: true },
  ],
  limited: [
    { company: 'self', surface: 'core' },
    { company: 'self', surface: 'dialer' },
  ],
};

/** One surface over budget while the other stays under: the budgets are separate in both directions. */
export const budgetSeparate: LoadScenario = {
  name: 'budget-separate',
  description: 'core flooded at 90 per window while the Dialer gets 30, then the other way round, 2 windows each; the quiet surface must be served throughout',
  streams: [
    { name: 'core-flood', surface: 'core', key: 'primary', endpoint: CORE_READ, perWindow: 90, startWindow: 0, windows: 2 },
    { name: 'dialer-quiet', surface: 'dialer', key: 'primary', endpoint: DIALER_READ, perWindow: 30, startWindow: 0, windows: 2, mustServe: true },
    { name: 'dialer-flood', surface: 'dialer', key: 'second', endpoint: DIALER_READ, perWindow: 90, startWindow: 3, windows: 2 },
    { name: 'core-quiet', surface: 'core', key: 'second', endpoint: CORE_READ, perWindow: 30, startWindow: 3, windows: 2, mustServe: true },
  ],
  limited: [
    { company: 'self', surface: 'core' },
    { company: 'self', surface: 'dialer' },
  ],
};

/**
 * A capacity probe: both surfaces ramp their arrival rate up together, so the answers show where latency
 * starts to grow with load. The ramp tops out under the budget (54 of 60), so every request must be
 * served and nothing of the company's budget is flooded; the latency limits are generous, the kind a
 * healthy target meets with room to spare (`--latency` sets tighter ones).
 */
export const capacityRamp: LoadScenario = {
  name: 'capacity-ramp',
  description:
    'core and Dialer each ramp from 6 to 54 requests per window over 4 windows, under the budget throughout; every request must be served, p95 below 1000 ms and p99 below 2500 ms per surface',
  streams: [
    { name: 'core-ramp', surface: 'core', key: 'primary', endpoint: CORE_READ, perWindow: 6, rampToPerWindow: 54, startWindow: 0, windows: 4, mustServe: true },
    {
      name: 'dialer-ramp',
      surface: 'dialer',
      key: 'primary',
      endpoint: DIALER_READ,
      perWindow: 6,
      rampToPerWindow: 54,
      startWindow: 0,
      windows: 4,
      mustServe: true,
    },
  ],
  limited: [],
  latency: {
    core: { p95Ms: 1000, p99Ms: 2500 },
    dialer: { p95Ms: 1000, p99Ms: 2500 },
  },
};

/**
 * A budget held over time: each surface at the suite's own pace, 58 a window (two under the budget,
 * against timing jitter), window after window, as a campaign's steady traffic would be. Evenly spaced,
 * no window of any reading (opened by a first request, on the clock, or a sliding log) ever holds more
 * than 59 of them, so a single 429 (early, at a boundary) fails the run (spec: Limits, 60 per minute per
 * company). On the core two endpoints share the pace, as an integration's reads would.
 */
export const budgetSteady: LoadScenario = {
  name: 'budget-steady',
  description: 'core (countries and blacklist, 29 each) and Dialer at 58 requests per window for 5 windows; every request must be served',
  streams: [
    { name: 'core-countries', surface: 'core', key: 'primary', endpoint: CORE_READ, perWindow: 29, startWindow: 0, windows: 5, mustServe: true },
    { name: 'core-blacklist', surface: 'core', key: 'primary', endpoint: BLACKLIST_READ, perWindow: 29, startWindow: 1 / 58, windows: 5, mustServe: true },
    { name: 'dialer-steady', surface: 'dialer', key: 'primary', endpoint: DIALER_READ, perWindow: 58, startWindow: 0, windows: 5, mustServe: true },
  ],
  limited: [],
};

export const SCENARIOS: readonly LoadScenario[] = [smoke, budgetFlood, budgetSeparate, capacityRamp, budgetSteady];

export function scenarioNamed(name: string): LoadScenario | undefined {
  return SCENARIOS.find((s) => s.name === name);
}

/**
 * A paced run at a share of each budget, for the capacity probe: `share` of 60 per window on core and
 * Dialer for `windows` windows, with the company's primary key.
 */
export function pacedShare(options: { readonly coreShare: number; readonly dialerShare: number; readonly windows: number }): LoadScenario {
  const core = Math.max(1, Math.floor(60 * options.coreShare));
  const dialer = Math.max(1, Math.floor(60 * options.dialerShare));
  return {
    name: 'capacity-probe',
    description: `core at ${core} and Dialer at ${dialer} requests per window for ${options.windows} windows`,
    streams: [
      { name: 'core-share', surface: 'core', key: 'primary', endpoint: CORE_READ, perWindow: core, startWindow: 0, windows: options.windows },
      { name: 'dialer-share', surface: 'dialer', key: 'primary', endpoint: DIALER_READ, perWindow: dialer, startWindow: 0, windows: options.windows },
    ],
    limited: [],
  };
}
