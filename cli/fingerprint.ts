import { resolve } from 'node:path';
import { Session } from '../lib/checks/session.ts';
import { namesNoTarget, runSeed, targetFromSettings } from '../lib/config/load.ts';
import { NEWEST, RELEASE_LABEL, RELEASES } from '../lib/dialer/releases.ts';
import { HarnessError } from '../lib/errors.ts';
import { toolCommand } from '../lib/invocation.ts';
import { newRun } from '../lib/ledger/run-id.ts';
import type { RunningMock } from '../mock/start.ts';
import { startBundledMock } from './bundled-mock.ts';
import { onInterrupt } from './interrupt.ts';
import { commandSettings, warnReplacedByMock } from './settings.ts';
import { CHANGES } from '../suites/dialer/versioning/index.ts';
import { matchingReleases, type ProbeResult, runProbes, sideOf } from '../suites/dialer/versioning/fingerprint.ts';
import { parseCommandLine } from './command-line.ts';
import { EXIT_CODE } from '../lib/exit-codes.ts';

const HELP = `Usage: ${toolCommand('fingerprint', '[options]')}

Runs only the probes that tell the Dialer releases apart (one per changed behaviour of the
Versioning table) and prints which release the target behaves like, with the evidence per
changelog line, or that it matches none. Against the bundled mock when no CC_* target is set.

Like a conformance run, it names what it creates with a run prefix and lists it in a ledger in the
reports folder, which \`${toolCommand('cleanup', '--ledger')}\` reads.

Options:
  --reports DIR             where the ledger goes (default: reports)
  --mock-dialer-release R   the release the bundled mock plays: ${RELEASES.join(', ')} (default ${NEWEST})
  --mock-window-ms N        rate window of the bundled mock (default 1000)
  --help

Exit codes: 0 one or more releases fit every probe; 1 no release fits; 2 bad configuration or the
harness could not run; 130 interrupted (no release named).`;

function fail(message: string): never {
  process.stderr.write(`cc-fingerprint: ${message}\n`);
  process.exit(EXIT_CODE.harness);
}

function table(results: readonly ProbeResult[]): string {
  const lines = results.map((r) => {
    const seen = r.side === 'unknown' ? 'not probed' : r.side === 'neither' ? 'NEITHER' : `${r.side} ${r.change.release}`;
    return `  ${r.change.release.padEnd(10)} ${r.change.line}\n      seen: ${seen} — ${r.evidence}`;
  });
  return lines.join('\n');
}

async function main(): Promise<number> {
  const args = parseCommandLine(
    {
      options: {
        reports: { type: 'string', default: 'reports' },
        'mock-dialer-release': { type: 'string' },
        'mock-window-ms': { type: 'string', default: '1000' },
        help: { type: 'boolean', default: false },
      },
      strict: true,
    },
    fail,
  ).values;
  if (args.help) {
    process.stdout.write(`${HELP}\n`);
    return 0;
  }
  const warn = (line: string) => process.stderr.write(`cc-fingerprint: warning: ${line}\n`);
  let settings = commandSettings(process.env, warn);
  let mock: RunningMock | undefined;
  if (namesNoTarget(settings)) {
    const given = args['mock-dialer-release'];
    mock = await startBundledMock({
      windowMs: args['mock-window-ms'],
      ...(given !== undefined ? { release: { value: given, from: '--mock-dialer-release' } } : {}),
    });
    warnReplacedByMock(settings, warn);
    settings = { ...settings, ...mock.env };
  } else if (args['mock-dialer-release'] !== undefined) fail('--mock-dialer-release applies only to the bundled mock, and a target is configured');
  const target = targetFromSettings(settings, process.cwd(), mock !== undefined);
  const session = new Session(target, runSeed(settings), newRun(resolve(args.reports)));
  // The session's own: it knows every credential the probes send, the run's wrong secret too.
  const redactor = session.redactor;
  try {
    process.stdout.write(
      `cc-fingerprint: target ${mock ? `bundled mock playing ${mock.mock.context.dialer.release}` : (target.urls.ai ?? '(no CC_AI_URL)')}\n`,
    );
    process.stdout.write(`cc-fingerprint: run ${session.run.id}, names start with ${session.run.prefix}, ledger ${session.run.ledgerFile}\n`);
    // Ctrl-C or SIGTERM: the running probe stops sending and cleans up, no further probe starts.
    const interrupt = onInterrupt({
      exitCode: EXIT_CODE.interrupted,
      onFirst: () => process.stderr.write('cc-fingerprint: interrupted; cleaning up after the running probe (interrupt again to quit at once)\n'),
    });
    const { results, removal } = await runProbes(session, CHANGES, interrupt);
    process.stdout.write(`${redactor.text(table(results))}\n`);
    const leftovers = [...results.flatMap((r) => r.leftovers), ...removal.leftovers];
    if (leftovers.length > 0) process.stdout.write(`cleanup steps that failed: ${redactor.text(leftovers.join('; '))}\n`);
    const left = session.ledger.leftovers();
    // The bundled mock stops with the command, so nothing it held is left anywhere: count it, list nothing.
    if (left.length > 0 && mock) process.stdout.write(`records left: none (the bundled mock held ${left.length} at the end, and it has stopped)\n`);
    else if (left.length > 0) {
      const line = (l: (typeof left)[number]) => `  ${l.kind}${l.id !== undefined ? ` ${l.id}` : ''}${l.name !== undefined ? ` (${l.name})` : ''}: ${l.how}`;
      process.stdout.write(`${redactor.text(['left on the target:', ...left.map(line)].join('\n'))}\n`);
      if (left.some((l) => l.deletable)) process.stdout.write(`delete them: ${toolCommand('cleanup', `--ledger ${session.run.ledgerFile}`)}\n`);
    }
    if (interrupt.aborted) {
      process.stdout.write(`interrupted after ${results.length} of ${CHANGES.length} probes: no release named\n`);
      return EXIT_CODE.interrupted;
    }
    const fits = matchingReleases(results);
    const requests = results.reduce((n, r) => n + r.requests, removal.requests);
    if (fits.length === 0) {
      process.stdout.write(`matches no release (${requests} requests)\n`);
      for (const release of RELEASES) {
        const against = results.filter((r) => r.side !== 'unknown' && r.side !== sideOf(release, r.change)).map((r) => r.change.id);
        process.stdout.write(`  not ${release}: ${against.join(', ')}\n`);
      }
      return EXIT_CODE.fail;
    }
    const [only] = fits;
    process.stdout.write(
      fits.length === 1 && only
        ? `behaves like: ${only} — ${RELEASE_LABEL[only]} (${requests} requests)\n`
        : `behaves like one of: ${fits.join(', ')} (the probes that ran cannot tell these apart; ${requests} requests)\n`,
    );
    return EXIT_CODE.pass;
  } finally {
    await session.close();
    await mock?.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => fail(err instanceof HarnessError ? `${err.code}: ${err.message}` : ((err as Error).stack ?? String(err))),
);
