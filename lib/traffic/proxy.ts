import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline, Readable, Transform } from 'node:stream';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import replyFrom from '@fastify/reply-from';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import type { Target } from '../config/target.ts';
import { SURFACE_VARIABLE, SURFACES, type Surface } from '../contract/vocabulary.ts';
import { type CertificatePair as TlsMaterial, selfSignedCertificate } from '../http/self-signed.ts';
import type { RecordedExchange } from './har-reader.ts';

/** The most of a response body an exchange keeps; the client still gets all of it. */
export const RECORDED_BODY_CAP = 1024 * 1024;
/** The largest request body forwarded (and kept whole for the judges). */
const FORWARDED_BODY_LIMIT = 64 * 1024 * 1024;

export interface RecordingProxyOptions {
  /** The hosts to stand in front of: each URL of the target gets its own local port, same base path. */
  readonly target: Pick<Target, 'urls'>;
  /** PEM the upstream hosts are trusted by (CC_CA_FILE's contents); the system's CAs when absent. */
  readonly ca?: string;
  /** Told of each exchange once its answer has reached the client; it must not block. */
  readonly onExchange: (exchange: RecordedExchange) => void;
  /** Hears what `onExchange` threw; forwarding goes on. Default: one line on stderr. */
  readonly onError?: (err: Error) => void;
  readonly host?: string;
  /** Reuse a certificate instead of generating one. */
  readonly tls?: TlsMaterial;
}

export interface RecordingProxy {
  /** The CC_* URL variables and CC_CA_FILE that point an integration at the proxy. */
  readonly env: Readonly<Record<string, string>>;
  readonly caFile: string;
  /** Upstream URL by the proxy's URL, host by host. */
  readonly upstream: Readonly<Partial<Record<Surface, string>>>;
  /** Stops accepting, lets exchanges under way finish, removes the CA file. */
  close(): Promise<void>;
}

const flat = (headers: IncomingHttpHeaders): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
};

/** The kept body as text, decoded when the upstream compressed it; empty when that fails (a cut-short body). */
function bodyText(body: Buffer, encoding: string | undefined): string {
  try {
    switch (encoding?.trim().toLowerCase()) {
      case 'gzip':
      case 'x-gzip':
        return gunzipSync(body, { maxOutputLength: RECORDED_BODY_CAP }).toString('utf8');
      case 'deflate':
        return inflateSync(body, { maxOutputLength: RECORDED_BODY_CAP }).toString('utf8');
      case 'br':
        return brotliDecompressSync(body, { maxOutputLength: RECORDED_BODY_CAP }).toString('utf8');
      default:
        return body.toString('utf8');
    }
  } catch {
    return '';
  }
}

/** What reply-from hands onResponse over undici. */
interface UpstreamAnswer {
  readonly statusCode: number;
  readonly headers: IncomingHttpHeaders;
  readonly stream: Readable;
}

const warn = (err: Error) => {
  process.stderr.write(`recording proxy: judging an exchange failed, forwarding goes on: ${err.message.split('\n')[0]}\n`);
};

interface Arrived {
  readonly startedMs: number;
  readonly t0: number;
  readonly body?: Buffer;
}

