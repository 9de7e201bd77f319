/**
 * Every exit code of the tool's commands, listed once. The commands exit with these constants, and
 * docs/reference/exit-codes.md is generated from this list (`npm run docs`), so the two cannot drift.
 */
export const EXIT_CODE = {
  /** The command's question has the good answer: a pass, as expected, no regression, GO. */
  pass: 0,
  /** The bad answer: a rule or expectation failed, a regression, NO-GO, records left, no release fits. */
  fail: 1,
  /** Bad input or configuration, or the harness could not run. */
  harness: 2,
  /** Nothing failed, but something that needed judging was not judged. */
  incomplete: 3,
  /** The expectations file is out of date (with `--expect` only). */
  stale: 4,
  /** Ctrl-C or SIGTERM: the shell's 128 + SIGINT. */
  interrupted: 130,
} as const;

export type ExitCodeName = keyof typeof EXIT_CODE;
export type ExitCode = (typeof EXIT_CODE)[ExitCodeName];

/** What each code means in general, a short phrase for the table of every code. */
export const EXIT_CODE_MEANING: Readonly<Record<ExitCodeName, string>> = {
  pass: 'the good answer: a pass, as expected, no regression, GO, nothing left',
  fail: 'the bad answer: a rule or an expectation failed, a regression, NO-GO, something left',
  harness: 'bad input or configuration, or the harness could not run',
  incomplete: 'nothing failed, but something that needed judging was not judged',
  stale: 'the expectations file is out of date',
  interrupted: 'interrupted by Ctrl-C or SIGTERM',
};

/** One code of one command. */
export interface CommandExit {
  readonly name: ExitCodeName;
  /** What the code means for this command; absent when it has it only with `--expect`. */
  readonly meaning?: string;
  /** What it means with an expectations file (`run` only). */
  readonly withExpect?: string;
}

/** The codes of one command, in the order a reader meets them. */
export interface CommandExits {
  /** The subcommand of the installed `cc-conformance`; `cc-conformance` for the executable itself. */
  readonly command: string;
  /** How a checkout starts it: `npm run conformance`. */
  readonly script?: string;
  /** The file of cli/ that exits with these codes, whose `--help` lists them. */
  readonly file?: string;
  readonly codes: readonly CommandExit[];
  /** What the table leaves out, in a sentence or two. */
  readonly note?: string;
}

