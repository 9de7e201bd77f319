import { namesNoTarget, targetFromSettings } from '../lib/config/load.ts';
import type { Target } from '../lib/config/target.ts';
import { NEWEST, parseRelease, RELEASES } from '../lib/dialer/releases.ts';
import { ConfigError } from '../lib/errors.ts';
import { toolCommand } from '../lib/invocation.ts';
import { DIALECTS, isDialect } from '../mock/dialect.ts';
import { isFaultName } from '../mock/faults/registry.ts';
import { isRateAlgorithm, RATE_ALGORITHMS } from '../mock/http/rate-meter.ts';
import { type RunningMock, startMock } from '../mock/start.ts';
import { commandSettings, warnReplacedByMock } from './settings.ts';

/**
 * The rate window the bundled mock of `npm run load` and `npm run k6` gets unless told otherwise: 2 s, so
 * a busy machine's stalls stay small beside a window under a load's sustained rate and do not blur which
 * window a request fell in. A conformance run's short bursts keep their edge at 1 s (its own default).
 */
export const BUNDLED_MOCK_WINDOW_MS = 2000;

export interface BundledMockArgs {
  /** `--mock-window-ms` as given. */
  readonly windowMs: string;
  /** `--mock-seed` as given; the mock's default seed when absent. */
  readonly seed?: string;
  /** The release the mock plays, and the option or variable it came from (for the error line). */
  readonly release?: { readonly value: string; readonly from: string };
  readonly faults?: readonly string[];
  /** `--mock-rate-algorithm` as given; the mock's default when absent. */
  readonly rateAlgorithm?: string;
  /** `--mock-dialect` as given; `reference` when absent. */
  readonly dialect?: string;
}

/**
 * Starts the mock a command runs against when no target is configured, after checking the options
 * that shape it; a bad one is a one-line ConfigError naming it.
 */
export async function startBundledMock(args: BundledMockArgs): Promise<RunningMock> {
  const window = Number(args.windowMs);
  if (!Number.isInteger(window) || window < 100) throw new ConfigError('--mock-window-ms: must be an integer of at least 100');
  const seed = args.seed === undefined ? undefined : Number(args.seed);
  if (seed !== undefined && (!Number.isInteger(seed) || seed < 0)) throw new ConfigError('--mock-seed: must be a non-negative integer');
  const release = parseRelease(args.release?.value ?? NEWEST);
  if (!release)
    throw new ConfigError(
      `${args.release?.from ?? '--mock-dialer-release'}: unknown release ${JSON.stringify(args.release?.value)} (known: ${RELEASES.join(', ')})`,
    );
  const algorithm = args.rateAlgorithm;
  if (algorithm !== undefined && !isRateAlgorithm(algorithm)) throw new ConfigError(`--mock-rate-algorithm: must be one of ${RATE_ALGORITHMS.join(', ')}`);
  const dialect = args.dialect;
  if (dialect !== undefined && !isDialect(dialect)) throw new ConfigError(`--mock-dialect: must be one of ${DIALECTS.join(', ')}`);
  // Checked here, before the mock starts, so a misspelt fault is the user's mistake in one line, not the mock's defect in a stack trace.
  const unknown = (args.faults ?? []).find((name) => !isFaultName(name));
  if (unknown !== undefined)
    throw new ConfigError(`--mock-fault: unknown fault ${JSON.stringify(unknown)} (${toolCommand('mock', '--list-faults')} lists them)`);
  return startMock({
    rateWindowMs: window,
    ...(seed !== undefined ? { seed } : {}),
    faults: args.faults ?? [],
    dialerRelease: release,
    ...(algorithm !== undefined ? { rateAlgorithm: algorithm } : {}),
    ...(dialect !== undefined ? { dialect } : {}),
  });
}

/**
 * The target the CC_* variables name, or, when none is set, the bundled mock started for the run
 * (`mock`, which the caller closes) and pointed at; `settings` are the CC_* values either way.
 */
export async function targetOrBundledMock(options: {
  readonly mockWindowMs: string;
  readonly mockFaults?: readonly string[];
  /** Hears the warnings about the settings (commandSettings), a line each. */
  readonly warn: (line: string) => void;
}): Promise<{ target: Target; settings: Record<string, string>; mock?: RunningMock }> {
  const settings = commandSettings(process.env, options.warn);
  if (!namesNoTarget(settings)) {
    if ((options.mockFaults ?? []).length > 0) throw new ConfigError('--mock-fault applies only to the bundled mock, and a target is configured');
    return { target: targetFromSettings(settings, process.cwd(), false), settings };
  }
  const mock = await startBundledMock({ windowMs: options.mockWindowMs, faults: options.mockFaults ?? [] });
  warnReplacedByMock(settings, options.warn);
  try {
    const withMock = { ...settings, ...mock.env };
    return { target: targetFromSettings(withMock, process.cwd(), true), settings: withMock, mock };
  } catch (err) {
    await mock.close();
    throw err;
  }
}
