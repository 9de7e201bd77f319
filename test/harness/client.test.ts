import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DIALER_ROUTES } from '../../lib/dialer/routes.ts';
import { BudgetExhaustedError, EdgeBlockError, ResponseTimeoutError, TransportError, UnavailableError, WaitOutOfRangeError } from '../../lib/errors.ts';
import { HttpClient, USER_AGENT, type WireRequest } from '../../lib/http/client.ts';
import type { Exchange } from '../../lib/http/exchange.ts';
import { Pacer } from '../../lib/http/pacer.ts';
import { Redactor } from '../../lib/http/redact.ts';
import { Ledger } from '../../lib/ledger/ledger.ts';
import { newRun } from '../../lib/ledger/run-id.ts';
import { buildPipeline } from '../../lib/requests/pipeline.ts';
import { RequestScope } from '../../lib/requests/request-scope.ts';
import { SeenRecords } from '../../lib/requests/seen-records.ts';
import { FakeClock, literalTarget } from './support.ts';

const KEY_ID = 'CCKTEST0123456789';
const SECRET = 'cl1ent/secret+Value==';
const BASIC = `Basic ${Buffer.from(`${KEY_ID}:${SECRET}`).toString('base64')}`;

interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

const received: Received[] = [];
const hits = new Map<string, number>();
let server: Server;
let base: string;

/** Unix seconds, 1 to 2 s ahead: never reached while a test runs, so the announced reset is what gets waited for. */
const resetSoon = () => Math.floor(Date.now() / 1000) + 2;

function tooMany(res: ServerResponse, reset?: number): void {
  res.writeHead(429, { 'content-type': 'application/json', ...(reset !== undefined ? { 'x-serviceapi-resettime': String(reset) } : {}) });
  res.end(JSON.stringify({ responseData: { status: 429, message: 'Too Many Requests' } }));
}

/** A dependency down (spec: Errors, 503), with the nested VoiceAgent body and, when given, a Retry-After in seconds. */
function unavailable(res: ServerResponse, retryAfter?: string): void {
  res.writeHead(503, { 'content-type': 'application/json', ...(retryAfter !== undefined ? { 'retry-after': retryAfter } : {}) });
  res.end(JSON.stringify({ error: { code: 'SERVICE_UNAVAILABLE', message: 'retry with backoff', details: [], target: 'service' }, requestId: 'req_1' }));
}

