import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildMock, type Mock, type MockOptions } from '../../mock/build.ts';
import { type Surface } from '../../lib/contract/vocabulary.ts';
import type { ApiKey } from '../../mock/state/model.ts';

/**
 * In-process access to a mock for its own tests: `inject()` reaches a host's routes without sockets,
 * so hundreds of requests cost milliseconds. HTTPS itself is tested separately, over real sockets.
 */
export interface MockClient {
  readonly mock: Mock;
  key(label: string): ApiKey;
  basic(label: string): string;
  send(host: Surface, options: InjectOptions & { as?: string | null }): Promise<LightMyRequestResponse>;
}

export async function mockClient(options: MockOptions = {}): Promise<MockClient> {
  const mock = await buildMock({ rateWindowMs: 60_000, metered: false, ...options });
  const key = (label: string): ApiKey => {
    const found = [...mock.state.keys.values()].find((k) => k.label === label);
    if (!found) throw new Error(`no key labelled ${label}`);
    return found;
  };
  const basic = (label: string) => {
    const k = key(label);
    return `Basic ${Buffer.from(`${k.id}:${k.secret}`).toString('base64')}`;
  };
  return {
    mock,
    key,
    basic,
    send: (host, { as = 'a1', headers, ...rest }) =>
      mock.apps[host].inject({
        ...rest,
        headers: { accept: 'application/json', ...(as === null ? {} : { authorization: basic(as) }), ...(headers as Record<string, string> | undefined) },
      }),
  };
}

/** A JSON body with its content type, as a client sends it. */
export function json(body: unknown): Pick<InjectOptions, 'payload' | 'headers'> {
  return { payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } };
}
