import { existsSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { NEWEST, parseRelease, RELEASES } from '../dialer/releases.ts';
import { loadDialerRoutes } from '../dialer/routes.ts';
import { ConfigError } from '../errors.ts';
import { EFFECTS, REPLAY_SHRINK_REQUESTS, type Effect, type KeyPair, type SequenceReplay, type SequenceSize, type Target } from './target.ts';
import { KEY_SLOT_VARIABLE, SURFACE_VARIABLE } from '../contract/vocabulary.ts';
import { parseJsonFile } from './json-file.ts';
import { VARIABLES } from './variables.ts';
import { BUDGET_PER_WINDOW, KEY_SLOTS, type KeySlot, SURFACES, type Surface } from '../contract/vocabulary.ts';

type Source = Readonly<Record<string, string | undefined>>;

const KNOWN = new Set<string>(VARIABLES.map((v) => v.name));
const DEFAULT_CONFIG_FILE = 'cc-conformance.json';

/** The config file the settings are read from: the one CC_CONFIG_FILE names, else cc-conformance.json where present. */
export function configFileOf(env: Source, cwd = process.cwd()): string | undefined {
  const named = env.CC_CONFIG_FILE === '' ? undefined : env.CC_CONFIG_FILE;
  const path = resolve(cwd, named ?? DEFAULT_CONFIG_FILE);
  if (named === undefined && !existsSync(path)) return undefined;
  if (!existsSync(path) || !statSync(path).isFile()) throw new ConfigError(`CC_CONFIG_FILE: no file at ${path}`);
  return path;
}

/**
 * Merges the optional config file under the environment: env vars win.
 * The file is a JSON object keyed by the same variable names as the env.
 */
export function readSettings(env: Source, cwd = process.cwd()): Record<string, string> {
  const path = configFileOf(env, cwd);
  const fromFile: Record<string, string> = {};
  if (path !== undefined) {
    const parsed = parseJsonFile(path, 'CC_CONFIG_FILE');
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
      throw new ConfigError(`CC_CONFIG_FILE: ${path} must hold a JSON object of CC_* variables`);
    }
    for (const [key, value] of Object.entries(parsed)) {
      if (!KNOWN.has(key)) throw new ConfigError(`${key}: unknown variable in ${path}`);
      if (typeof value !== 'string' && typeof value !== 'number') {
        throw new ConfigError(`${key}: must be a string or number in ${path}`);
      }
      fromFile[key] = String(value);
    }
  }
  const merged: Record<string, string> = { ...fromFile };
  for (const name of KNOWN) {
    const value = env[name];
    if (value !== undefined && value !== '') merged[name] = value;
  }
  return merged;
}

/** The variables that name a target: the host URLs and the key pair of the company under test. */
export const TARGET_VARIABLES: readonly string[] = VARIABLES.filter((v) => v.bundledMock === 'target').map((v) => v.name);

/** True when nothing names a target, so the run starts the bundled mock. */
export function namesNoTarget(settings: Record<string, string>): boolean {
  return !TARGET_VARIABLES.some((name) => settings[name] !== undefined);
}

function httpsUrl(name: string, raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    // Echo the value to help fix a typo, but not credentials someone put inside it.
    throw new ConfigError(`${name}: not a URL: ${JSON.stringify(raw.replace(/^([^:/?#]*:\/\/)[^/?#]*@/, '$1[redacted]@'))}`);
  }
  // The suite sends credentials on every request; the spec accepts only HTTPS, so plain HTTP is refused here.
  if (url.protocol !== 'https:') throw new ConfigError(`${name}: must be an https:// URL (the API accepts only HTTPS)`);
  if (url.search || url.hash) throw new ConfigError(`${name}: must not carry a query or fragment`);
  if (url.username || url.password) throw new ConfigError(`${name}: must not carry credentials; use CC_KEY_ID and CC_KEY_SECRET`);
  return url.href.replace(/\/+$/, '');
}

/** Node timers fire at once beyond 2^31 - 1 ms, so durations are capped at a day, far above any real window or timeout. */
const MAX_DURATION_MS = 86_400_000;

function flag(name: string, raw: string | undefined): boolean {
  if (raw === undefined || raw === 'false') return false;
  if (raw === 'true') return true;
  throw new ConfigError(`${name}: must be true or false, got ${JSON.stringify(raw)}`);
}

function durationMs(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > MAX_DURATION_MS) {
    throw new ConfigError(`${name}: must be an integer of milliseconds from 1 to ${MAX_DURATION_MS}, got ${JSON.stringify(raw)}`);
  }
  return Number(raw);
}

