import { NEWEST, parseRelease, type Release, RELEASES } from '../lib/dialer/releases.ts';
import { DIALECTS, isDialect } from '../mock/dialect.ts';
import { DIAGNOSTIC_FAULTS, FAULTS, isFaultName } from '../mock/faults/registry.ts';
import { isRateAlgorithm, RATE_ALGORITHMS } from '../mock/http/rate-meter.ts';
import { startMock } from '../mock/start.ts';
import { parseCommandLine } from './command-line.ts';
import { EFFECTS } from '../lib/config/target.ts';
import { KEY_SLOTS } from '../lib/contract/vocabulary.ts';
import { exportedVariables, leftOut, mockExports, NO_EFFECTS } from './mock-exports.ts';
import { invocationOf, toolCommand } from '../lib/invocation.ts';
import { EXIT_CODE } from '../lib/exit-codes.ts';

/**
 * The lines that start the mock in the background and take its variables into the shell. A pipe into
 * \`eval "$(...)"\` cannot do it: the shell waits for the whole pipeline, and the mock never ends.
 * The loop stops waiting if the mock exits before it is ready (its error is on the terminal).
 */
const SHELL_RECIPE = [
  `${toolCommand('mock', '', { silent: true })} > mock.env &`,
  'until grep -sqx ready mock.env; do kill -0 $! 2>/dev/null || break; sleep 0.2; done',
  'eval "$(grep -E \'^(unset|export) \' mock.env)"',
]
  .map((line) => `  ${line}`)
  .join('\n');

const HELP = `Usage: ${toolCommand('mock', '[options]')}

Starts the mock of all four hosts over HTTPS and keeps it up until interrupted. Prints one
\`export CC_...=...\` line per target variable, then \`ready\`. From bash or zsh, these three lines
start it in the background and point the suite, curl or any client in that shell at it:

${SHELL_RECIPE}

(mock.env holds the mock's own key pairs, never a live account's${invocationOf() === 'checkout' ? '; git ignores it here' : ''}.)

Options:
  --port-base N        core on N, analytics N+1, AI N+2, CueCard N+3 (default: free ports)
  --host ADDRESS       address to listen on (default 127.0.0.1)
  --rate-window-ms N   length of the rate window (default 60000, the spec's minute)
  --seed N             seed of the generated data (default 1)
  --fault NAME         switch on a fault (repeatable); --list-faults shows them
  --rate-algorithm A   how both budgets count their minute: fixed (a window opened by the first
                       request; the default), clock (windows aligned to the clock) or sliding (a
                       sliding log); the spec leaves it open, and the suite passes all three
  --dialect D          what the mock picks where the spec is silent: reference (the default: the
                       vendor reference's paths and wrappers, the suite's Dialer routes) or variant
                       (other choices the spec equally allows; the suite must fail no rule on it)
  --unmetered          no rate limit (for throughput measurements only)
  --voice-agent-outage N
                       the first N VoiceAgent requests get 503 with Retry-After: 1, as when a
                       dependency is down (spec: Errors, 503); shows a client's retry (default 0)
  --dialer-release R   the Dialer release the mock behaves as: ${RELEASES.join(', ')} (default ${NEWEST})
  --dialer-outage N    the first N Dialer requests get 503 with Retry-After: 1 (default 0)
  --call-tags-unavailable
                       the Dialer cannot read call tags: disposition buttons come back with name,
                       color and outcome null (release latest) or as 503 (older releases)
  --keys SLOTS         the key pairs to export, comma-separated (default: all; primary, the company
                       under test, is required): ${KEY_SLOTS.join(', ')}
  --effects LIST       what CC_EFFECTS allows, comma-separated, or ${NO_EFFECTS} (default: every effect,
                       since the mock harms nobody); known: ${EFFECTS.slice(0, 4).join(', ')},
                       ${EFFECTS.slice(4, 8).join(', ')},
                       ${EFFECTS.slice(8).join(', ')}
  --live-like          one key pair and no effect, as a live account is usually set up: the same as
                       --keys primary --effects ${NO_EFFECTS}
  --list-faults
  --help

With --keys or --effects leaving something out, an \`unset\` line comes first, naming the variables
left out: a shell that evaluates it keeps none of them from an earlier mock. The mock still serves
every key pair; only what the suite is told changes.`;

