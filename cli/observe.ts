import { randomBytes } from 'node:crypto';
import { trafficTarget } from '../lib/config/load.ts';
import { Redactor } from '../lib/http/redact.ts';
import { toolCommand } from '../lib/invocation.ts';
import { readExpectations } from '../lib/expectations/expectations-file.ts';
import { scopeOf } from '../lib/expectations/scope.ts';
import { RULES } from '../lib/rules/index.ts';
import { exitCodeOf } from '../lib/results/report.ts';
import { observedFiles, reportOfObserver, trafficObserver, type ObservedCapture } from '../suites/traffic/report.ts';
import { renderConsole } from '../reporters/console.ts';
import { writeReports } from '../reporters/files.ts';
import { parseCommandLine } from './command-line.ts';
import { CommandOutput } from './output.ts';
import { commandSettings } from './settings.ts';
import { trafficHeadline } from '../reporters/traffic-headline.ts';
import { readFileSync } from 'node:fs';
import { startRecordingProxy } from '../lib/traffic/proxy.ts';
import { EXIT_CODE } from '../lib/exit-codes.ts';
import { onInterrupt } from './interrupt.ts';
import { ConfigError } from '../lib/errors.ts';

const HELP = `Usage: ${toolCommand('observe', 'FILE.har [MORE.har ...] [options]')}
       ${toolCommand('observe', '--proxy [--duration D] [options]')}

Judges traffic the tool did not send: the exchanges of HAR 1.2 files (what browsers, mitmproxy,
Charles and Postman export), in time order, with the judges a run uses, at no cost to any budget.
Each exchange is placed on its host by the target variables a run reads (CC_BASE_URL, CC_AI_URL,
CC_ANALYTICS_URL, CC_CUECARD_URL); entries for other addresses are counted and skipped. Rules that
only a run can judge are listed "not observable from traffic", one line each. Writes the reports a
run writes (conformance.json, junit.xml, conformance.html, summary.md).

With --proxy, records live traffic instead: a reverse proxy listens on one local HTTPS port per host
the target variables name, prints \`export CC_...=...\` lines for its URLs (same base paths) and its
CA file (CC_CA_FILE), then \`ready\`. Point an integration at those variables. Every request is
forwarded unchanged, Authorization included, to the host (trusted through CC_CA_FILE as a run trusts
it), and its answer returned unchanged; each exchange is judged in the background. On Ctrl-C or
SIGTERM, or after --duration, it stops accepting, finishes judging and writes the reports.

Options:
  --proxy         record through a reverse proxy instead of reading HAR files
  --duration D    with --proxy, stop after D (90s, 5m, 1h; a bare number is seconds)
  --reports DIR   where reports go (default: reports)
  --expect FILE   judge the capture against an expectations file (also CC_EXPECTATIONS)
  --fixed-warns   with --expect, an expected failure that passes is a warning, not exit 4
  --salt S        the salt of the hash that names each company by its key ID (default: a fresh one
                  each time; give one, or CC_TRAFFIC_SALT, to name companies alike across reports)
  --verbose       every rule in the console, with its evidence
  --help

Credentials are redacted before anything is kept or printed; a company is named by a salted hash of
its key ID, never the key. A request without an Authorization header is judged as unauthenticated.

Exit codes: 0 every rule observable from traffic was judged and held; 1 a rule failed; 2 bad input (a
file that is not HAR, cut short, or holding no exchange with the target's hosts; a bad option);
3 nothing failed, but an observable rule met no exchange to judge. With --expect: 0 as expected;
1 a failure no entry expects; 3 a skip no entry puts out of scope; 4 the file is out of date.`;

const out = new CommandOutput('cc-observe');