/** The share of the budget a run may spend unless told: half of a live company's, all of the bundled mock's. */
export const DEFAULT_BUDGET_SHARE = { live: 0.5, bundledMock: 1 } as const;

function budgetShare(raw: string | undefined, bundledMock: boolean): number {
  if (raw === undefined) return bundledMock ? DEFAULT_BUDGET_SHARE.bundledMock : DEFAULT_BUDGET_SHARE.live;
  const share = /^(0|[1-9]\d*)?(\.\d+)?$/.test(raw) && raw !== '' && raw !== '.' ? Number(raw) : Number.NaN;
  // Below 1/60 the pace would be no request at all per window.
  if (!(share * BUDGET_PER_WINDOW >= 1 && share <= 1)) {
    throw new ConfigError(
      `CC_BUDGET_SHARE: must be a decimal number from ${(1 / BUDGET_PER_WINDOW).toFixed(4)} (one request per window) to 1, got ${JSON.stringify(raw)}`,
    );
  }
  return share;
}

/**
 * A cap the variable `name` sets: a whole number, or `all` for none (undefined); unset, `live` on a configured
 * target and none against the bundled mock.
 */
function capOrAll(name: string, raw: string | undefined, bundledMock: boolean, live: number): number | undefined {
  if (raw === undefined) return bundledMock ? undefined : live;
  if (raw.trim() === 'all') return undefined;
  if (!/^\d+$/.test(raw.trim())) throw new ConfigError(`${name}: must be a whole number or all, got ${JSON.stringify(raw)}`);
  return Number(raw.trim());
}

/**
 * Fuzz values per check beyond its boundaries (CC_FUZZ_RANDOM): a cap, or none for each check's own number. A
 * live target draws one by default: the run seed changes, so a gate run on every deploy tries new values each time.
 */
function fuzzRandom(raw: string | undefined, bundledMock: boolean): { fuzzRandomCap?: number } {
  const cap = capOrAll('CC_FUZZ_RANDOM', raw, bundledMock, 1);
  return cap === undefined ? {} : { fuzzRandomCap: cap };
}

/**
 * How many stateful checks of a lane draw random steps (CC_SEQUENCE_CHECKS). A live target's default of 1 keeps a
 * run's random steps to one check's sequence a lane, while every stateful check's closing steps judge its rules;
 * the run seed chooses the check, so successive runs explore with each.
 */
function sequenceChecks(raw: string | undefined, bundledMock: boolean): { sequenceChecksPerLane?: number } {
  const cap = capOrAll('CC_SEQUENCE_CHECKS', raw, bundledMock, 1);
  return cap === undefined ? {} : { sequenceChecksPerLane: cap };
}

/**
 * How many fuzzed checks of a lane draw random values (CC_FUZZ_CHECKS). A live target's default of 3 keeps
 * a run's random values to a few requests a lane; the run seed chooses the checks, so successive runs
 * explore with others, where every check drawing every run would put all of them in every plan.
 */
function fuzzChecks(raw: string | undefined, bundledMock: boolean): { fuzzChecksPerLane?: number } {
  const cap = capOrAll('CC_FUZZ_CHECKS', raw, bundledMock, 3);
  return cap === undefined ? {} : { fuzzChecksPerLane: cap };
}

/**
 * What the steps of one sequence may send on a configured target, besides its 6 steps: dear steps (a create
 * and its delete) come in shorter sequences. The plan counts every sequence at its dearest, and a sequence
 * sends about half of that on average, so a cap of 8 instead of the 12 that 6 steps of 2 may reach takes
 * 4 requests a check off every run's plan and rarely anything off a sequence.
 */
const LIVE_STEP_REQUESTS = 8;

/**
 * Stateful sequences (CC_SEQUENCES): one short one a check on a configured target, where every step spends
 * budget; its closing steps judge every rule of the check, so one leaves none unjudged. There a run spends
 * nothing shrinking a failing sequence: a failure is rare, yet room kept for it would be counted in every
 * run's plan (a lane's stateful checks would need 24 requests more, most of a minute of the share). The
 * failing sequence, at most 6 steps and its closing, is reported as found, and its rerun line replays it
 * alone, which shrinks it with REPLAY_SHRINK_REQUESTS.
 */
function sequences(raw: string | undefined, bundledMock: boolean, replaying: boolean): SequenceSize {
  const size = bundledMock
    ? { count: 10, steps: 14, shrinkRequests: 2000 }
    : { count: 1, steps: 6, stepRequests: LIVE_STEP_REQUESTS, shrinkRequests: replaying ? REPLAY_SHRINK_REQUESTS : 0 };
  if (raw === undefined) return size;
  if (!/^\d+$/.test(raw.trim())) throw new ConfigError(`CC_SEQUENCES: must be a whole number, got ${JSON.stringify(raw)}`);
  return { ...size, count: Number(raw.trim()) };
}

