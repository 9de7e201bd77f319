/**
 * Every configuration variable, listed once. The README table, the config loader
 * and the mock's `export` lines all read this list, so they cannot drift apart.
 */
export interface VariableSpec {
  readonly name: string;
  readonly meaning: string;
  readonly default?: string;
  /** Never printed: the value is replaced by `[redacted]` wherever config is shown. */
  readonly secret?: boolean;
  /** What the variable does when no target is named and a command starts the bundled mock (see BUNDLED_MOCK_USE). */
  readonly bundledMock: BundledMockUse;
}

/**
 * `target`: names a target, so the bundled mock starts only when no variable of this kind is set;
 * `mock`: the bundled mock gives its own value, and a value given is checked, then not used;
 * `applies`: applies to a run against the bundled mock as to any target.
 */
export type BundledMockUse = 'target' | 'mock' | 'applies';

/** How the README's variable table words each use. */
export const BUNDLED_MOCK_USE: Readonly<Record<BundledMockUse, string>> = {
  target: 'chooses a target',
  mock: "the mock's own",
  applies: 'applies',
};

export const VARIABLES = [
  { name: 'CC_BASE_URL', bundledMock: 'target', meaning: 'core host including its `/api` prefix, e.g. `https://127.0.0.1:7443/api`' },
  { name: 'CC_ANALYTICS_URL', bundledMock: 'target', meaning: 'analytics host including `/api`' },
  { name: 'CC_AI_URL', bundledMock: 'target', meaning: 'AI host including `/v1` (Conversation Intelligence, VoiceAgent, Dialer under `/dialer`)' },
  { name: 'CC_CUECARD_URL', bundledMock: 'target', meaning: 'CueCard host including `/api`' },
  { name: 'CC_KEY_ID', bundledMock: 'target', meaning: 'API Access Key ID of the company under test' },
  { name: 'CC_KEY_SECRET', bundledMock: 'target', meaning: 'API Access Key Secret of the company under test', secret: true },
  { name: 'CC_KEY2_ID', bundledMock: 'mock', meaning: 'optional second key pair of the same company' },
  { name: 'CC_KEY2_SECRET', bundledMock: 'mock', meaning: 'secret of the second key pair', secret: true },
  { name: 'CC_OTHER_KEY_ID', bundledMock: 'mock', meaning: 'optional key pair of a different company' },
  { name: 'CC_OTHER_KEY_SECRET', bundledMock: 'mock', meaning: "secret of the other company's key pair", secret: true },
  { name: 'CC_REVOKED_KEY_ID', bundledMock: 'mock', meaning: 'optional revoked key pair of the company under test (the `401` on revoked credentials)' },
  { name: 'CC_REVOKED_KEY_SECRET', bundledMock: 'mock', meaning: 'secret of the revoked key pair', secret: true },
  {
    name: 'CC_LIMITS_KEY_ID',
    bundledMock: 'mock',
    meaning: 'optional key pair of a company at its limits: agent maximum reached and no SMS funds (the `403` rules)',
  },
  { name: 'CC_LIMITS_KEY_SECRET', bundledMock: 'mock', meaning: 'secret of the limits key pair', secret: true },
  {
    name: 'CC_VOICE_AGENT_ID',
    bundledMock: 'mock',
    meaning: 'optional id of an existing voice agent of the company, read by the VoiceAgent checks when `voice-agent` is not in `CC_EFFECTS`',
  },
  {
    name: 'CC_DIALER_RELEASE',
    bundledMock: 'applies',
    meaning:
      'the Dialer release the target is expected to be: `pre-1.0.21`, `1.0.21`, `1.0.22`, `next` (2026-09-07) or `latest` (next plus the undated disposition changes); the suite checks exactly that release',
    default: 'latest',
  },
  {
    name: 'CC_DIALER_ROUTES',
    bundledMock: 'applies',
    meaning:
      'optional JSON file overriding Dialer paths by route name, e.g. `{ "campaigns.get": "GET /dialer/v2/campaigns/{campaignId}" }` (names in `lib/dialer/routes.ts`)',
  },
  {
    name: 'CC_DIALER_ARCHIVED_TAG_ID',
    bundledMock: 'mock',
    meaning: 'optional id of an archived call tag of the company (no endpoint lists one), for the archived-disposition rules',
  },
  { name: 'CC_CA_FILE', bundledMock: 'mock', meaning: 'optional PEM file of an extra CA to trust (the mock writes its own)' },
  { name: 'CC_RATE_WINDOW_MS', bundledMock: 'mock', meaning: "length of the target's rate window in ms", default: '60000' },
  {
    name: 'CC_EFFECTS',
    bundledMock: 'mock',
    meaning:
      'side effects the suite may cause on the target, comma-separated; none on a live target unless listed. Each effect is one the API cannot undo or that touches the whole company: `call`, `sms`, `voice-agent`, `voice-call`, `emergency-stop`, `dialer-records`, `dialer-exports`, `campaign-sequences`, `group-sequences` and `budget` (see docs/live-account.md)',
    default: '',
  },
  {
    name: 'CC_BUDGET_EXCLUSIVE',
    bundledMock: 'mock',
    meaning:
      "`true` when no other client spends the company's core or Dialer budget while the run lasts. Only then can the budget checks tell a target that serves fewer than 60 requests a minute from another integration spending the rest. Without it, such a count is reported inconclusive, never failed. The bundled mock is always exclusive",
    default: 'false',
  },
  {
    name: 'CC_BUDGET_SHARE',
    bundledMock: 'applies',
    meaning:
      "the share of each company's budget per window the run may spend on each host, from 0.0167 (one request per window) to 1. The suite paces itself at floor(60 × share) requests per window, at most 58 (two under the budget, against network jitter). The company's other integrations keep the rest. It is 1 against the bundled mock. The budget checks, which spend whole budgets on purpose, are exempt",
    default: '0.5',
  },
  {
    name: 'CC_FUZZ_RANDOM',
    bundledMock: 'applies',
    meaning:
      'values each fuzzed check that draws them (CC_FUZZ_CHECKS) sends beyond its exact boundaries, drawn among its chosen samples and random values. Every fuzzed check always sends its boundaries. A whole number (each value costs a request or two, and the plan counts only those allowed), or `all` for every value each check states. The run seed picks the values, so successive runs try different ones',
    default: '1 on a configured target, all against the bundled mock',
  },
  {
    name: 'CC_FUZZ_CHECKS',
    bundledMock: 'applies',
    meaning:
      "how many of each lane's fuzzed checks draw random values (CC_FUZZ_RANDOM each) in a run: a whole number or `all`. The run seed chooses them, so successive runs draw with others. Every fuzzed check sends its exact boundaries each run. The plan counts the dearest that many of each lane",
    default: '3 on a configured target, all against the bundled mock',
  },
  {
    name: 'CC_SEQUENCES',
    bundledMock: 'applies',
    meaning:
      'random sequences of operations each stateful check runs against its model: a whole number, 0 for none (the stateful checks are then skipped). Each step costs a request or two of the budget. On a configured target a sequence has at most 6 steps and 8 requests, its closing apart, and a run keeps no requests for shrinking a failing one. Its rerun line (CC_SEQUENCE_REPLAY) replays it alone and shrinks it with up to 24. Against the bundled mock a sequence has up to 14 steps, and a lane may spend 2,000 requests shrinking. A check whose closing steps judge every rule may take fewer sequences or steps',
    default: '1 on a configured target, 10 against the bundled mock',
  },
  {
    name: 'CC_SEQUENCE_CHECKS',
    bundledMock: 'applies',
    meaning:
      "how many of each lane's stateful checks draw the random steps of their sequences (CC_SEQUENCES) in a run: a whole number or `all`. The others run their closing steps alone, which judge each of their rules. The run seed chooses them, so successive runs explore with others. The plan counts the dearest that many of each lane",
    default: '1 on a configured target, all against the bundled mock',
  },
  {
    name: 'CC_SEQUENCE_REPLAY',
    bundledMock: 'applies',
    meaning:
      "a stateful check's failing sequence to run again, alone, as `<check id>:<rule id>:<seed>:<path>`; the report's rerun line for the rule gives it. On a configured target the replay shrinks it with up to 24 requests, which a whole run does not spend",
  },
  { name: 'CC_TIMEOUT_MS', bundledMock: 'applies', meaning: 'per-request timeout in ms', default: '15000' },
  {
    name: 'CC_SEED',
    bundledMock: 'applies',
    meaning: "seed of the run's random choices and fuzzing; printed on every run so it can be replayed",
    default: 'random',
  },
  {
    name: 'CC_EXPECTATIONS',
    bundledMock: 'applies',
    meaning:
      'optional expectations file of the gate (`--expect` overrides it): rules and checks out of scope, and known failures, each with its reason (format `schemas/gate/expectations.json`; see docs/ci-gate.md)',
  },
  {
    name: 'CC_TRAFFIC_SALT',
    bundledMock: 'applies',
    meaning:
      '`observe` and the recording proxy name each company by a hash of its key ID salted with this (`--salt` overrides it); the same salt names a company alike in every report, and no key is ever kept',
    default: 'a fresh salt each time',
  },
  {
    name: 'CC_CONFIG_FILE',
    bundledMock: 'applies',
    meaning: 'JSON file holding any of these variables by name; env vars win over it',
    default: 'cc-conformance.json if present',
  },
] as const satisfies readonly VariableSpec[];

export type VariableName = (typeof VARIABLES)[number]['name'];
