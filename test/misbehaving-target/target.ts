import { readFileSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { createServer as createNetServer } from 'node:net';
import { join } from 'node:path';
import { Agent, request } from 'undici';
import { SURFACES, type Surface } from '../../lib/contract/vocabulary.ts';
import type { TlsMaterial } from '../../mock/http/front-door.ts';
import type { RunningMock } from '../../mock/start.ts';
import { selfSignedCertificate } from '../../mock/tls.ts';

/**
 * A target that misbehaves on purpose, for the tests of what the suite makes of it: one HTTPS port per
 * host, in front of an in-process mock. A request the misbehaviour selects gets the misbehaviour; any other is
 * forwarded to the mock, so a partial misbehaviour hits a working API (creates and their cleanup go through).
 * Selecting every request makes it a target of its own that never reaches the mock.
 */
export type Misbehaviour =
  /** Nothing listens on the ports. */
  | { readonly kind: 'refused' }
  /** The certificate is signed by a CA the run does not trust, has expired, or is for another host name. */
  | { readonly kind: 'tls'; readonly problem: 'unknown-ca' | 'expired' | 'wrong-host' }
  /** The mock's answer, its Content-Length whole, cut off halfway through the body by closing the connection. */
  | { readonly kind: 'reset-mid-body' }
  /** Nothing is answered until the client gives up. */
  | { readonly kind: 'stall' }
  /** This status, with a body in the host's error shape and the given headers; nothing reaches the mock. */
  | { readonly kind: 'status'; readonly status: number; readonly headers?: (nowMs: number) => Record<string, string> }
  /** The mock's JSON answer with its first double quote turned single: same length, no longer JSON. */
  | { readonly kind: 'malformed-json' }
  /** The mock's JSON answer cut in half, its Content-Length saying so: a well-framed answer that is not JSON. */
  | { readonly kind: 'truncated-json' }
  /** A 200 labelled JSON of `bytes` bytes, sent chunked (no Content-Length) as fast as the client reads. */
  | { readonly kind: 'huge-body'; readonly bytes: number }
  /** A 403 HTML page of an edge in front of the API (spec: Authentication 7). */
  | { readonly kind: 'edge-block' }
  /** The mock's answer with its `Date` moved by `shiftMs`, and with `resetInMs` the `X-ServiceAPI-ResetTime` of a 429 in milliseconds. */
  | { readonly kind: 'skewed-clock'; readonly shiftMs: number; readonly resetInMs: boolean };

/** What the misbehaviour sees of a request to choose it. */
export interface SeenRequest {
  readonly host: Surface;
  readonly method: string;
  readonly path: string;
  /** How many requests the target got before this one, all hosts together. */
  readonly n: number;
}

export interface MisbehavingTarget {
  /** CC_* variables pointing a run at the target: the mock's keys and effects, the target's URLs and CA. */
  readonly env: Readonly<Record<string, string>>;
  /** Requests the misbehaviour answered, and bytes of huge bodies written before the client went away. */
  readonly stats: { faulted: number; forwarded: number; hugeBytesWritten: number };
  close(): Promise<void>;
}

/** A sample of what an edge in front of an API answers a request it refuses. */
const EDGE_PAGE =
  '<!doctype html><html><head><title>403 Forbidden</title></head><body><h1>Request blocked</h1><p>The request was refused by the edge.</p></body></html>';
const CHUNK = Buffer.alloc(64 * 1024, 0x20);
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'date']);

/** The host's own error shape: the core envelope on the core host, the service shape elsewhere. */
function errorBody(host: Surface, status: number): string {
  const message = status === 500 ? 'Something went wrong.' : 'Service Unavailable';
  return JSON.stringify(host === 'core' ? { responseData: { status, message } } : { statusCode: status, message, error: message });
}

interface Upstream {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: Buffer;
}

const isJson = (headers: Record<string, string>) => /json/i.test(headers['content-type'] ?? '');

async function freePort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The certificate the target serves and the CA file the run is told to trust, per TLS misbehaviour. */
async function certificates(misbehaviour: Misbehaviour, trusted: TlsMaterial): Promise<{ serve: TlsMaterial; trust: string }> {
  if (misbehaviour.kind !== 'tls') return { serve: trusted, trust: trusted.cert };
  switch (misbehaviour.problem) {
    case 'unknown-ca':
      return { serve: await selfSignedCertificate(), trust: trusted.cert };
    case 'expired': {
      const expired = await selfSignedCertificate({ notAfter: new Date(Date.now() - 86_400_000) });
      return { serve: expired, trust: expired.cert };
    }
    case 'wrong-host': {
      const other = await selfSignedCertificate({ hostName: 'api.cc-conformance.invalid' });
      return { serve: other, trust: other.cert };
    }
  }
}

/**
 * Starts the target in front of `upstream` (whose certificate `trusted` is). `when` selects the requests
 * the misbehaviour answers; by default every one. `dir` is where the CA file the run trusts is written.
 */