/** A failing sequence to replay (CC_SEQUENCE_REPLAY): `<check id>:<rule id>:<seed>:<path>`, the path being fast-check's digits and colons. */
function sequenceReplay(raw: string | undefined): { sequenceReplay?: SequenceReplay } {
  if (raw === undefined) return {};
  const match = /^([a-z][\w.-]*):([A-Z][A-Z0-9-]*):(\d+):(\d+(?::\d+)*)$/.exec(raw.trim());
  if (!match)
    throw new ConfigError(`CC_SEQUENCE_REPLAY: must be <check id>:<rule id>:<seed>:<path> as a report's rerun line gives it, got ${JSON.stringify(raw)}`);
  const [, check, rule, seed, path] = match as unknown as [string, string, string, string, string];
  return { sequenceReplay: { check, rule, seed: Number(seed), path } };
}

/**
 * The credentials the settings hold, for a command that only keeps them out of what it writes: nothing is
 * checked, and half a pair counts (a key ID alone is still scrubbed).
 */
export function credentialsOf(settings: Readonly<Record<string, string>>): Pick<Target, 'keys'> {
  const keys: Partial<Record<KeySlot, KeyPair>> = {};
  for (const slot of KEY_SLOTS) {
    const idName = KEY_SLOT_VARIABLE[slot];
    const id = settings[idName];
    const secret = settings[idName.replace(/_ID$/, '_SECRET')];
    if (id !== undefined || secret !== undefined) keys[slot] = { id: id ?? '', secret: secret ?? '' };
  }
  return { keys };
}

function keyPair(settings: Record<string, string>, slot: KeySlot): KeyPair | undefined {
  const idName = KEY_SLOT_VARIABLE[slot];
  const secretName = idName.replace(/_ID$/, '_SECRET');
  const id = settings[idName];
  const secret = settings[secretName];
  if (id === undefined && secret === undefined) return undefined;
  if (id === undefined) throw new ConfigError(`${idName}: missing (${secretName} is set)`);
  if (secret === undefined) throw new ConfigError(`${secretName}: missing (${idName} is set)`);
  // A colon in the key ID would split differently inside Basic credentials.
  if (id.includes(':')) throw new ConfigError(`${idName}: must not contain ':'`);
  return { id, secret };
}

