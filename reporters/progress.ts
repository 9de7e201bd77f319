import type { Reporter, TestCase, TestSuite } from 'vitest/node';
import type { CheckMeta } from '../lib/checks/vitest.ts';
import { formatDuration } from '../lib/render/durations.ts';
import type { ProgressFigures, RunProgress } from '../lib/results/run-progress.ts';
import { OncePerTest } from './once-per-test.ts';

/** A duration as the plan and the progress line print it: whole seconds, in hours and minutes where long. */
export const roughly = (ms: number): string => (ms <= 0 ? '0 s' : formatDuration(Math.ceil(ms / 1000) * 1000));

/** The updating line: checks done of all, requests, unplanned 429s, the next window a lane waits for, time left. */
export function progressLine(f: ProgressFigures): string {
  const wait = f.waiting ? `, ${f.waiting.bucket.split(':')[0]} window in ${roughly(f.waiting.ms)}` : '';
  return `${f.done}/${f.total} checks, ${f.requests} requests, ${f.limited} unplanned 429s${wait}, about ${roughly(f.leftMs)} left`;
}

/**
 * Shows that a long run is alive. On a terminal, one line updated after each check and each wait on the
 * pacer; elsewhere (CI logs), a plain line as each lane finishes. The figures come from the run
 * (`RunProgress`); this only hands it vitest's events and renders what it says.
 */
export class ProgressReporter implements Reporter {
  readonly #progress: RunProgress;
  readonly #write: (text: string) => void;
  readonly #live: boolean;
  readonly #once = new OncePerTest();
  #ticker: NodeJS.Timeout | undefined;

  constructor(options: { readonly progress: RunProgress; readonly write: (text: string) => void; readonly live: boolean }) {
    this.#progress = options.progress;
    this.#write = options.write;
    this.#live = options.live;
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

  /** On a terminal the line is redrawn every second too, so a wait for a window counts down. */
  onTestRunStart(): void {
    if (this.#live) this.#ticker = setInterval(() => this.render(), 1000).unref();
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
    if (this.#live) this.#write('\r\x1b[2K');
  }
}