export const COMMAND_EXITS: readonly CommandExits[] = [
  {
    command: 'run',
    script: 'npm run conformance',
    file: 'cli/conformance.ts',
    codes: [
      { name: 'pass', meaning: 'every required rule passed', withExpect: 'everything as the expectations say' },
      { name: 'fail', meaning: 'a required rule failed: the target broke the spec', withExpect: 'a required rule failed that no entry expects to fail' },
      { name: 'harness', meaning: 'bad configuration (the expectations file included), or the harness could not run', withExpect: 'the same' },
      {
        name: 'incomplete',
        meaning: 'nothing failed, but required rules were skipped (a missing key pair, host or allowed effect) or hit a harness error',
        withExpect: 'a skip no entry puts out of scope, or a harness error',
      },
      {
        name: 'stale',
        withExpect:
          'the expectations are out of date: an expired entry; an expected failure that passed (unless `--fixed-warns`); an entry naming a rule or check the catalogue lost; an out-of-scope entry written where a failure hid the rule',
      },
      { name: 'interrupted', meaning: 'interrupted (Ctrl-C, SIGTERM): the reports are written with what ran', withExpect: 'the same' },
    ],
    note: 'With `--expect`, when several apply, 1 wins over 4 and 4 over 3. `--list-rules`, `--write-expectations` with `--from-report`, and `--rerun-failed` with nothing to rerun exit 0.',
  },
  {
    command: 'plan',
    script: 'npm run conformance -- --plan',
    codes: [
      { name: 'pass', meaning: 'the plan is printed; nothing was sent' },
      { name: 'harness', meaning: 'bad configuration: a variable, an option or the expectations file' },
    ],
  },
  {
    command: 'compare',
    script: 'npm run compare',
    file: 'cli/compare.ts',
    codes: [
      { name: 'pass', meaning: 'no rule newly fails (`no-regression`)' },
      { name: 'fail', meaning: 'a rule newly fails (`regression`)' },
      { name: 'harness', meaning: 'bad input: a missing file, not a conformance report, a version this one does not read, wrong arguments' },
    ],
  },
  {
    command: 'observe',
    script: 'npm run observe',
    file: 'cli/observe.ts',
    codes: [
      { name: 'pass', meaning: 'every rule observable from traffic met an exchange and held', withExpect: 'everything as the expectations say' },
      { name: 'fail', meaning: 'an observable rule failed: an exchange broke the spec', withExpect: 'a rule failed that no entry expects to fail' },
      {
        name: 'harness',
        meaning: "bad input: a file that is not HAR, cut short, or with no exchange for the target's hosts; no target URL; a bad option",
        withExpect: 'the same',
      },
      { name: 'incomplete', meaning: 'nothing failed, but an observable rule met no exchange to judge', withExpect: 'a skip no entry puts out of scope' },
      { name: 'stale', withExpect: 'the expectations are out of date, as for `run`' },
    ],
    note: 'With `--proxy`, Ctrl-C, SIGTERM or `--duration` ends the recording: the reports are written and the command exits with their code.',
  },
  {
    command: 'capacity',
    script: 'npm run capacity',
    file: 'cli/capacity.ts',
    codes: [
      { name: 'pass', meaning: 'GO: the campaign fits the budgets' },
      { name: 'fail', meaning: 'NO-GO' },
      { name: 'harness', meaning: 'bad input or configuration, or the harness could not run; a bad option stops it before the plan is printed' },
      { name: 'interrupted', meaning: 'interrupted: both reports are written with what was measured, the page headed INTERRUPTED with the verdict so far' },
    ],
  },
  {
    command: 'load',
    script: 'npm run load',
    file: 'cli/load.ts',
    codes: [
      { name: 'pass', meaning: "the scenario's expectations held" },
      { name: 'fail', meaning: 'an expectation failed' },
      { name: 'harness', meaning: 'bad configuration or the harness could not run' },
      { name: 'incomplete', meaning: 'errors, missed sends, or no answers where a judgement needs them' },
      { name: 'interrupted', meaning: 'interrupted: the reports are written marked interrupted' },
    ],
  },
  {
    command: 'k6',
    script: 'npm run k6',
    file: 'cli/k6.ts',
    codes: [
      { name: 'pass', meaning: 'every threshold held and the load report passed' },
      { name: 'fail', meaning: 'a threshold was crossed, or the load report failed' },
      {
        name: 'harness',
        meaning:
          'bad configuration, k6 missing, or k6 could not run the test (a `setup()` check stopped it: the target is unhealthy or its budget already spent)',
      },
      { name: 'incomplete', meaning: 'the thresholds held, but the load report saw errors' },
      { name: 'interrupted', meaning: 'interrupted: the load report is written marked interrupted, if k6 left a summary' },
    ],
  },
  {
    command: 'cleanup',
    script: 'npm run cleanup',
    file: 'cli/cleanup.ts',
    codes: [
      { name: 'pass', meaning: 'nothing deletable is left' },
      { name: 'fail', meaning: 'something deletable is left: a delete failed, the cleanup was stopped, or `--dry-run` found something to delete' },
      { name: 'harness', meaning: 'bad input or configuration' },
      { name: 'interrupted', meaning: 'interrupted twice: it quit at once (a first Ctrl-C stops after the request in flight, exit 1)' },
    ],
  },
  {
    command: 'fingerprint',
    script: 'npm run fingerprint',
    file: 'cli/fingerprint.ts',
    codes: [
      { name: 'pass', meaning: 'one or more Dialer releases fit every probe' },
      { name: 'fail', meaning: 'no release fits' },
      { name: 'harness', meaning: 'bad configuration or the harness could not run' },
      { name: 'interrupted', meaning: 'interrupted: the running probe cleaned up, and no release is named' },
    ],
  },
  {
    command: 'mock',
    script: 'npm run mock',
    file: 'cli/mock.ts',
    codes: [
      { name: 'pass', meaning: 'stopped by Ctrl-C or SIGTERM, its servers closed; also after `--list-faults`' },
      { name: 'fail', meaning: 'its servers failed to close when it was stopped' },
      { name: 'harness', meaning: 'a bad option, or the mock could not start (a port in use)' },
    ],
  },
  {
    command: 'cc-conformance',
    codes: [
      { name: 'pass', meaning: '`--help` or `--version`' },
      { name: 'harness', meaning: 'no subcommand, an unknown one, or the subcommand could not start (tsx not found)' },
    ],
    note: "Otherwise the installed executable exits with its subcommand's code. A subcommand ended by a signal ends it by the same signal; a shell then sees 128 plus the signal's number.",
  },
];
