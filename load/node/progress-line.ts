/**
 * The live progress line of a load run on stderr. On a terminal one line is rewritten in place
 * (`\r`, then erase to the end of the line); anywhere else (CI logs, a pipe) a full line is written
 * every few seconds, so a log stays readable.
 */
import type { LoadProgress } from './tally.ts';

/** Where the line goes: process.stderr, or a fake in tests. */
export interface ProgressSink {
  write(text: string): unknown;
  readonly isTTY?: boolean;
  readonly columns?: number;
}

export interface ProgressLineOptions {
  /** On a non-terminal, at most one line per this many ms (the final line is always written). */
  readonly everyMs?: number;
  /** Epoch ms clock, injectable for tests. */
  readonly now?: () => number;
}

const ERASE_TO_END = '\x1b[K';
export const NON_TTY_EVERY_MS = 5_000;

function seconds(ms: number): string {
  return `${(Math.max(0, ms) / 1000).toFixed(1)} s`;
}

/** The line's text, without control characters. */
export function formatProgress(p: LoadProgress): string {
  return [
    `load ${seconds(p.elapsedMs).slice(0, -2)}/${seconds(p.totalMs)}`,
    `sent ${p.sent}`,
    `served ${p.served}`,
    `429 ${p.limited}`,
    `errors ${p.errors}`,
    `missed ${p.missed}`,
    ...(p.notSent > 0 ? [`not sent ${p.notSent}`] : []),
    `in flight ${p.inFlight}`,
    ...(p.resetInMs !== undefined ? [`reset in ${seconds(p.resetInMs)}`] : []),
  ].join('  ');
}

export class ProgressLine {
  readonly #sink: ProgressSink;
  readonly #everyMs: number;
  readonly #now: () => number;
  #lastWrittenAt = Number.NEGATIVE_INFINITY;
  /** A `\r` line is on screen without its newline. */
  #open = false;
  #latest: LoadProgress | undefined;
  #suffix = '';

  constructor(sink: ProgressSink, options: ProgressLineOptions = {}) {
    this.#sink = sink;
    this.#everyMs = options.everyMs ?? NON_TTY_EVERY_MS;
    this.#now = options.now ?? Date.now;
  }

  get tty(): boolean {
    return this.#sink.isTTY === true;
  }

  /** Words appended to the line from now on, e.g. that the run is stopping. */
  note(suffix: string): void {
    this.#suffix = suffix ? `  ${suffix}` : '';
    if (this.#latest) this.#draw(this.#latest, true);
  }

  update(p: LoadProgress): void {
    this.#latest = p;
    this.#draw(p, false);
  }

  /** Writes the last state as a finished line. */
  finish(p?: LoadProgress): void {
    const last = p ?? this.#latest;
    if (!last) return;
    this.#latest = last;
    this.#draw(last, true);
    this.restore();
  }

  /** Ends a half-written terminal line so whatever is printed next starts on a fresh one. */
  restore(): void {
    if (!this.#open) return;
    this.#sink.write('\n');
    this.#open = false;
  }

  #draw(p: LoadProgress, force: boolean): void {
    const text = formatProgress(p) + this.#suffix;
    if (this.tty) {
      // A line wider than the terminal wraps, and `\r` would then rewrite only its last row.
      const width = this.#sink.columns ? this.#sink.columns - 1 : text.length;
      this.#sink.write(`\r${text.slice(0, width)}${ERASE_TO_END}`);
      this.#open = true;
      return;
    }
    const now = this.#now();
    if (!force && now - this.#lastWrittenAt < this.#everyMs) return;
    this.#lastWrittenAt = now;
    this.#sink.write(`${text}\n`);
  }
}