async function main(): Promise<number> {
  const { values: args, positionals: files } = parseCommandLine(
    {
      allowPositionals: true,
      options: {
        reports: { type: 'string', default: 'reports' },
        expect: { type: 'string' },
        'fixed-warns': { type: 'boolean', default: false },
        salt: { type: 'string' },
        verbose: { type: 'boolean', default: false },
        proxy: { type: 'boolean', default: false },
        duration: { type: 'string' },
        help: { type: 'boolean', default: false },
      },
      strict: true,
    },
    out.fail,
  );
  if (args.help) {
    out.say(HELP);
    return 0;
  }
  if (args.proxy && files.length > 0) return out.fail('--proxy records live traffic: give no HAR file with it');
  if (!args.proxy && args.duration !== undefined) return out.fail('--duration applies only with --proxy');
  const durationMs = args.duration === undefined ? undefined : parseDuration(args.duration);
  if (!args.proxy && files.length === 0) return out.fail('give one or more HAR files to observe (see --help)');
  const settings = commandSettings(process.env, out.warn, 'plan');
  const target = trafficTarget(settings);
  out.redactFor(target);
  const redactor = new Redactor(target);
  const salt = args.salt ?? settings.CC_TRAFFIC_SALT ?? randomBytes(16).toString('hex');
  const started = new Date();
  const expectations = args.expect ?? settings.CC_EXPECTATIONS;
  const scope =
    expectations === undefined
      ? undefined
      : scopeOf(readExpectations(expectations), { rules: RULES.map((r) => r.id), checks: [], release: target.dialer.release });
  const options = {
    redactor,
    salt,
    startedAt: started,
    ...(scope ? { gate: { scope, today: started.toISOString().slice(0, 10), fixedWarns: args['fixed-warns'] } } : {}),
  };
  if (args.proxy) {
    const observer = trafficObserver(target, options);
    const ca = settings.CC_CA_FILE === undefined ? undefined : readCa(settings.CC_CA_FILE);
    const proxy = await startRecordingProxy({
      target,
      ...(ca !== undefined ? { ca } : {}),
      onExchange: (exchange) => observer.add(exchange),
      onError: (err) => out.warn(`judging an exchange failed, forwarding goes on: ${err.message.split('\n')[0]}`),
    });
    const stopped = new Promise<void>((resolve) => {
      onInterrupt({ onFirst: resolve, exitCode: EXIT_CODE.interrupted });
      if (durationMs !== undefined) setTimeout(resolve, durationMs).unref();
    });
    for (const [name, value] of Object.entries(proxy.env)) out.say(`export ${name}=${shellQuote(value)}`);
    out.say('ready');
    await stopped;
    await proxy.close();
    // Judging runs on setImmediate after each answer: let the last ones finish.
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    return finish(reportOfObserver(observer, target, options));
  }
  const observed = await observedFiles(files, target, options);
  if (observed.entries > 0 && observed.exchanges === 0)
    return out.fail(
      `none of the ${observed.entries} entries of ${files.join(', ')} is an exchange with the target's hosts (${Object.values(target.urls).join(', ')}): a capture of another API, or the CC_* URLs name other hosts`,
    );
  return finish(observed);

  function finish({ report }: ObservedCapture): number {
    const scrub = (text: string) => redactor.text(text);
    const written = writeReports(report, args.reports, scrub);
    out.say(scrub(trafficHeadline(report)));
    out.say(scrub(renderConsole(report, { verbose: args.verbose, color: process.stdout.isTTY })));
    out.say(`reports: ${written.json}, ${written.junit}, ${written.html}, ${written.summary}`);
    return exitCodeOf(report);
  }
}

/** The PEM the upstream hosts are trusted by, as a run reads CC_CA_FILE. */
function readCa(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (err) {
    throw new ConfigError(`CC_CA_FILE: cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
}

/** Single-quotes a value for POSIX shells. */
function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/** `--duration`: 500ms, 90s, 5m, 1h, or a bare number of seconds. */
function parseDuration(raw: string): number {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(raw.trim());
  if (!match) return out.fail(`--duration: give a length such as 90s, 5m or 1h, got ${JSON.stringify(raw)}`);
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[(match[2] ?? 's') as 'ms' | 's' | 'm' | 'h'];
  return Number(match[1]) * unit;
}

out.exitWith(main);