function handle(req: IncomingMessage, res: ServerResponse, body: string): void {
  const url = new URL(req.url ?? '/', 'http://x');
  const key = url.pathname + url.search;
  const n = (hits.get(key) ?? 0) + 1;
  hits.set(key, n);
  // A Dialer path is answered like the same path on the core host: only the budget it is metered in differs.
  switch (url.pathname.replace(/^\/dialer(?=\/)/, '')) {
    case '/echo':
      // Echoes every credential it got, in headers and body, as a careless server might.
      res.writeHead(200, {
        'content-type': 'application/json',
        'x-echo-authorization': req.headers.authorization ?? '',
        'set-cookie': `sid=${SECRET}; Path=/`,
      });
      res.end(JSON.stringify({ authorization: req.headers.authorization, url: req.url, body, id: KEY_ID, secret: SECRET }));
      return;
    case '/429-once':
      if (n === 1) return tooMany(res, resetSoon());
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"ok":true}');
      return;
    case '/429-far-once':
      if (n === 1) return tooMany(res, Math.floor(Date.now() / 1000) + 3600);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"ok":true}');
      return;
    case '/429-bare-once':
      if (n === 1) return tooMany(res);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"ok":true}');
      return;
    case '/429-always':
      return tooMany(res, resetSoon());
    case '/503-429-503':
      // A 503 (no Retry-After), then a 429, then 503s: one request resent for both reasons.
      return n === 2 ? tooMany(res, resetSoon()) : unavailable(res);
    case '/503-twice':
      if (n <= 2) return unavailable(res, '1');
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"ok":true}');
      return;
    case '/503-always':
      return unavailable(res);
    case '/503-gateway':
      res.writeHead(503, { 'content-type': 'text/html' });
      res.end('<html><body>Service Unavailable</body></html>');
      return;
    case '/503-far':
      return unavailable(res, '3600');
    case '/hang':
      return;
    case '/stall-body':
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"partial":');
      return;
    case '/edge':
      res.writeHead(403, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<html><body>Access denied</body></html>');
      return;
    case '/forbidden':
      res.writeHead(403, { 'content-type': 'application/json' });
      res.end('{"responseData":{"status":403,"message":"Forbidden"}}');
      return;
    case '/binary':
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3]));
      return;
    case '/not-json':
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{not json');
      return;
    default:
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end('{}');
  }
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      handle(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

const clients: HttpClient[] = [];
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function setup(options: { timeoutMs?: number; windowMs?: number; perWindow?: number } = {}) {
  const clock = new FakeClock(Date.now());
  const pacer = new Pacer({ windowMs: options.windowMs ?? 1000, perWindow: options.perWindow ?? 100, now: clock.now, sleep: clock.sleep });
  const seen: Exchange[] = [];
  const client = new HttpClient({
    timeoutMs: options.timeoutMs ?? 2000,
    redactor: new Redactor({ keys: { primary: { id: KEY_ID, secret: SECRET } } }),
    onExchange: (ex) => seen.push(ex),
  });
  clients.push(client);
  return { client, clock, pacer, seen };
}

function wire(path: string, extra: Partial<WireRequest> = {}): WireRequest {
  return { method: 'GET', url: `${base}${path}`, headers: { accept: 'application/json' }, credentials: 'primary key', ...extra };
}

/**
 * The session's whole pipeline on this client, its pacer and a fake clock for the 503 back-off, against this
 * server as the core host and the Dialer's: what a check's requests pass, resend stages included.
 */
function stages(options: { windowMs?: number; perWindow?: number } = {}) {
  const { client, clock, pacer, seen } = setup(options);
  const target = literalTarget({ urls: { core: base, ai: base }, keys: { primary: { id: KEY_ID, secret: SECRET } } });
  const pipeline = buildPipeline({ target, ledger: new Ledger(newRun(), DIALER_ROUTES), seen: new SeenRecords(), pacer, client, sleep: clock.sleep });
  const scope = new RequestScope(pipeline, 'harness.client');
  /** A core request to the server's `path`, told apart from others of the same path by `case`. */
  const core = (method: string, path: string, label: string) => scope.core(method, path).query({ case: label });
  return { client, clock, pacer, seen, scope, core };
}

function receivedAt(path: string): Received[] {
  return received.filter((r) => r.url === path);
}

/** The wait a 429 asks for: from the server's Date to the announced reset second. */
function waitOf(ex: Exchange): number {
  return Number(ex.headers['x-serviceapi-resettime']) * 1000 - Date.parse(ex.headers.date ?? '');
}

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (err) {
    return err as Error;
  }
  throw new Error('expected the request to fail');
}

