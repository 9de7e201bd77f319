import type { ApiPart } from '../contract/vocabulary.ts';
import type { Exchange } from '../http/exchange.ts';
import type { RequestFields, RequestSpec } from '../requests/request-spec.ts';
import type { CheckContext } from './context.ts';
import type { Lane } from './lanes.ts';
import { PrerequisiteFailed, SkipSignal } from './signals.ts';

/** The plan's words for a make that serves several checks at once: what it is, given its sharers (`10 checks`), and what a refusal costs them. */
export interface MadeTogether {
  what(sharers: string): string;
  readonly ifRefused: string;
}

/**
 * A record several checks of one lane use as it is and none changes (a contact to find in a list, a
 * campaign to read): made once a run, by the first of them that runs, and deleted once when its lane ends,
 * instead of made and deleted by each. On a live account that is the budget of every other make and
 * delete saved, and for records the API keeps after deletion (the Dialer's campaigns) one left instead of many.
 */
export interface SharedRecord<T> {
  /** Stable and unique: `core.contact`. */
  readonly key: string;
  /** The lane of every check that shares it: the record is deleted when that lane ends. */
  readonly lane: Lane;
  /** The budget its make and its deletion spend. */
  readonly meter: ApiPart;
  /**
   * The most requests the make sends. Each check that shares the record counts them in its allowance, since
   * any of them may be the first; the plan counts them once.
   */
  readonly makeRequests: number;
  /** The requests its deletion sends: 1, or 0 for a record the API gives no way to delete. */
  readonly removeRequests: 0 | 1;
  /**
   * True for a Dialer campaign, which the API keeps after its deletion (status `deleted`): the plan counts it
   * once a run in what the run leaves, whichever check makes it.
   */
  readonly leftForGood?: true;
  /**
   * For a make that serves several checks at once what each would otherwise send itself (records made several
   * a request, a create carrying the values several checks judge): the plan's words for it, given the sharers
   * (`10 checks`), and what a target that refuses it costs them (each sharer counts that in `ifBatchRefused`).
   */
  readonly madeTogether?: MadeTogether;
  /** Makes the record with the first sharing check's context; gives it back with the request that deletes it. */
  make(t: CheckContext): Promise<{ readonly value: T; readonly removal?: RequestSpec }>;
}

interface Made {
  readonly record: SharedRecord<unknown>;
  readonly made: Promise<{ readonly value: unknown; readonly removal?: RequestSpec }>;
}

/**
 * The run's shared records. A make the target refused is not tried again: each later check meets the same
 * skip or failed prerequisite instead of spending the budget on the same make. A make cut short (an
 * interrupt, the first check's time limit, a harness error) judged nothing, so the next check tries again.
 */
export class SharedRecords {
  readonly #made = new Map<string, Made>();

  async get<T>(record: SharedRecord<T>, t: CheckContext): Promise<T> {
    let entry = this.#made.get(record.key);
    if (!entry) {
      const made = record.make(t);
      entry = { record, made };
      this.#made.set(record.key, entry);
      made.catch((err: unknown) => {
        if (!(err instanceof SkipSignal || err instanceof PrerequisiteFailed)) this.#made.delete(record.key);
      });
    }
    return (await entry.made).value as T;
  }

  /** Whether the record was made (or begun) already in this run. */
  has(record: SharedRecord<unknown>): boolean {
    return this.#made.has(record.key);
  }

  /**
   * Takes a record a check made its own way as the record's make, for the checks after it (the changing
   * cursor walk makes the run's deleted campaign between its pages). False when it was made already.
   */
  provide<T>(record: SharedRecord<T>, value: T): boolean {
    if (this.#made.has(record.key)) return false;
    this.#made.set(record.key, { record, made: Promise.resolve({ value }) });
    return true;
  }

  /** The budget of the lane's first record made (or begun), so its deletion step has work; undefined when none was. */
  meterOf(lane: Lane): ApiPart | undefined {
    return [...this.#made.values()].find((e) => e.record.lane === lane)?.record.meter;
  }

  /**
   * Deletes the lane's shared records, each with its own request sent again by `send`; a record already
   * gone counts as deleted. Returns what could not be deleted.
   */
  async removeLane(lane: Lane, send: (fields: RequestFields) => Promise<Exchange>): Promise<{ readonly removals: number; readonly failed: string[] }> {
    const failed: string[] = [];
    let removals = 0;
    for (const [key, entry] of this.#made) {
      if (entry.record.lane !== lane) continue;
      this.#made.delete(key);
      const made = await entry.made.catch(() => undefined);
      if (!made?.removal) continue;
      removals += 1;
      try {
        const ex = await send(made.removal.fields);
        if (ex.status >= 300 && ex.status !== 404) failed.push(`${key}: ${ex.request.method} ${new URL(ex.request.url).pathname} answered ${ex.status}`);
      } catch (err) {
        failed.push(`${key}: ${(err as Error).message}`);
      }
    }
    return { removals, failed };
  }
}