/** One host: a fastify server that forwards everything to `upstream` and records each exchange. */
async function hostProxy(upstream: string, options: RecordingProxyOptions, tls: TlsMaterial): Promise<FastifyInstance> {
  const origin = new URL(upstream).origin;
  const app = Fastify({
    https: { key: tls.key, cert: tls.cert },
    logger: false,
    bodyLimit: FORWARDED_BODY_LIMIT,
    routerOptions: { maxParamLength: 64 * 1024 },
  });
  const arrivals = new WeakMap<FastifyRequest, Arrived>();
  app.addHook('onRequest', async (request) => {
    arrivals.set(request, { startedMs: Date.now(), t0: performance.now() });
  });
  // Every body is forwarded byte for byte, whatever its type: read whole (the judges read it), sent as a stream.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (request, body, done) => {
    const arrived = arrivals.get(request);
    if (arrived) arrivals.set(request, { ...arrived, body: body as Buffer });
    done(null, Readable.from([body]));
  });
  await app.register(replyFrom, {
    base: origin,
    undici: options.ca === undefined ? {} : { connect: { ca: options.ca } },
    disableRequestLogging: true,
    // Never a request of the proxy's own: no retry on 503 or on a reset connection.
    maxRetriesOn503: 0,
    retryMethods: [],
  });
  app.all('/*', (request, reply) => {
    const arrived = arrivals.get(request) ?? { startedMs: Date.now(), t0: performance.now() };
    return reply.from(request.url, {
      retryDelay: () => null,
      // The upstream gave no answer: the client gets the proxy's 5xx, which no judge reads (the API never sent
      // it), and the operator a line saying so.
      onError: (rep, { error }) => {
        process.stderr.write(
          `recording proxy: ${request.method} ${origin} gave no answer (${error.message.split('\n')[0]}); the client got the proxy's ${(error as { statusCode?: number }).statusCode ?? 502}, not judged\n`,
        );
        rep.send(error);
      },
      onResponse: (_req, rep, raw) => {
        const res = raw as unknown as UpstreamAnswer;
        const chunks: Buffer[] = [];
        let kept = 0;
        let bytes = 0;
        const tap = new Transform({
          transform(chunk: Buffer, _enc, callback) {
            bytes += chunk.length;
            if (kept < RECORDED_BODY_CAP) {
              const part = chunk.subarray(0, RECORDED_BODY_CAP - kept);
              chunks.push(part);
              kept += part.length;
            }
            callback(null, chunk);
          },
          flush(callback) {
            callback();
            const headers = flat(res.headers);
            const exchange: RecordedExchange = {
              startedMs: arrived.startedMs,
              method: request.method,
              url: `${origin}${request.url}`,
              requestHeaders: flat(request.headers),
              ...(arrived.body !== undefined && arrived.body.length > 0 ? { requestBody: arrived.body.toString('utf8') } : {}),
              status: res.statusCode,
              responseHeaders: headers,
              responseText: bodyText(Buffer.concat(chunks), headers['content-encoding']),
              responseBytes: bytes,
              durationMs: performance.now() - arrived.t0,
            };
            // Off the response path: the client's answer is already on its way.
            setImmediate(() => {
              try {
                options.onExchange(exchange);
              } catch (err) {
                (options.onError ?? warn)(err as Error);
              }
            });
          },
        });
        rep.send(pipeline(res.stream, tap, () => {}));
      },
    });
  });
  await app.listen({ port: 0, host: options.host ?? '127.0.0.1' });
  return app;
}

/**
 * A reverse proxy in front of each host the target names: it forwards every request unchanged (method, path,
 * query, headers with Authorization, body) and returns the upstream's answer unchanged, then hands the exchange
 * to `onExchange`. It sends nothing of its own: no retry, no probe.
 */
export async function startRecordingProxy(options: RecordingProxyOptions): Promise<RecordingProxy> {
  const tls = options.tls ?? (await selfSignedCertificate());
  const host = options.host ?? '127.0.0.1';
  const apps: FastifyInstance[] = [];
  const env: Record<string, string> = {};
  const upstream: Partial<Record<Surface, string>> = {};
  try {
    for (const surface of SURFACES) {
      const url = options.target.urls[surface];
      if (url === undefined) continue;
      const app = await hostProxy(url, options, tls);
      apps.push(app);
      const address = app.server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      const parsed = new URL(url);
      const local = `https://${host}:${port}${parsed.pathname.replace(/\/$/, '')}`;
      env[SURFACE_VARIABLE[surface]] = local;
      upstream[surface] = url;
    }
  } catch (err) {
    await Promise.all(apps.map((app) => app.close()));
    throw err;
  }
  const dir = mkdtempSync(join(tmpdir(), 'cc-proxy-'));
  const caFile = join(dir, 'ca.pem');
  writeFileSync(caFile, tls.cert);
  env.CC_CA_FILE = caFile;
  return {
    env,
    caFile,
    upstream,
    close: async () => {
      await Promise.all(apps.map((app) => app.close()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