describe('HttpClient: the wire, one exchange a call', () => {
  test('sends the User-Agent, the given headers and the body, and records the exchange', async () => {
    const { client, seen } = setup();
    const ex = await client.exchange(
      wire('/echo?case=plain', {
        method: 'PUT',
        headers: { accept: 'application/json', 'content-type': 'application/json', 'x-trace': 'harness-1' },
        body: '{"name":"tag-1"}',
      }),
    );
    const [got] = receivedAt('/echo?case=plain');
    expect(got?.method).toBe('PUT');
    expect(got?.headers['user-agent']).toBe(USER_AGENT);
    expect(got?.headers['x-trace']).toBe('harness-1');
    expect(got?.headers['content-type']).toBe('application/json');
    expect(got?.body).toBe('{"name":"tag-1"}');
    expect(ex.status).toBe(200);
    expect(ex.request).toMatchObject({ method: 'PUT', url: `${base}/echo?case=plain`, body: '{"name":"tag-1"}', credentials: 'primary key' });
    expect((ex.json as { body: string }).body).toBe('{"name":"tag-1"}');
    expect(seen).toEqual([ex]);
    expect(client.stats).toEqual({ requests: 1, unplanned429: 0, retried503: 0 });
  });

  test('the recorded exchange never holds the credentials, even when the server echoes them', async () => {
    const { client, seen } = setup();
    const url = `/echo?token=${encodeURIComponent(SECRET)}`;
    const ex = await client.exchange(wire(url, { method: 'POST', headers: { authorization: BASIC, 'content-type': 'text/plain' }, body: `secret=${SECRET}` }));
    // The credentials did go out: redaction is of the record, not of the request.
    const [got] = receivedAt(url);
    expect(got?.headers.authorization).toBe(BASIC);
    expect(got?.body).toBe(`secret=${SECRET}`);
    expect(ex.request.headers.authorization).toBe('Basic [redacted]');
    expect(ex.headers['x-echo-authorization']).toBe('Basic [redacted]');
    expect(ex.headers['set-cookie']).toBe('[redacted]');
    expect(ex.json).toMatchObject({ authorization: 'Basic [redacted]', id: '[redacted]', secret: '[redacted]', body: 'secret=[redacted]' });
    for (const ex2 of [ex, ...seen]) {
      const all = JSON.stringify(ex2);
      for (const needle of [SECRET, KEY_ID, BASIC.slice('Basic '.length), encodeURIComponent(SECRET)]) expect(all).not.toContain(needle);
    }
  });

  test('the wire sends once and hands back whatever came: a 429, a 503 and an edge page are the stages to read', async () => {
    const { client, clock } = setup();
    for (const path of ['/429-always?case=wire', '/503-always?case=wire', '/edge?case=wire']) {
      await client.exchange(wire(path));
      expect(receivedAt(path), path).toHaveLength(1);
    }
    expect(clock.slept).toEqual([]);
    expect(client.stats).toEqual({ requests: 3, unplanned429: 0, retried503: 0 });
  });

  // undici checks these timeouts on a coarse timer (about a second), hence the loose bound; the two run side by side.
  test.concurrent('no answer within timeoutMs is a ResponseTimeoutError', async () => {
    const { client } = setup({ timeoutMs: 200 });
    const started = performance.now();
    const err = await rejection(client.exchange(wire('/hang?case=headers')));
    expect(err).toBeInstanceOf(ResponseTimeoutError);
    expect((err as TransportError).code).toBe('CC_ERR_TIMEOUT');
    expect(err.message).toContain('no answer came within 200 ms (CC_TIMEOUT_MS)');
    expect(err.message).toContain(`GET ${base}/hang?case=headers`);
    expect(performance.now() - started).toBeLessThan(5000);
  });

  test.concurrent('a body that stops arriving within timeoutMs is a ResponseTimeoutError', async () => {
    const { client } = setup({ timeoutMs: 200 });
    const err = await rejection(client.exchange(wire('/stall-body?case=a')));
    expect(err).toBeInstanceOf(ResponseTimeoutError);
    expect(err.message).toContain('the body stopped arriving within 200 ms');
  });

  test('a refused connection is a TransportError that names no credential', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const { client } = setup();
    const err = await rejection(
      client.exchange(wire('/', { url: `http://127.0.0.1:${port}/api/x?token=${encodeURIComponent(SECRET)}`, headers: { authorization: BASIC } })),
    );
    expect(err).toBeInstanceOf(TransportError);
    expect(err.message).toContain('ECONNREFUSED');
    expect(err.message).not.toContain(encodeURIComponent(SECRET));
    expect(err.message).toContain('token=[redacted]');
  });

  test('binary bodies are summarised by size; unparsable JSON keeps the parse error', async () => {
    const { client } = setup();
    const bin = await client.exchange(wire('/binary?case=a'));
    expect(bin).toMatchObject({ status: 200, text: '', bodyBytes: 8, json: undefined });
    const bad = await client.exchange(wire('/not-json?case=a'));
    expect(bad.text).toBe('{not json');
    expect(bad.json).toBeUndefined();
    expect(bad.jsonError).toBeTruthy();
  });
});