/** Single-quotes a value for POSIX shells. */
function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

function fail(message: string): never {
  process.stderr.write(`cc-mock: ${message}\n`);
  process.exit(EXIT_CODE.harness);
}

function integer(name: string, raw: string | undefined, fallback: number, min: number): number {
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min) fail(`--${name}: must be an integer of at least ${min}, got ${JSON.stringify(raw)}`);
  return Number(raw);
}

function release(raw: string | undefined): Release {
  if (raw === undefined) return NEWEST;
  const parsed = parseRelease(raw);
  if (!parsed) fail(`--dialer-release: unknown release ${JSON.stringify(raw)} (known: ${RELEASES.join(', ')})`);
  return parsed;
}

async function main(): Promise<void> {
  const args = parseCommandLine(
    {
      options: {
        'port-base': { type: 'string' },
        host: { type: 'string', default: '127.0.0.1' },
        'rate-window-ms': { type: 'string' },
        seed: { type: 'string' },
        fault: { type: 'string', multiple: true },
        'list-faults': { type: 'boolean', default: false },
        unmetered: { type: 'boolean', default: false },
        'rate-algorithm': { type: 'string', default: 'fixed' },
        dialect: { type: 'string', default: 'reference' },
        'voice-agent-outage': { type: 'string' },
        'dialer-release': { type: 'string' },
        'dialer-outage': { type: 'string' },
        'call-tags-unavailable': { type: 'boolean', default: false },
        keys: { type: 'string' },
        effects: { type: 'string' },
        'live-like': { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
      strict: true,
    },
    fail,
  ).values;
  if (args.help) {
    process.stdout.write(`${HELP}\n`);
    return;
  }
  if (args['list-faults']) {
    for (const f of FAULTS) process.stdout.write(`${f.name.padEnd(34)} breaks ${f.breaks.padEnd(34)} ${f.does}\n`);
    for (const f of DIAGNOSTIC_FAULTS) process.stdout.write(`${f.name.padEnd(34)} breaks ${'no rule'.padEnd(34)} ${f.does}\n`);
    return;
  }
  const exports = mockExports({ keys: args.keys, effects: args.effects, liveLike: args['live-like'] }, fail);
  for (const name of args.fault ?? []) if (!isFaultName(name)) fail(`--fault: unknown fault ${JSON.stringify(name)} (see --list-faults)`);
  const algorithm = args['rate-algorithm'];
  if (!isRateAlgorithm(algorithm)) fail(`--rate-algorithm: must be one of ${RATE_ALGORITHMS.join(', ')}, got ${JSON.stringify(algorithm)}`);
  const dialect = args.dialect;
  if (!isDialect(dialect)) fail(`--dialect: must be one of ${DIALECTS.join(', ')}, got ${JSON.stringify(dialect)}`);
  const portBase = integer('port-base', args['port-base'], 0, 1);
  if (portBase > 65532) fail('--port-base: four ports from it must fit below 65536');
  const running = await startMock({
    portBase,
    host: args.host,
    rateWindowMs: integer('rate-window-ms', args['rate-window-ms'], 60_000, 100),
    seed: integer('seed', args.seed, 1, 0),
    faults: args.fault ?? [],
    metered: !args.unmetered,
    rateAlgorithm: algorithm,
    dialect,
    voiceAgentOutage: integer('voice-agent-outage', args['voice-agent-outage'], 0, 0),
    dialerRelease: release(args['dialer-release']),
    dialerOutage: integer('dialer-outage', args['dialer-outage'], 0, 0),
    callTagsUnavailable: args['call-tags-unavailable'],
  });
  const stop = () => {
    running.close().then(
      () => process.exit(EXIT_CODE.pass),
      () => process.exit(EXIT_CODE.fail),
    );
  };
  // Listening before `ready` is printed: a caller may signal the moment it reads the line, and a signal
  // that comes before the listener kills the mock instead of stopping it.
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  const unset = leftOut(exports);
  if (unset.length > 0) process.stdout.write(`unset ${unset.join(' ')}\n`);
  for (const [name, value] of Object.entries(exportedVariables(running.env, exports))) process.stdout.write(`export ${name}=${shellQuote(value)}\n`);
  process.stdout.write('ready\n');
}

main().catch((err) => fail((err as Error).message));
