import { RequestAllowanceError } from '../errors.ts';

/**
 * The most requests a sender declared it sends (a check's `maxRequests`, a probe's), its retries aside: a
 * request past it ends the sender instead of spending a live account's budget the plan did not count.
 */
export class Allowance {
  #spent = 0;

  constructor(
    /** Who declared it, as the error names it. */
    readonly owner: string,
    readonly max: number,
  ) {}

  get spent(): number {
    return this.#spent;
  }

  /** Takes one request, or throws RequestAllowanceError once all are spent. */
  take(): void {
    if (this.#spent >= this.max) throw new RequestAllowanceError(`${this.owner} declares at most ${this.max} requests and tried to send another`);
    this.#spent += 1;
  }
}