function effects(raw: string | undefined): ReadonlySet<Effect> {
  const out = new Set<Effect>();
  for (const part of (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    if (!(EFFECTS as readonly string[]).includes(part)) {
      throw new ConfigError(`CC_EFFECTS: unknown effect ${JSON.stringify(part)} (known: ${EFFECTS.join(', ')})`);
    }
    out.add(part as Effect);
  }
  return out;
}

/**
 * Every variable that is set, checked and read; none is required here. A bad value is a one-line
 * ConfigError naming its variable, whichever target the command then runs against.
 */
/**
 * What a command needs of the target's settings. `send`: every one, the CA file its connections trust
 * included. `plan`: every one but the CA file, which only a connection reads (a plan sends nothing).
 * `scrub`: only the key pairs, whose credentials it keeps out of what it writes (`credentialsOf`).
 */
export type SettingsNeed = 'send' | 'plan' | 'scrub';

function readTarget(settings: Record<string, string>, cwd: string, bundledMock: boolean, need: Exclude<SettingsNeed, 'scrub'> = 'send'): Target {
  const urls: Partial<Record<Surface, string>> = {};
  for (const surface of SURFACES) {
    const name = SURFACE_VARIABLE[surface];
    const raw = settings[name];
    if (raw !== undefined) urls[surface] = httpsUrl(name, raw);
  }
  const keys: Partial<Record<KeySlot, KeyPair>> = {};
  for (const slot of KEY_SLOTS) {
    const pair = keyPair(settings, slot);
    if (pair) keys[slot] = pair;
  }
  let ca: string | undefined;
  const caFile = need === 'send' ? settings.CC_CA_FILE : undefined;
  if (caFile !== undefined) {
    const path = resolve(cwd, caFile);
    if (!existsSync(path)) throw new ConfigError(`CC_CA_FILE: no file at ${path}`);
    ca = readFileSync(path, 'utf8');
    if (!ca.includes('-----BEGIN CERTIFICATE-----')) throw new ConfigError(`CC_CA_FILE: ${path} holds no PEM certificate`);
  }
  // Read even where the bundled mock, always exclusive, decides: a bad value is refused either way.
  const exclusive = flag('CC_BUDGET_EXCLUSIVE', settings.CC_BUDGET_EXCLUSIVE);
  return {
    urls,
    keys,
    ...(ca !== undefined ? { ca, caFile } : {}),
    rateWindowMs: durationMs('CC_RATE_WINDOW_MS', settings.CC_RATE_WINDOW_MS, 60_000),
    budgetShare: budgetShare(settings.CC_BUDGET_SHARE, bundledMock),
    effects: effects(settings.CC_EFFECTS),
    budgetExclusive: bundledMock || exclusive,
    ...(settings.CC_VOICE_AGENT_ID !== undefined ? { voiceAgentId: settings.CC_VOICE_AGENT_ID } : {}),
    dialer: {
      release: dialerRelease(settings.CC_DIALER_RELEASE),
      routes: loadDialerRoutes(settings.CC_DIALER_ROUTES === undefined ? undefined : resolve(cwd, settings.CC_DIALER_ROUTES)),
      ...(settings.CC_DIALER_ARCHIVED_TAG_ID !== undefined ? { archivedTagId: settings.CC_DIALER_ARCHIVED_TAG_ID } : {}),
    },
    timeoutMs: durationMs('CC_TIMEOUT_MS', settings.CC_TIMEOUT_MS, 15_000),
    ...fuzzRandom(settings.CC_FUZZ_RANDOM, bundledMock),
    ...fuzzChecks(settings.CC_FUZZ_CHECKS, bundledMock),
    ...sequenceChecks(settings.CC_SEQUENCE_CHECKS, bundledMock),
    sequences: sequences(settings.CC_SEQUENCES, bundledMock, settings.CC_SEQUENCE_REPLAY !== undefined),
    ...sequenceReplay(settings.CC_SEQUENCE_REPLAY),
    bundledMock,
  };
}

/**
 * Checks every variable that is set, as a configured target's would be checked, without requiring a
 * target: the values a command reads before it knows whether the bundled mock will stand in.
 */
export function checkSettings(settings: Record<string, string>, cwd = process.cwd(), need: SettingsNeed = 'send'): void {
  if (need === 'scrub') return;
  readTarget(settings, cwd, false, need);
  runSeed(settings);
}

/**
 * Builds a validated target from merged settings; throws a one-line ConfigError naming the variable.
 * For a plan (`need` plan) the CA file is not read, and the target has none.
 */
export function targetFromSettings(
  settings: Record<string, string>,
  cwd = process.cwd(),
  bundledMock = false,
  need: Exclude<SettingsNeed, 'scrub'> = 'send',
): Target {
  if (settings.CC_BASE_URL === undefined) throw new ConfigError('CC_BASE_URL: missing (the core host is required once any target variable is set)');
  const target = readTarget(settings, cwd, bundledMock, need);
  if (!target.keys.primary) throw new ConfigError('CC_KEY_ID: missing (the key pair of the company under test is required)');
  return target;
}

function dialerRelease(raw: string | undefined) {
  if (raw === undefined) return NEWEST;
  const release = parseRelease(raw);
  if (!release) throw new ConfigError(`CC_DIALER_RELEASE: unknown release ${JSON.stringify(raw)} (known: ${RELEASES.join(', ')})`);
  return release;
}

/**
 * The target a capture of traffic is judged against: its hosts' URLs place each exchange, and its key pairs,
 * when given, are redacted as a run redacts them. No key pair is needed: nothing is sent.
 */
export function trafficTarget(settings: Record<string, string>, cwd = process.cwd()): Target {
  if (settings.CC_BASE_URL === undefined && settings.CC_AI_URL === undefined)
    throw new ConfigError(
      'no target URL is set: the exchanges of a capture are placed on their hosts by CC_BASE_URL, CC_AI_URL, CC_ANALYTICS_URL and CC_CUECARD_URL, as a run reads them',
    );
  return readTarget(settings, cwd, false, 'plan');
}

/** The run seed: CC_SEED when given, else a fresh one. Printed on every run so it can be replayed. */
export function runSeed(settings: Record<string, string>): number {
  const raw = settings.CC_SEED;
  if (raw === undefined) return Math.floor(Math.random() * 2 ** 31);
  if (!/^\d+$/.test(raw) || Number(raw) >= 2 ** 31) throw new ConfigError(`CC_SEED: must be an integer from 0 to 2147483647, got ${JSON.stringify(raw)}`);
  return Number(raw);
}
