/**
 * The JSON text of a rendered record, kept per record object for as long as the fields its rendering
 * reads stay the same, so a page of unchanged records is joined from text instead of serialised again
 * on every request (serialising a 50-item page was the largest cost of a list request).
 *
 * The fields are compared on every use instead of invalidating on writes, so the text stays right
 * whoever changes a record: a route, a fault, a test or a load run seeding records directly.
 * `inputs` must name every field `render` reads, as primitives compared with `===`.
 */
export class RenderedText<T extends object> {
  readonly #entries = new WeakMap<T, { readonly inputs: readonly unknown[]; readonly text: string }>();
  readonly #render: (item: T) => unknown;
  readonly #inputs: (item: T) => readonly unknown[];

  constructor(render: (item: T) => unknown, inputs: (item: T) => readonly unknown[]) {
    this.#render = render;
    this.#inputs = inputs;
  }

  /** Exactly `JSON.stringify(render(item))`. */
  text(item: T): string {
    const inputs = this.#inputs(item);
    const hit = this.#entries.get(item);
    if (hit !== undefined && sameInputs(hit.inputs, inputs)) return hit.text;
    const text = JSON.stringify(this.#render(item));
    this.#entries.set(item, { inputs, text });
    return text;
  }
}

function sameInputs(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
