#!/usr/bin/env node
// The installed tool: `cc-conformance <subcommand> [options]` starts the command of cli/ that the npm
// scripts start, as `node --import tsx cli/<file>.ts`. Plain JavaScript, so Node runs it without tsx;
// everything it starts is found from this file's own location, never from the current folder, so it
// works from any folder, wherever npm put the package and its dependencies.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { constants } from 'node:os';
import { fileURLToPath } from 'node:url';

const PACKAGE_ROOT = new URL('..', import.meta.url);

/**
 * Tells the command how the user called the tool, so every command it prints to run is written the same
 * way (lib/invocation.ts reads it): `npx cc-conformance run …` when npx or npm exec started this file,
 * else `cc-conformance run …`. The npm scripts of a checkout set none, and print `npm run …`. npm exec
 * names what it runs in npm_lifecycle_script, so a tool npx started that calls this one by name is told apart.
 */
const INVOCATION_VARIABLE = 'cc_conformance_invocation';
const viaNpx = process.env.npm_lifecycle_event === 'npx' && /^'?cc-conformance\b/.test(process.env.npm_lifecycle_script ?? '');
const invocation = viaNpx ? 'npx' : 'installed';

/** Each subcommand: the file of cli/ it starts, options put before the user's, and one line of help. */
const SUBCOMMANDS = {
  run: { file: 'conformance.ts', args: [], summary: 'run every suite against the target, or the bundled mock; writes reports/' },
  plan: { file: 'conformance.ts', args: ['--plan'], summary: "print the run's plan (requests per budget, time per lane, skips) and send nothing" },
  mock: { file: 'mock.ts', args: [], summary: 'start the mock of the four hosts alone until interrupted; prints its CC_* variables' },
  cleanup: { file: 'cleanup.ts', args: [], summary: 'delete what a run left on the target (--ledger FILE or --prefix P)' },
  compare: { file: 'compare.ts', args: [], summary: 'compare two conformance reports (BEFORE AFTER): what newly fails, what got fixed' },
  observe: { file: 'observe.ts', args: [], summary: "judge recorded traffic (HAR files) with the run's judges, sending nothing" },
  load: { file: 'load.ts', args: [], summary: 'run a load scenario with the Node engine' },
  k6: { file: 'k6.ts', args: [], summary: 'run a k6 script (scenario or budget); needs k6 on PATH' },
  capacity: { file: 'capacity.ts', args: [], summary: 'plan an outbound campaign against the budgets: GO or NO-GO' },
  fingerprint: { file: 'fingerprint.ts', args: [], summary: 'tell which Dialer release the target behaves like' },
};

const USAGE = `Usage: cc-conformance <subcommand> [options]

Conformance suite and load tester for the call-center telephony REST API. The target is named by
the CC_* variables (or CC_CONFIG_FILE); with none set, a command starts the bundled mock. Reports
are written under the current folder.

Subcommands:
${Object.entries(SUBCOMMANDS)
  .map(([name, { summary }]) => `  ${name.padEnd(12)} ${summary}`)
  .join('\n')}

cc-conformance <subcommand> --help   that subcommand's options and exit codes
cc-conformance --version             this tool's version`;

/**
 * A terminal's Ctrl-C reaches every process of its group, and npm/npx relays it to its child as well,
 * so one keypress can arrive here twice. A repeat of the same signal within this long is the same
 * keypress and is passed on once; cli/interrupt.ts (SAME_SIGNAL_MS) reads a repeat the same way.
 */
const SAME_SIGNAL_MS = 1_000;
const RELAYED_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGQUIT'];

function usageError(message) {
  process.stderr.write(`cc-conformance: ${message}\n`);
  process.exit(2);
}

function version() {
  return JSON.parse(readFileSync(new URL('package.json', PACKAGE_ROOT), 'utf8')).version;
}

/** tsx's loader as a file URL: `--import tsx` alone would be looked up from the current folder. */
function tsxLoader() {
  try {
    return import.meta.resolve('tsx');
  } catch {
    usageError(`tsx not found from ${fileURLToPath(PACKAGE_ROOT)}: reinstall the package with its dependencies`);
  }
}

function start(subcommand, args) {
  const entry = fileURLToPath(new URL(`cli/${subcommand.file}`, PACKAGE_ROOT));
  // Its own process group (on POSIX), so a signal meant for the whole group (Ctrl-C, `kill -- -PGID`,
  // timeout(1)) reaches the command once, from here, not once from the sender and again from us: the
  // commands read a second interrupt as "quit now, skip the cleanup", and a second one kills the mock.
  const child = spawn(process.execPath, ['--import', tsxLoader(), entry, ...subcommand.args, ...args], {
    stdio: 'inherit',
    env: { ...process.env, [INVOCATION_VARIABLE]: invocation },
    detached: process.platform !== 'win32',
  });
  const relayedAt = new Map();
  for (const signal of RELAYED_SIGNALS) {
    process.on(signal, () => {
      const now = Date.now();
      if (now - (relayedAt.get(signal) ?? -Infinity) < SAME_SIGNAL_MS) return;
      relayedAt.set(signal, now);
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    });
  }
  child.on('error', (err) => usageError(`could not start ${entry}: ${err.message}`));
  child.on('exit', (code, signal) => {
    if (signal === null) process.exit(code ?? 1);
    // Dying of the same signal tells a shell or CI runner what ended the command.
    process.removeAllListeners(signal);
    process.kill(process.pid, signal);
    process.exit(128 + (constants.signals[signal] ?? 0));
  });
}

const [name, ...rest] = process.argv.slice(2);
if (name === undefined) {
  process.stderr.write(`${USAGE}\n`);
  process.exit(2);
} else if (name === '--help' || name === '-h') {
  process.stdout.write(`${USAGE}\n`);
} else if (name === '--version') {
  process.stdout.write(`cc-conformance ${version()}\n`);
} else if (Object.hasOwn(SUBCOMMANDS, name)) {
  start(SUBCOMMANDS[name], rest);
} else {
  usageError(`unknown subcommand ${JSON.stringify(name)} (known: ${Object.keys(SUBCOMMANDS).join(', ')}; see cc-conformance --help)`);
}
