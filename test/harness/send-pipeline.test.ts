import { describe, expect, test } from 'vitest';
import { Session } from '../../lib/checks/session.ts';
import { SkipSignal } from '../../lib/checks/signals.ts';
import type { Target } from '../../lib/config/target.ts';
import { DIALER_ROUTES } from '../../lib/dialer/routes.ts';
import { InterruptedError, NotConfiguredError, RequestAllowanceError } from '../../lib/errors.ts';
import type { Exchange } from '../../lib/http/exchange.ts';
import { cleanLedger } from '../../lib/ledger/cleanup.ts';
import { recordKinds } from '../../lib/ledger/kinds.ts';
import { Ledger } from '../../lib/ledger/ledger.ts';
import { newRun } from '../../lib/ledger/run-id.ts';
import { address, allowanceTaken, type Handler, interruption, type Metered, metering, recordKeeping, type Pipeline } from '../../lib/requests/pipeline.ts';
import { RequestScope } from '../../lib/requests/request-scope.ts';
import { maySendAgain } from '../../lib/requests/resend-rule.ts';
import { literalTarget } from './support.ts';

/** The wire as the stages see it: every dispatch that reached it, and an answer made up for it. */
function fakeWire(answer: (d: Metered) => { status: number; json?: unknown }, wireTimes = 1) {
  const reached: Metered[] = [];
  const handler: Handler<Metered> = async (d) => {
    reached.push(d);
    // A retry goes on the wire again: the sender hears of each time.
    for (let i = 0; i < wireTimes; i++) d.onWire?.();
    const { status, json } = answer(d);
    const ex: Exchange = {
      request: { method: d.fields.method, url: d.url, headers: {}, credentials: d.credentials },
      status,
      headers: {},
      text: JSON.stringify(json ?? null),
      bodyBytes: 0,
      json,
      startedAt: 0,
      durationMs: 0,
    };
    return ex;
  };
  return { reached, handler };
}

/** A 503 as a gateway answers it: no correlationId or requestId says the service applied nothing. */
const GATEWAY_503 = { status: 503, json: undefined };

function pipeline(target: Target, ledger: Ledger, wire: Handler<Metered>): Pipeline {
  return interruption(address(target)(allowanceTaken(metering(recordKeeping(ledger)(wire)))));
}

describe('the send pipeline, one job a stage', () => {
  const target = literalTarget({ keys: { primary: { id: 'HARNESSKEYID01', secret: 'harness-secret-0123456789' } } });

  test('address and auth: the URL on the surface host, Basic auth of the slot, the words and replay of the credentials', async () => {
    const wire = fakeWire(() => ({ status: 200, json: {} }));
    const scope = new RequestScope(pipeline(target, new Ledger(newRun(), DIALER_ROUTES), wire.handler), 'harness.pipeline');
    await scope.core('GET', '/contacts.json').query({ page: 2 }).send();
    const [d] = wire.reached;
    expect(d?.url).toBe('https://127.0.0.1:1/api/contacts.json?page=2');
    expect(d?.headers.authorization).toBe(`Basic ${Buffer.from('HARNESSKEYID01:harness-secret-0123456789').toString('base64')}`);
    expect([d?.credentials, d?.replay, d?.budgetKey]).toEqual(['primary key', { kind: 'slot', slot: 'primary' }, 'core:self']);
    expect(d && maySendAgain(d, GATEWAY_503)).toBe(true);
  });

  test('a request for a host or key the target lacks is refused before the allowance counts it', async () => {
    const wire = fakeWire(() => ({ status: 200 }));
    const scope = new RequestScope(pipeline(target, new Ledger(newRun(), DIALER_ROUTES), wire.handler), 'harness.pipeline', { maxRequests: 1 });
    // The request layer's own error: it knows nothing of checks and their skips.
    await expect(scope.req('ai', 'GET', '/dialer/campaigns').send()).rejects.toThrow(NotConfiguredError);
    await expect(scope.core('GET', '/contacts.json').as('other').send()).rejects.toThrow(/^needs CC_OTHER_KEY_ID$/);
    // The one request of the allowance is still there.
    await scope.core('GET', '/contacts.json').send();
    await expect(scope.core('GET', '/contacts.json').send()).rejects.toThrow(RequestAllowanceError);
    expect(wire.reached).toHaveLength(1);
  });

  test('an aborted signal sends nothing; once cleaning up, the scope sends whatever its signal and allowance say', async () => {
    const wire = fakeWire(() => ({ status: 200 }));
    const stop = new AbortController();
    const scope = new RequestScope(pipeline(target, new Ledger(newRun(), DIALER_ROUTES), wire.handler), 'harness.pipeline', {
      maxRequests: 0,
      signal: stop.signal,
    });
    stop.abort();
    await expect(scope.core('DELETE', '/contacts/1.json').send()).rejects.toThrow(InterruptedError);
    expect(wire.reached).toHaveLength(0);
    scope.cleaningUp();
    await scope.core('DELETE', '/contacts/1.json').send();
    expect(wire.reached.map((d) => d.signal)).toEqual([undefined]);
  });

  test('the ledger writes a create once however often it goes out, under the sender name; the scope counts every time', async () => {
    const wire = fakeWire(() => ({ status: 200, json: { responseData: { id: 42 } } }), 2);
    const ledger = new Ledger(newRun(), DIALER_ROUTES);
    const scope = new RequestScope(pipeline(target, ledger, wire.handler), 'harness.pipeline');
    await scope.core('POST', '/contacts/add.json').json({ name: 'cc-conformance-x-0001' }).send();
    expect(scope.requests).toBe(2);
    expect(ledger.records().map((r) => [r.intent.kind, r.intent.check, r.state])).toEqual([['contact', 'harness.pipeline', 'created']]);
  });

  test('a core PUT may create, so it is not repeatable; the Dialer PUT replaces and is', async () => {
    const wire = fakeWire(() => ({ status: 200 }));
    const both = literalTarget({ urls: { core: 'https://127.0.0.1:1/api', ai: 'https://127.0.0.1:2' } });
    const scope = new RequestScope(pipeline(both, new Ledger(newRun(), DIALER_ROUTES), wire.handler), 'harness.pipeline');
    await scope.core('PUT', '/contacts/add.json').json({}).send();
    await scope.req('ai', 'PUT', '/dialer/campaigns/c1/contacts').json({}).send();
    // Metering names the budget; the one rule reads it to tell the Dialer's PUT from the core's.
    expect(wire.reached.map((d) => [d.budgetKey, maySendAgain(d, GATEWAY_503)])).toEqual([
      ['core:self', false],
      ['dialer:self', true],
    ]);
  });

  test('the cleanup command reports a record whose key it was not given as not sent, with the reason, and sends nothing', async () => {
    const ledger = new Ledger(newRun(), DIALER_ROUTES);
    const wire = fakeWire(() => ({ status: 200, json: { responseData: { id: 42 } } }));
    const withOther = literalTarget({ keys: { ...target.keys, other: { id: 'HARNESSKEYID02', secret: 'harness-secret-9876543210' } } });
    await new RequestScope(pipeline(withOther, ledger, wire.handler), 'harness.pipeline')
      .core('POST', '/contacts/add.json')
      .as('other')
      .json({ name: 'cc-x-0001' })
      .send();
    const cleaner = { requests: new RequestScope(pipeline(target, ledger, wire.handler), 'cleanup'), target };
    const steps = await cleanLedger(cleaner, ledger, recordKinds(DIALER_ROUTES), { dryRun: false, stopped: () => false });
    expect(steps).toEqual([expect.objectContaining({ kind: 'contact', result: 'failed', detail: 'not sent: needs CC_OTHER_KEY_ID' })]);
    expect(wire.reached).toHaveLength(1);
  });
});

