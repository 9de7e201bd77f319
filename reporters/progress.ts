import type { Reporter, TestCase, TestSuite } from 'vitest/node';
import type { CheckMeta } from '../lib/checks/vitest.ts';
import { formatDuration } from '../lib/render/durations.ts';
import type { BudgetPart, ProgressFigures, RunProgress } from '../lib/results/run-progress.ts';
import { OncePerTest } from './once-per-test.ts';

/** A duration as the plan and the progress line print it: whole seconds, in hours and minutes where long. */
export const roughly = (ms: number): string => (ms <= 0 ? '0 s' : formatDuration(Math.ceil(ms / 1000) * 1000));

/** The updating line: checks done of all, requests, unplanned 429s, the next window a lane waits for, time left. */
export function progressLine(f: ProgressFigures): string {
  const wait = f.waiting ? `, ${f.waiting.bucket.split(':')[0]} window in ${roughly(f.waiting.ms)}` : '';
  return `${f.done}/${f.total} checks, ${f.requests} requests, ${f.limited} unplanned 429s${wait}, about ${roughly(f.leftMs)} left`;
}

/**
 * How often a run says how far it has got in its log, on a terminal or not: a paced run takes minutes, and
 * a CI log shows nothing else meanwhile.
 */
export const PROGRESS_LOG_EVERY_MS = 60_000;

/** The Dialer is named as itself, never by its host. */
const PART_NAME: Readonly<Record<BudgetPart, string>> = { core: 'core', dialer: 'Dialer', unmetered: 'other hosts' };

/** The log's line: checks done of all, time in and left, and the paced requests spent of what the plan said, per budget. */
export function progressLogLine(f: ProgressFigures): string {
  const spent = f.spent.map((p) => `${PART_NAME[p.part]} ${p.requests}${p.planned > 0 ? `/${p.planned}` : ''}`).join(', ');
  const limited = f.limited > 0 ? `, ${f.limited} unplanned 429s` : '';
  return `progress: ${f.done} of ${f.total} checks, ${roughly(f.elapsedMs)} in, about ${roughly(f.leftMs)} left${limited}${spent ? `; requests: ${spent}` : ''}`;
}

/**
 * Shows that a long run is alive. On a terminal, one line updated after each check and each wait on the
 * pacer; elsewhere (CI logs), a plain line as each lane finishes. Either way, the log (`log`, stdout) gets
 * a line every `logEveryMs` while the checks run. The figures come from the run (`RunProgress`); this only
 * hands it vitest's and the pacer's events and renders what it says.
 */
export class ProgressReporter implements Reporter {
  readonly #progress: RunProgress;
  readonly #write: (text: string) => void;
  readonly #live: boolean;
  readonly #once = new OncePerTest();
  readonly #log: ((text: string) => void) | undefined;
  readonly #logEveryMs: number;
  #ticker: NodeJS.Timeout | undefined;
  #logger: NodeJS.Timeout | undefined;

  constructor(options: {
    readonly progress: RunProgress;
    /** Where the terminal's line and each lane's end go (stderr). */
    readonly write: (text: string) => void;
    readonly live: boolean;
    /** Where the line every `logEveryMs` goes (stdout); none without it. */
    readonly log?: (text: string) => void;
    readonly logEveryMs?: number;
  }) {
    this.#progress = options.progress;
    this.#write = options.write;
    this.#live = options.live;
    this.#log = options.log;
    this.#logEveryMs = options.logEveryMs ?? PROGRESS_LOG_EVERY_MS;
  }

  /** Redraws the terminal line; called after each event, and by the command when a lane starts waiting. */
  render(): void {
    if (this.#live) this.#write(`\r\x1b[2K${progressLine(this.#progress.figures())}`);
  }

  /** A lane waits on the pacer for `bucket` until `until` (epoch ms), as the worker said. */
  wait(bucket: string, until: number): void {
    this.#progress.waiting(bucket, until);
    this.render();
  }

  /** A paced request went out in `bucket`, as the worker said. */
  sent(bucket: string): void {
    this.#progress.sent(bucket);
  }

  /** The log's line; on a terminal the updating line is cleared first and drawn again after, as both may share the screen. */
  #logLine(log: (text: string) => void): void {
    if (this.#live) this.#write('\r\x1b[2K');
    log(`${progressLogLine(this.#progress.figures())}\n`);
    this.render();
  }

  /** On a terminal the line is redrawn every second too, so a wait for a window counts down; the log gets its line on its interval. */
  onTestRunStart(): void {
    if (this.#live) this.#ticker = setInterval(() => this.render(), 1000).unref();
    const log = this.#log;
    if (log) this.#logger = setInterval(() => this.#logLine(log), this.#logEveryMs).unref();
  }

  onTestCaseResult(testCase: TestCase): void {
    const meta = testCase.meta();
    if (!meta.cc || !this.#once.first(testCase)) return;
    const cc = meta.cc as CheckMeta;
    this.#progress.checkDone(meta.ccLane, cc.outcome, cc.step !== true);
    this.render();
  }

  onTestSuiteResult(testSuite: TestSuite): void {
    const lane = testSuite.meta().ccLane;
    if (!lane) return;
    const tally = this.#progress.laneFinished(lane);
    if (tally.checks === 0) return;
    const { done, total } = this.#progress.figures();
    if (this.#live) this.#write('\r\x1b[2K');
    this.#write(`lane ${lane} finished: ${tally.checks} checks, ${tally.requests} requests (${done}/${total} checks in all)\n`);
    this.render();
  }

  onTestRunEnd(): void {
    clearInterval(this.#ticker);
    clearInterval(this.#logger);
    if (this.#live) this.#write('\r\x1b[2K');
  }
}