describe('the stages around the wire: pacing, the 429 wait, the 503 retry, the edge block', () => {
  test('a 429 with X-ServiceAPI-ResetTime is waited out, read against the server Date, then the request is sent again', async () => {
    const { client, clock, seen, core } = stages();
    const ex = await core('GET', '/429-once', 'a').send();
    expect(ex.status).toBe(200);
    expect(receivedAt('/429-once?case=a')).toHaveLength(2);
    // The wait runs from the server's own Date to the announced second, plus the first back-off step.
    expect(clock.slept).toEqual([waitOf(seen[0] as Exchange) + 250]);
    expect(clock.slept[0]).toBeGreaterThan(1000);
    expect(client.stats).toEqual({ requests: 2, unplanned429: 1, retried503: 0 });
  });

  test('a reset further ahead than the rate window is refused at once, never slept on', async () => {
    const { clock, core } = stages({ windowMs: 5000 });
    const err = await rejection(core('GET', '/429-far-once', 'a').send());
    expect(err).toBeInstanceOf(WaitOutOfRangeError);
    expect((err as WaitOutOfRangeError).code).toBe('CC_ERR_WAIT_RANGE');
    expect(err.message).toMatch(/X-ServiceAPI-ResetTime \d+, 3\d\d\d s after the server's Date, further than the 5000 ms rate window/);
    expect(receivedAt('/429-far-once?case=a')).toHaveLength(1);
    expect(clock.slept).toEqual([]);
  });

  test('a 429 without a reset header waits one rate window', async () => {
    const { clock, core } = stages({ windowMs: 5000 });
    const ex = await core('GET', '/429-bare-once', 'a').send();
    expect(ex.status).toBe(200);
    expect(clock.slept).toEqual([5250]);
  });

  test('429 after every wait gives BudgetExhaustedError, backing off exponentially between tries', async () => {
    const { client, clock, seen, core } = stages();
    const err = await rejection(core('GET', '/429-always', 'a').send());
    expect(err).toBeInstanceOf(BudgetExhaustedError);
    expect((err as BudgetExhaustedError).code).toBe('CC_ERR_BUDGET');
    expect(err.message).toContain('/429-always');
    // One try and three retries; the same reset second each time, so only the back-off grows.
    expect(receivedAt('/429-always?case=a')).toHaveLength(4);
    expect(client.stats).toEqual({ requests: 4, unplanned429: 4, retried503: 0 });
    expect(clock.slept).toHaveLength(3);
    // Each wait runs to the announced reset from the server's Date of that 429, then backs off further.
    expect(clock.slept).toEqual([250, 500, 1000].map((backoff, i) => waitOf(seen[i] as Exchange) + backoff));
  });

  test('a planned request gets its 429 back without a wait or retry, and still counts toward the budget', async () => {
    const { client, clock, pacer, core } = stages({ perWindow: 1 });
    const ex = await core('GET', '/429-always', 'planned').planned().send();
    expect(ex.status).toBe(429);
    expect(ex.headers['x-serviceapi-resettime']).toMatch(/^\d+$/);
    expect(receivedAt('/429-always?case=planned')).toHaveLength(1);
    expect(client.stats).toEqual({ requests: 1, unplanned429: 0, retried503: 0 });
    expect(clock.slept).toEqual([]);
    await pacer.acquire('core:self');
    expect(clock.slept).toEqual([1001]);
  });

  test('a request outside any budget (budgetKey null) gets its 429 back and is not paced', async () => {
    const { client, clock, core } = stages({ perWindow: 1 });
    // Over plain HTTP: no budget counts such a probe.
    for (let i = 0; i < 2; i++) expect((await core('GET', '/429-always', 'unbudgeted').overPlainHttp().send()).status).toBe(429);
    expect(clock.slept).toEqual([]);
    expect(client.stats.unplanned429).toBe(0);
  });

  test('a 503 is retried after the announced Retry-After, and the answer that follows is returned', async () => {
    const { client, clock, seen, core } = stages();
    const ex = await core('GET', '/503-twice', 'a').send();
    expect(ex.status).toBe(200);
    expect(receivedAt('/503-twice?case=a')).toHaveLength(3);
    expect(clock.slept).toEqual([1000, 1000]);
    expect(seen.map((e) => e.status)).toEqual([503, 503, 200]);
    expect(client.stats).toEqual({ requests: 3, unplanned429: 0, retried503: 2 });
  });

  test('503 on every try: three retries backing off from 500 ms, then an UnavailableError carrying the last 503', async () => {
    const { client, clock, core } = stages();
    const err = await rejection(core('GET', '/503-always', 'a').send());
    expect(err).toBeInstanceOf(UnavailableError);
    expect((err as UnavailableError).code).toBe('CC_ERR_UNAVAILABLE');
    expect(err.message).toContain('answered 503 after 3 retries with backoff');
    expect((err as UnavailableError).exchange?.json).toMatchObject({ error: { code: 'SERVICE_UNAVAILABLE' } });
    expect(receivedAt('/503-always?case=a')).toHaveLength(4);
    expect(clock.slept).toEqual([500, 1000, 2000]);
    expect(client.stats).toEqual({ requests: 4, unplanned429: 0, retried503: 3 });
  });

  test('a Retry-After further than the rate window is refused at once; a planned request gets its 503 back at once', async () => {
    const { clock, core } = stages();
    const err = await rejection(core('GET', '/503-far', 'a').send());
    expect(err).toBeInstanceOf(WaitOutOfRangeError);
    expect(err.message).toContain('Retry-After 3600 s');
    expect(receivedAt('/503-far?case=a')).toHaveLength(1);
    const planned = await core('GET', '/503-always', 'planned').planned().send();
    expect(planned.status).toBe(503);
    expect(receivedAt('/503-always?case=planned')).toHaveLength(1);
    expect(clock.slept).toEqual([]);
  });

  test("a gateway's 503 to a request that could create a record is an UnavailableError at once, never sent again", async () => {
    const { client, clock, core, scope } = stages();
    for (const method of ['POST', 'PUT', 'PATCH']) {
      const err = await rejection(core(method, '/503-gateway', method).json({}).send());
      expect(err, method).toBeInstanceOf(UnavailableError);
      expect(err.message, method).toContain('answered 503 and was not sent again');
      expect(receivedAt(`/503-gateway?case=${method}`), method).toHaveLength(1);
    }
    expect(client.stats.retried503).toBe(0);
    // The Dialer's PUT replaces a sub-collection wholesale: the one rule (resend-rule.ts) lets it be retried.
    const replaced = await rejection(scope.req('ai', 'PUT', '/dialer/503-gateway').query({ case: 'put-repeatable' }).json({}).send());
    expect(replaced).toBeInstanceOf(UnavailableError);
    expect(receivedAt('/dialer/503-gateway?case=put-repeatable')).toHaveLength(4);
    expect(clock.slept).toEqual([500, 1000, 2000]);
  });

  test('a 503 the service raised itself (with its requestId) applied nothing, so a create is sent again', async () => {
    const { clock, core } = stages();
    const ex = await core('POST', '/503-twice', 'post').json({}).send();
    expect(ex.status).toBe(200);
    expect(receivedAt('/503-twice?case=post')).toHaveLength(3);
    expect(clock.slept).toEqual([1000, 1000]);
  });

  test('a request resent for a 503 and for a 429 counts both on one tally, its back-offs growing across the other', async () => {
    const { client, clock, seen, core } = stages();
    const err = await rejection(core('GET', '/503-429-503', 'a').send());
    // 503 (retry 1), 429 (wait), 503 (retry 2), 503 (retry 3), 503: the retries spent, whatever came between.
    expect(err).toBeInstanceOf(UnavailableError);
    expect(err.message).toContain('answered 503 after 3 retries with backoff');
    expect(receivedAt('/503-429-503?case=a')).toHaveLength(5);
    expect(clock.slept).toEqual([500, waitOf(seen[1] as Exchange) + 250, 1000, 2000]);
    expect(client.stats).toEqual({ requests: 5, unplanned429: 1, retried503: 3 });
  });

  test('every request sent is heard of, retries included', async () => {
    const { core, scope } = stages();
    await core('GET', '/503-twice', 'count').send();
    expect(scope.requests).toBe(3);
  });

  test('a 403 with an HTML page is an edge block, not an API answer; a JSON 403 is an answer', async () => {
    const { seen, core } = stages();
    const err = await rejection(core('GET', '/edge', 'a').send());
    expect(err).toBeInstanceOf(EdgeBlockError);
    expect((err as EdgeBlockError).code).toBe('CC_ERR_EDGE_BLOCK');
    expect(err.message).toContain(`this request sent ${JSON.stringify(USER_AGENT)}`);
    // The edge's answer is still recorded for the report.
    expect(seen.map((ex) => ex.status)).toEqual([403]);
    const ex = await core('GET', '/forbidden', 'a').send();
    expect(ex.status).toBe(403);
    expect(ex.json).toEqual({ responseData: { status: 403, message: 'Forbidden' } });
  });
});