describe('whether a request may be sent twice: one rule, which every stage that resends asks', () => {
  const request = (method: string, budgetKey: string | null = 'core:self') => ({ fields: { method }, budgetKey });

  test('reads and deletes, and the Dialer PUT, may be sent again after any 503', () => {
    for (const method of ['GET', 'HEAD', 'DELETE', 'get']) expect(maySendAgain(request(method), GATEWAY_503), method).toBe(true);
    expect(maySendAgain(request('PUT', 'dialer:self'), GATEWAY_503)).toBe(true);
    for (const method of ['POST', 'PUT', 'PATCH']) expect(maySendAgain(request(method), GATEWAY_503), method).toBe(false);
    // A request no budget counts (a plain-HTTP probe) has no Dialer budget to make its PUT repeatable.
    expect(maySendAgain(request('PUT', null), GATEWAY_503)).toBe(false);
  });

  test("a 503 the service raised itself applied nothing, so even a create may be sent again; a gateway's proves nothing", () => {
    expect(maySendAgain(request('POST', 'ai:self'), { status: 503, json: { error: {}, requestId: 'req_1' } })).toBe(true);
    expect(maySendAgain(request('POST', 'dialer:self'), { status: 503, json: { code: 'X', correlationId: 'c-1' } })).toBe(true);
    expect(maySendAgain(request('POST', 'dialer:self'), { status: 503, json: { correlationId: 7 } })).toBe(false);
    expect(maySendAgain(request('POST', 'core:self'), { status: 503, json: null })).toBe(false);
  });

  test('a 429 was refused before it was served, so any method may be sent again', () => {
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) expect(maySendAgain(request(method), { status: 429, json: undefined }), method).toBe(true);
  });
});

describe('the session: the request layer refuses, the check layer skips', () => {
  test('a host or key the target lacks is a NotConfiguredError on the pipeline and, to the checks, the skip with the same reason', async () => {
    const session = new Session(literalTarget(), 1);
    try {
      const refusal = await new RequestScope(session.pipeline, 'harness.pipeline')
        .req('ai', 'GET', '/dialer/campaigns')
        .send()
        .catch((err: unknown) => err);
      expect(refusal).toBeInstanceOf(NotConfiguredError);
      expect((refusal as NotConfiguredError).code).toBe('CC_ERR_NOT_CONFIGURED');
      const checks = new RequestScope(session.checkPipeline, 'harness.pipeline');
      const skip = await checks
        .req('ai', 'GET', '/dialer/campaigns')
        .send()
        .catch((err: unknown) => err);
      expect(skip).toBeInstanceOf(SkipSignal);
      expect([(skip as SkipSignal).reason, (refusal as Error).message]).toEqual(['needs CC_AI_URL', 'needs CC_AI_URL']);
      const key = await checks
        .core('GET', '/contacts.json')
        .as('other')
        .send()
        .catch((err: unknown) => err);
      expect(key).toBeInstanceOf(SkipSignal);
      expect((key as SkipSignal).reason).toBe('needs CC_OTHER_KEY_ID');
      expect([checks.requests, session.client.stats.requests]).toEqual([0, 0]);
    } finally {
      await session.close();
    }
  });
});
