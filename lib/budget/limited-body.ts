/**
 * What a 429's body must be on each surface (spec: Errors, Limits), judged once for both engines: the
 * core error envelope with status 429 and 'Too Many Requests'; on the Dialer one of the AI host's two
 * documented shapes, never the core envelope: the service's (statusCode 429, a message, error 'Too Many
 * Requests', a correlationId, when there is one, a non-empty string) or, from a limiter ahead of the
 * service, the authentication layer's ({ code, message }: a non-empty code, whose value for a 429 the
 * spec does not show, and a message). schemas/core/too-many-requests.json and schemas/dialer/too-many-requests.json
 * publish the same shapes; a test holds the two to each other.
 */
import type { MeteredSurface } from '../contract/vocabulary.ts';

const TOO_MANY = 'Too Many Requests';

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Why the body is not the surface's 429, in words; undefined when it is. */
export function limitedBodyProblem(surface: MeteredSurface, json: unknown): string | undefined {
  if (json === undefined) return 'no JSON body';
  if (!isObject(json)) return 'the body is not a JSON object';
  if (surface === 'core') {
    const data = json.responseData;
    if (!isObject(data)) return 'no responseData object';
    if (data.status !== 429) return `responseData.status is ${JSON.stringify(data.status ?? null)}, not 429`;
    if (data.message !== TOO_MANY) return `responseData.message is ${JSON.stringify(data.message ?? null)}, not '${TOO_MANY}'`;
    return undefined;
  }
  if ('responseData' in json) return 'a Dialer 429 carries a responseData envelope';
  // The AI host's two documented shapes, told apart by `code` versus `statusCode` (spec: Errors on the
  // {ai_url} host): a limiter ahead of the service may answer as the authentication layer does.
  if (!('statusCode' in json) && 'code' in json) {
    if (typeof json.code !== 'string' || json.code === '') return 'code is not a non-empty string';
    if (typeof json.message !== 'string') return 'message is missing or not a string';
    return undefined;
  }
  if (json.statusCode !== 429) return `statusCode is ${JSON.stringify(json.statusCode ?? null)}, not 429`;
  if (typeof json.message !== 'string') return 'message is missing or not a string';
  if (json.error !== TOO_MANY) return `error is ${JSON.stringify(json.error ?? null)}, not '${TOO_MANY}'`;
  if ('correlationId' in json && (typeof json.correlationId !== 'string' || json.correlationId === '')) return 'correlationId is not a non-empty string';
  return undefined;
}
