/**
 * Where each stream's requests go and with which key: resolved once, before the run, so a stream the
 * target cannot serve is refused up front (one line naming the missing variable), never mid-run.
 */
import type { Target } from '../../lib/config/target.ts';
import { ConfigError } from '../../lib/errors.ts';
import { USER_AGENT } from '../../lib/http/client.ts';
import { type Company, COMPANY_OF_SLOT, HOST_OF_SURFACE } from '../../lib/contract/vocabulary.ts';
import { KEY_VARIABLES, type LoadScenario, type LoadStream, SURFACE_URL_VARIABLE } from '../shared/scenario-model.ts';

export interface PreparedStream {
  readonly stream: LoadStream;
  readonly company: Company;
  /** Full URL with query; holds no credential (the key goes in the header). */
  readonly url: string;
  /** Sent as they are; the Authorization value is a credential and never leaves this object. */
  readonly headers: Readonly<Record<string, string>>;
}

/** Each stream's URL and headers; throws a ConfigError naming the first variable a stream needs and the target lacks. */
export function prepareStreams(scenario: LoadScenario, target: Target): PreparedStream[] {
  return scenario.streams.map((stream) => {
    const base = target.urls[HOST_OF_SURFACE[stream.surface]];
    if (base === undefined) throw new ConfigError(`scenario ${scenario.name}: stream ${stream.name} needs ${SURFACE_URL_VARIABLE[stream.surface]}`);
    const pair = target.keys[stream.key];
    if (pair === undefined) throw new ConfigError(`scenario ${scenario.name}: stream ${stream.name} needs ${KEY_VARIABLES[stream.key].id}`);
    const query = new URLSearchParams(stream.endpoint.query ?? {}).toString();
    return {
      stream,
      company: COMPANY_OF_SLOT[stream.key],
      url: `${base}${stream.endpoint.path}${query ? `?${query}` : ''}`,
      headers: {
        authorization: `Basic ${Buffer.from(`${pair.id}:${pair.secret}`).toString('base64')}`,
        accept: 'application/json',
        'user-agent': USER_AGENT,
      },
    };
  });
}
