import { createReadStream } from 'node:fs';
import { JSONParser } from '@streamparser/json';
import { TrafficInputError as HarInputError } from '../errors.ts';

/**
 * One request and its answer as a HAR file recorded it, by whatever tool: the fields the judges read, headers
 * by lower-case name. Credentials are still in it as recorded; `recorded.ts` redacts them before anything
 * keeps or prints the exchange.
 */
export interface RecordedExchange {
  /** Epoch ms when the request went out, on the recording tool's clock. */
  readonly startedMs: number;
  readonly method: string;
  readonly url: string;
  readonly requestHeaders: Readonly<Record<string, string>>;
  readonly requestBody?: string;
  readonly status: number;
  readonly responseHeaders: Readonly<Record<string, string>>;
  /** The body as text; empty when the recording left it out or it was not text. */
  readonly responseText: string;
  readonly responseBytes: number;
  readonly durationMs: number;
}

/** A capture that cannot be read as HAR: its message is one line naming the file and what is wrong. */
export { HarInputError };

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** HAR headers (an array of `{ name, value }`) by lower-case name; repeated names are joined as HTTP joins them. */
function headersOf(list: unknown, where: string): Record<string, string> {
  if (list === undefined) return {};
  if (!Array.isArray(list)) throw new Error(`${where} is not an array`);
  const out: Record<string, string> = {};
  for (const header of list) {
    if (!isObject(header) || typeof header.name !== 'string') throw new Error(`${where} holds an item without a name`);
    const name = header.name.toLowerCase();
    // HTTP/2 pseudo-headers (":authority") are not headers of the message.
    if (name.startsWith(':')) continue;
    const value = typeof header.value === 'string' ? header.value : String(header.value ?? '');
    out[name] = out[name] === undefined ? value : `${out[name]}, ${value}`;
  }
  return out;
}

/** The response body as text: HAR may hold it base64-encoded (`content.encoding`), or leave it out. */
function bodyText(content: Json): string {
  if (typeof content.text !== 'string') return '';
  return content.encoding === 'base64' ? Buffer.from(content.text, 'base64').toString('utf8') : content.text;
}

/** One `log.entries` item as a RecordedExchange, or the reason it is not a HAR entry. */
export function recordedExchange(entry: unknown): RecordedExchange {
  if (!isObject(entry)) throw new Error('is not an object');
  const { request, response } = entry;
  if (!isObject(request)) throw new Error('has no request');
  if (!isObject(response)) throw new Error('has no response');
  const startedMs = typeof entry.startedDateTime === 'string' ? Date.parse(entry.startedDateTime) : Number.NaN;
  if (Number.isNaN(startedMs)) throw new Error(`startedDateTime ${JSON.stringify(entry.startedDateTime ?? null)} is not a date-time`);
  if (typeof request.method !== 'string' || request.method === '') throw new Error('request.method is missing');
  if (typeof request.url !== 'string' || !URL.canParse(request.url)) throw new Error(`request.url ${JSON.stringify(request.url ?? null)} is not a URL`);
  if (typeof response.status !== 'number' || !Number.isInteger(response.status)) throw new Error('response.status is not an integer');
  const content = isObject(response.content) ? response.content : {};
  const responseText = bodyText(content);
  const postData = isObject(request.postData) && typeof request.postData.text === 'string' ? request.postData.text : undefined;
  const size = typeof content.size === 'number' && content.size >= 0 ? content.size : Buffer.byteLength(responseText);
  return {
    startedMs,
    method: request.method.toUpperCase(),
    url: request.url,
    requestHeaders: headersOf(request.headers, 'request.headers'),
    ...(postData !== undefined ? { requestBody: postData } : {}),
    status: response.status,
    responseHeaders: headersOf(response.headers, 'response.headers'),
    responseText,
    responseBytes: size,
    durationMs: typeof entry.time === 'number' && entry.time >= 0 ? entry.time : 0,
  };
}

/** How many bytes the reader takes from the file at a time: the entries of one chunk are all it holds. */
const CHUNK_BYTES = 256 * 1024;

/**
 * The exchanges of a HAR file, oldest first as the file lists them, read as a stream: memory holds one chunk
 * of the file and the entries parsed from it, never the whole capture. A file that is not JSON, is cut short,
 * has no `log.entries` or holds an entry that is not one is a HarInputError naming the file and the problem.
 */
export async function* readHarEntries(file: string): AsyncGenerator<RecordedExchange> {
  const parser = new JSONParser({ paths: ['$.log.entries.*'], keepStack: false });
  const ready: unknown[] = [];
  let sawEntries = false;
  let index = 0;
  parser.onValue = ({ value }) => {
    sawEntries = true;
    ready.push(value);
  };
  const problem = (what: string) => new HarInputError(`${file}: ${what}`);
  let stream;
  try {
    stream = createReadStream(file, { highWaterMark: CHUNK_BYTES });
    for await (const chunk of stream) {
      try {
        parser.write(chunk as Buffer);
      } catch (err) {
        throw problem(`not a HAR file: not JSON (${(err as Error).message.split('\n')[0]})`);
      }
      while (ready.length > 0) {
        const entry = ready.shift();
        index += 1;
        try {
          yield recordedExchange(entry);
        } catch (err) {
          if (err instanceof HarInputError) throw err;
          throw problem(`entry ${index} of log.entries ${(err as Error).message}`);
        }
      }
    }
  } catch (err) {
    if (err instanceof HarInputError) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    throw problem(code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a folder, not a HAR file' : ((err as Error).message.split('\n')[0] ?? ''));
  } finally {
    stream?.destroy();
  }
  if (!parser.isEnded) {
    if (index === 0 && !sawEntries) throw problem('not a HAR file: empty or cut short before log.entries');
    throw problem(`cut short after ${index} entr${index === 1 ? 'y' : 'ies'}: the file ends inside the JSON`);
  }
  if (!sawEntries && index === 0) {
    // An empty entries array is a HAR of nothing; no `log.entries` at all is no HAR.
    if (!(await hasEntriesArray(file))) throw problem('not a HAR file: no log.entries array');
  }
}

/** Whether a small, already fully parsed file has `log.entries` as an (empty) array. */
async function hasEntriesArray(file: string): Promise<boolean> {
  const parser = new JSONParser({ paths: ['$.log.entries'], keepStack: false });
  let found = false;
  parser.onValue = ({ value }) => {
    found = Array.isArray(value);
  };
  for await (const chunk of createReadStream(file, { highWaterMark: CHUNK_BYTES })) parser.write(chunk as Buffer);
  return found;
}
