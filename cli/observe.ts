import { randomBytes } from 'node:crypto';
import { trafficTarget } from '../lib/config/load.ts';
import { Redactor } from '../lib/http/redact.ts';
import { toolCommand } from '../lib/invocation.ts';
import { readExpectations } from '../lib/expectations/expectations-file.ts';
import { scopeOf } from '../lib/expectations/scope.ts';
import { RULES } from '../lib/rules/index.ts';
import { exitCodeOf } from '../lib/results/report.ts';
import { observedFiles } from '../suites/traffic/report.ts';
import { renderConsole } from '../reporters/console.ts';
import { writeReports } from '../reporters/files.ts';
import { parseCommandLine } from './command-line.ts';
import { CommandOutput } from './output.ts';
import { commandSettings } from './settings.ts';
import { trafficHeadline } from '../reporters/traffic-headline.ts';

const HELP = `Usage: ${toolCommand('observe', 'FILE.har [MORE.har ...] [options]')}

Judges traffic the tool did not send: the exchanges of HAR 1.2 files (what browsers, mitmproxy,
Charles and Postman export), in time order, with the judges a run uses, at no cost to any budget.
Each exchange is placed on its host by the target variables a run reads (CC_BASE_URL, CC_AI_URL,
CC_ANALYTICS_URL, CC_CUECARD_URL); entries for other addresses are counted and skipped. Rules that
only a run can judge are listed "not observable from traffic", one line each. Writes the reports a
run writes (conformance.json, junit.xml, conformance.html, summary.md).

Options:
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
3 nothing failed, but an observable rule met no exchange to judge; with --expect, as a run's.`;

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
  if (files.length === 0) return out.fail('give one or more HAR files to observe (see --help)');
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
  const observed = await observedFiles(files, target, {
    redactor,
    salt,
    startedAt: started,
    ...(scope ? { gate: { scope, today: started.toISOString().slice(0, 10), fixedWarns: args['fixed-warns'] } } : {}),
  });
  if (observed.entries > 0 && observed.exchanges === 0)
    return out.fail(
      `none of the ${observed.entries} entries of ${files.join(', ')} is an exchange with the target's hosts (${Object.values(target.urls).join(', ')}): a capture of another API, or the CC_* URLs name other hosts`,
    );
  const { report } = observed;
  const scrub = (text: string) => redactor.text(text);
  const written = writeReports(report, args.reports, scrub);
  out.say(scrub(trafficHeadline(report)));
  out.say(scrub(renderConsole(report, { verbose: args.verbose, color: process.stdout.isTTY })));
  out.say(`reports: ${written.json}, ${written.junit}, ${written.html}, ${written.summary}`);
  return exitCodeOf(report);
}

out.exitWith(main);
