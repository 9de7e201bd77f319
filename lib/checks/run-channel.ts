/**
 * What the command and the worker that runs the checks tell each other while the checks run, besides
 * their outcomes. A BroadcastChannel of this name reaches the other thread:
 * - the worker tells the command each time a lane waits on the pacer for a bucket's next window, and each
 *   paced request it sends, so the progress says how much of each budget the run has spent;
 * - the command tells the worker the run was interrupted (Ctrl-C or SIGTERM reach only the command);
 * - the budget check asks the command to widen the bundled mock's window, which the command answers.
 */
export const RUN_CHANNEL = 'cc-conformance-run';

export interface PacerWait {
  readonly kind: 'wait';
  /** The pacer's bucket: meter and company, `core:self`. */
  readonly bucket: string;
  /** When the wait ends, epoch ms. */
  readonly until: number;
}

export interface PacedSend {
  readonly kind: 'sent';
  /** The pacer's bucket the request was paced in: meter and company, `dialer:self`. */
  readonly bucket: string;
}

/**
 * The run was interrupted: the running checks send nothing more but their cleanups, and no check starts.
 * The command repeats it until the run ends, since the worker may open its end of the channel later.
 */
export interface RunInterrupt {
  readonly kind: 'interrupt';
}

/**
 * The budget check found this machine too slow to send a window's requests inside one of the bundled
 * mock's windows: it asks for a longer window, the mock's budgets started afresh (the mock runs in the command's thread).
 */
export interface WidenMockWindow {
  readonly kind: 'widen-mock-window';
  readonly windowMs: number;
}

/** The command's answer: the bundled mock's budgets count in windows of `windowMs` from now on. */
export interface MockWindowWidened {
  readonly kind: 'mock-window-widened';
  readonly windowMs: number;
}

export type RunMessage = PacerWait | PacedSend | RunInterrupt | WidenMockWindow | MockWindowWidened;
