/**
 * What the worker that runs the checks tells the command while they run, besides their outcomes: when a
 * lane waits on the pacer for a bucket's next window. A BroadcastChannel reaches the command's thread.
 */
export const PROGRESS_CHANNEL = 'cc-conformance-progress';

export interface PacerWait {
  readonly kind: 'wait';
  /** The pacer's bucket: meter and company, `core:self`. */
  readonly bucket: string;
  /** When the wait ends, epoch ms. */
  readonly until: number;
}
