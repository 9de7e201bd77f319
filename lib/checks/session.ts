import { HttpClient } from '../http/client.js';
import { Pacer, perWindowAt } from '../http/pacer.js';
import { Redactor } from '../http/redact.js';
import type { Target } from '../config/target.js';
import { type SchemaRegistry, schemas } from '../schemas/registry.js';

/**
 * Everything a run shares across its checks: the target, one HTTP client with its pacer,
 * the schema registry, the seed, and a nonce that keeps names of created records unique per run.
 */
export class Session {
  readonly target: Target;
  readonly seed: number;
  readonly nonce: string;
  readonly client: HttpClient;
  readonly pacer: Pacer;
  readonly redactor: Redactor;
  readonly schemas: SchemaRegistry;
  #counter = 0;
  readonly #memo = new Map<string, Promise<unknown>>();

  constructor(target: Target, seed: number) {
    this.target = target;
    this.seed = seed;
    this.nonce = `${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 3).toString(36)}`;
    this.pacer = new Pacer({ windowMs: target.rateWindowMs, perWindow: perWindowAt(target.budgetShare) });
    this.redactor = new Redactor(target);
    this.client = new HttpClient({
      ...(target.ca !== undefined ? { ca: target.ca } : {}),
      timeoutMs: target.timeoutMs,
      pacer: this.pacer,
      redactor: this.redactor,
    });
    this.schemas = schemas();
  }

  /** A name no earlier run used: `cc-conformance-<nonce>-<n>`, so leftovers of a crashed run never collide. */
  uniqueName(prefix = 'cc-conformance'): string {
    this.#counter += 1;
    return `${prefix}-${this.nonce}-${this.#counter}`;
  }

  /**
   * Caches a read that no check changes (countries, numbers), so several checks pay for it once.
   * A failed read is not cached.
   */
  memo<T>(key: string, load: () => Promise<T>): Promise<T> {
    let hit = this.#memo.get(key) as Promise<T> | undefined;
    if (!hit) {
      hit = load();
      this.#memo.set(key, hit);
      hit.catch(() => this.#memo.delete(key));
    }
    return hit;
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}
