import { type KeySlot, type Surface } from '../contract/vocabulary.ts';
import type { Exchange, ReplayAuth } from '../http/exchange.ts';

export type QueryValue = string | number | boolean;

export type Credentials =
  | { readonly kind: 'slot'; readonly slot: KeySlot }
  | { readonly kind: 'none' }
  /**
   * A hand-made Authorization value, for malformed-credential probes; `label` says what it is in reports,
   * `replay` how the report's curl line sends it without a credential's value.
   */
  | { readonly kind: 'raw'; readonly header: string; readonly label: string; readonly replay: Exclude<ReplayAuth, { kind: 'slot' | 'none' }> };

export interface RequestFields {
  readonly surface: Surface;
  readonly method: string;
  readonly path: string;
  readonly query: readonly (readonly [string, string])[];
  readonly body?: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly credentials: Credentials;
  readonly planned: boolean;
  readonly plainHttp: boolean;
}

/**
 * An immutable request under construction: each method returns a new spec, so a base request can be
 * shared and varied (`base.as('other')`, `base.query({ limit: 0 })`).
 */
export class RequestSpec {
  constructor(
    readonly fields: RequestFields,
    private readonly sender: (fields: RequestFields) => Promise<Exchange>,
  ) {}

  #with(patch: Partial<RequestFields>): RequestSpec {
    return new RequestSpec({ ...this.fields, ...patch }, this.sender);
  }

  /** Adds query parameters; undefined values are left out. */
  query(params: Readonly<Record<string, QueryValue | undefined>>): RequestSpec {
    const added = Object.entries(params)
      .filter((entry): entry is [string, QueryValue] => entry[1] !== undefined)
      .map(([k, v]) => [k, String(v)] as const);
    return this.#with({ query: [...this.fields.query, ...added] });
  }

  json(body: unknown): RequestSpec {
    return this.#with({ body: JSON.stringify(body), headers: { ...this.fields.headers, 'content-type': 'application/json' } });
  }

  /** A body sent as is, for malformed-input probes. */
  raw(body: string, contentType = 'application/json'): RequestSpec {
    return this.#with({ body, headers: { ...this.fields.headers, 'content-type': contentType } });
  }

  header(name: string, value: string | undefined): RequestSpec {
    const headers = { ...this.fields.headers };
    if (value === undefined) delete headers[name.toLowerCase()];
    else headers[name.toLowerCase()] = value;
    return this.#with({ headers });
  }

  as(slot: KeySlot): RequestSpec {
    return this.#with({ credentials: { kind: 'slot', slot } });
  }

  noAuth(): RequestSpec {
    return this.#with({ credentials: { kind: 'none' } });
  }

  authorization(header: string, label: string, replay: Extract<RequestFields['credentials'], { kind: 'raw' }>['replay']): RequestSpec {
    return this.#with({ credentials: { kind: 'raw', header, label, replay } });
  }

  /** Part of a deliberate burst: not paced, and a 429 comes back to the check instead of being waited out. */
  planned(): RequestSpec {
    return this.#with({ planned: true });
  }

  /** The same URL with http:// — only ever sent without credentials. */
  overPlainHttp(): RequestSpec {
    return this.#with({ plainHttp: true, credentials: { kind: 'none' } });
  }

  /**
   * The same request with `inspect` run on every answer before the caller sees it; `inspect` may end the
   * check (a skip, say). Kept by every variation made from it.
   */
  inspected(inspect: (ex: Exchange) => void): RequestSpec {
    return new RequestSpec(this.fields, async (fields) => {
      const ex = await this.sender(fields);
      inspect(ex);
      return ex;
    });
  }

  send(): Promise<Exchange> {
    return this.sender(this.fields);
  }
}
