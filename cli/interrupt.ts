/**
 * Ctrl-C and SIGTERM for the commands that run long: the first signal aborts `signal` (the command
 * stops sending, finishes what it can and still writes its reports), a second one quits at once.
 * A repeat within a moment is the same Ctrl-C: a launcher that relays signals (tsx) can deliver one
 * twice when the process is slow to confirm it.
 */
export const SAME_SIGNAL_MS = 1_000;

export interface InterruptOptions {
  /** Called once, on the first signal. */
  readonly onFirst: () => void;
  /** Called on a second signal before the process exits with `exitCode`. */
  readonly onQuit?: () => void;
  readonly exitCode: number;
}

export function onInterrupt(options: InterruptOptions): AbortSignal {
  const stop = new AbortController();
  let firstAt: number | undefined;
  const handle = () => {
    const at = Date.now();
    if (firstAt !== undefined) {
      if (at - firstAt < SAME_SIGNAL_MS) return;
      options.onQuit?.();
      process.exit(options.exitCode);
    }
    firstAt = at;
    stop.abort();
    options.onFirst();
  };
  process.on('SIGINT', handle);
  process.on('SIGTERM', handle);
  return stop.signal;
}
