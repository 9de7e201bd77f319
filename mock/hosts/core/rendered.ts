/**
 * The JSON text of rendered records, kept per record object for as long as the fields its rendering
 * reads stay the same, so a page of unchanged records is not serialised again on every request
 * (serialising a 50-item page was the largest cost of a list request after TLS).
 *
 * The fields are compared on every use instead of invalidating on writes, so the text stays right
 * whoever changes a record: a route, a fault, a test or a load run seeding records directly.
 * `inputs` must name every field `render` reads, as primitives compared with `===`.
 */
export class RenderedText<T extends object> {
  readonly #items = new WeakMap<T, { readonly inputs: readonly unknown[]; readonly text: string }>();
  /** The last body made for a page, by the page's first item: a client paging or polling asks again. */
  readonly #pages = new WeakMap<T, Page<T>>();
  readonly #render: (item: T) => unknown;
  readonly #inputs: (item: T) => readonly unknown[];

  constructor(render: (item: T) => unknown, inputs: (item: T) => readonly unknown[]) {
    this.#render = render;
    this.#inputs = inputs;
  }

  /** Exactly `JSON.stringify(render(item))`. */
  text(item: T): string {
    const inputs = this.#inputs(item);
    const hit = this.#items.get(item);
    if (hit !== undefined && sameInputs(hit.inputs, inputs)) return hit.text;
    const text = JSON.stringify(this.#render(item));
    this.#items.set(item, { inputs, text });
    return text;
  }

  /** Exactly `head + items.map((item) => this.text(item)).join(',') + tail`. */
  join(head: string, items: readonly T[], tail: string): string {
    const first = items[0];
    if (first === undefined) return head + tail;
    const inputs = items.map(this.#inputs);
    const page = this.#pages.get(first);
    if (page !== undefined && page.head === head && page.tail === tail && samePage(page, items, inputs)) return page.body;
    // One flat string: a rope of 50 parts would be flattened again by every write of it.
    const body = [head, items.map((item) => this.text(item)).join(','), tail].join('');
    this.#pages.set(first, { head, tail, items: [...items], inputs, body });
    return body;
  }
}

interface Page<T> {
  readonly head: string;
  readonly tail: string;
  readonly items: readonly T[];
  readonly inputs: readonly (readonly unknown[])[];
  readonly body: string;
}

function samePage<T>(page: Page<T>, items: readonly T[], inputs: readonly (readonly unknown[])[]): boolean {
  if (page.items.length !== items.length) return false;
  for (let i = 0; i < items.length; i++) {
    if (page.items[i] !== items[i] || !sameInputs(page.inputs[i] as readonly unknown[], inputs[i] as readonly unknown[])) return false;
  }
  return true;
}

function sameInputs(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