export async function startMisbehavingTarget(options: {
  readonly upstream: RunningMock;
  readonly trusted: TlsMaterial;
  readonly misbehaviour: Misbehaviour;
  readonly when?: (req: SeenRequest) => boolean;
  readonly dir: string;
  readonly label?: string;
}): Promise<MisbehavingTarget> {
  const { upstream, misbehaviour } = options;
  const stats = { faulted: 0, forwarded: 0, hugeBytesWritten: 0 };
  const agent = new Agent({ connect: { ca: readFileSync(upstream.caFile, 'utf8') } });
  const { serve, trust } = await certificates(misbehaviour, options.trusted);
  const caFile = join(options.dir, `${options.label ?? misbehaviour.kind}-ca.pem`);
  writeFileSync(caFile, trust);
  let count = 0;

  async function forward(host: Surface, req: IncomingMessage, body: Buffer): Promise<Upstream> {
    const origin = new URL(upstream.urls[host]).origin;
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string' && name !== 'host' && name !== 'connection') headers[name] = value;
    const res = await request(origin + (req.url ?? '/'), { method: req.method as 'GET', headers, ...(body.length > 0 ? { body } : {}), dispatcher: agent });
    const out: Record<string, string> = {};
    for (const [name, value] of Object.entries(res.headers))
      if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = Array.isArray(value) ? value.join(', ') : value;
    return { status: res.statusCode, headers: out, body: Buffer.from(await res.body.arrayBuffer()) };
  }

  function send(res: ServerResponse, answer: Upstream, date = new Date()): void {
    res.writeHead(answer.status, { ...answer.headers, date: date.toUTCString(), 'content-length': String(answer.body.length) });
    res.end(answer.body);
  }

  async function streamHuge(res: ServerResponse, bytes: number): Promise<void> {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    let gone = false;
    res.on('close', () => (gone = true));
    res.write('[');
    for (let sent = 1; sent < bytes && !gone; sent += CHUNK.length) {
      stats.hugeBytesWritten += CHUNK.length;
      if (!res.write(CHUNK))
        await new Promise<void>((resolve) => {
          res.once('drain', resolve);
          res.once('close', resolve);
        });
    }
    if (!gone) res.end(']');
  }

  async function answer(host: Surface, req: IncomingMessage, res: ServerResponse, body: Buffer): Promise<void> {
    const seen: SeenRequest = { host, method: req.method ?? 'GET', path: new URL(req.url ?? '/', 'https://x').pathname, n: count++ };
    if (!(options.when ?? (() => true))(seen)) {
      stats.forwarded++;
      return send(res, await forward(host, req, body));
    }
    stats.faulted++;
    switch (misbehaviour.kind) {
      case 'stall':
        return;
      case 'status': {
        const extra = misbehaviour.headers?.(Date.now()) ?? {};
        return send(
          res,
          {
            status: misbehaviour.status,
            headers: { 'content-type': 'application/json; charset=utf-8', ...extra },
            body: Buffer.from(errorBody(host, misbehaviour.status)),
          },
          extra.date ? new Date(extra.date) : new Date(),
        );
      }
      case 'edge-block':
        return send(res, { status: 403, headers: { 'content-type': 'text/html; charset=utf-8' }, body: Buffer.from(EDGE_PAGE) });
      case 'huge-body':
        return streamHuge(res, misbehaviour.bytes);
      default:
        break;
    }
    const real = await forward(host, req, body);
    switch (misbehaviour.kind) {
      case 'reset-mid-body':
        res.writeHead(real.status, { ...real.headers, 'content-length': String(Math.max(real.body.length, 2)) });
        res.write(real.body.subarray(0, Math.floor(real.body.length / 2)));
        // Once the head and half the body are out, the connection goes.
        return void setTimeout(() => res.socket?.destroy(), 20);
      case 'malformed-json':
        return send(res, isJson(real.headers) ? { ...real, body: Buffer.from(real.body.toString('utf8').replace('"', "'")) } : real);
      case 'truncated-json':
        return send(res, isJson(real.headers) ? { ...real, body: real.body.subarray(0, Math.floor(real.body.length / 2)) } : real);
      case 'skewed-clock': {
        const headers = { ...real.headers };
        const reset = headers['x-serviceapi-resettime'];
        if (misbehaviour.resetInMs && reset !== undefined && /^\d+$/.test(reset)) headers['x-serviceapi-resettime'] = `${reset}000`;
        return send(res, { ...real, headers }, new Date(Date.now() + misbehaviour.shiftMs));
      }
      default:
        throw new Error(`misbehaviour ${misbehaviour.kind} has no answer`);
    }
  }

  const servers: Server[] = [];
  const urls = {} as Record<Surface, string>;
  for (const host of SURFACES) {
    const prefix = new URL(upstream.urls[host]).pathname;
    if (misbehaviour.kind === 'refused') {
      urls[host] = `https://127.0.0.1:${await freePort()}${prefix}`;
      continue;
    }
    const server = createServer({ key: serve.key, cert: serve.cert }, (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        answer(host, req, res, Buffer.concat(chunks)).catch(() => res.socket?.destroy());
      });
    });
    server.on('tlsClientError', () => undefined);
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    urls[host] = `https://127.0.0.1:${(server.address() as AddressInfo).port}${prefix}`;
  }
  const env = {
    ...upstream.env,
    CC_BASE_URL: urls.core,
    CC_ANALYTICS_URL: urls.analytics,
    CC_AI_URL: urls.ai,
    CC_CUECARD_URL: urls.cuecard,
    CC_CA_FILE: caFile,
  };
  return {
    env,
    stats,
    close: async () => {
      for (const server of servers) server.closeAllConnections();
      await Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
      await agent.close();
    },
  };
}
