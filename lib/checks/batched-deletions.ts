import type { ApiPart } from '../contract/vocabulary.ts';
import type { Exchange } from '../http/exchange.ts';
import type { RequestScope } from '../requests/request-scope.ts';
import type { RequestSpec } from '../requests/request-spec.ts';
import type { Lane } from './lanes.ts';

/**
 * Records of a kind the API deletes several at a time (the core's Contact actions take ten commands a
 * request): the checks of a lane leave their own such records to the lane's end, where they are deleted
 * together, one request for each `perRequest` of them instead of one each. A record the batch did not
 * delete (the target refused the batch, or one of its commands) is deleted alone. The ledger has written
 * each record down since its create, so one a crash leaves behind is still found by `npm run cleanup`.
 */
export interface DeletionBatch {
  /** Stable and unique: `core.contacts`. */
  readonly key: string;
  /** The records and how they go, for the plan: `contacts, ten a request with Contact actions`. */
  readonly what: string;
  readonly lane: Lane;
  /** The budget the deletions spend. */
  readonly meter: ApiPart;
  /** The most records one request deletes. */
  readonly perRequest: number;
  /** The request deleting these records together. */
  together(scope: Sender, ids: readonly string[]): RequestSpec;
  /** Of these records, those the answer to `together` shows gone: deleted, or already missing. */
  gone(ex: Exchange, ids: readonly string[]): ReadonlySet<string>;
  /** The request deleting one record alone. */
  alone(scope: Sender, id: string): RequestSpec;
}

/** What builds the deletions' requests: the lane end's request scope, or a check's context. */
export type Sender = Pick<RequestScope, 'core'>;

/**
 * Deletes records of the batch's kind together, `perRequest` a request, then alone each the batch did not
 * delete. `send` sends each request (a check records what it sends). Returns the requests the batches were
 * planned to take, and what could not be deleted.
 */
export async function deleteTogether(
  batch: DeletionBatch,
  scope: Sender,
  ids: readonly string[],
  send: (request: RequestSpec) => Promise<Exchange> = (request) => request.send(),
): Promise<{ readonly planned: number; readonly failed: string[] }> {
  const failed: string[] = [];
  let planned = 0;
  for (let start = 0; start < ids.length; start += batch.perRequest) {
    const chunk = ids.slice(start, start + batch.perRequest);
    planned += 1;
    let gone: ReadonlySet<string> = new Set();
    try {
      gone = batch.gone(await send(batch.together(scope, chunk)), chunk);
    } catch {
      // A batch cut short deleted what it deleted: each record is sent alone, and a missing one answers 404.
    }
    for (const id of chunk.filter((i) => !gone.has(i))) {
      try {
        const ex = await send(batch.alone(scope, id));
        if (ex.status >= 300 && ex.status !== 404)
          failed.push(`${batch.key} ${id}: ${ex.request.method} ${new URL(ex.request.url).pathname} answered ${ex.status}`);
      } catch (err) {
        failed.push(`${batch.key} ${id}: ${(err as Error).message}`);
      }
    }
  }
  return { planned, failed };
}

/** The requests a lane's batch costs for `count` records, when the target takes the batch. */
export const batchRequests = (batch: Pick<DeletionBatch, 'perRequest'>, count: number): number => Math.ceil(count / batch.perRequest);

/** The records each lane's checks left to its end, by batch. */
export class BatchedDeletions {
  readonly #left = new Map<DeletionBatch, string[]>();

  /** A record of the batch's kind, to be deleted when its lane ends. */
  add(batch: DeletionBatch, id: string): void {
    this.#left.set(batch, [...(this.#left.get(batch) ?? []), id]);
  }

  /** The budget of the lane's first batch with records, so the lane's end has work; undefined when none has. */
  meterOf(lane: Lane): ApiPart | undefined {
    return [...this.#left.keys()].find((batch) => batch.lane === lane)?.meter;
  }

  /**
   * Deletes the records the lane's checks left to its end, together, then alone those the batch did not
   * delete. Returns the requests the batches were planned to take, and what could not be deleted.
   */
  async removeLane(lane: Lane, scope: RequestScope): Promise<{ readonly planned: number; readonly failed: string[] }> {
    const failed: string[] = [];
    let planned = 0;
    for (const [batch, ids] of this.#left) {
      if (batch.lane !== lane) continue;
      this.#left.delete(batch);
      const done = await deleteTogether(batch, scope, ids);
      planned += done.planned;
      failed.push(...done.failed);
    }
    return { planned, failed };
  }
}
