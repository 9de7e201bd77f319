import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Agent, request } from 'undici';
import { SURFACES } from '../../lib/contract/vocabulary.ts';
import { type RunningMock, startMock } from '../../mock/start.ts';

/** These run over real sockets: HTTPS-only and the certificate cannot be seen through inject(). */
let running: RunningMock;
let agent: Agent;
const auth = () => `Basic ${Buffer.from(`${running.env.CC_KEY_ID}:${running.env.CC_KEY_SECRET}`).toString('base64')}`;

beforeAll(async () => {
  running = await startMock({ rateWindowMs: 60_000, metered: false });
  agent = new Agent({ connect: { ca: readFileSync(running.caFile, 'utf8') } });
});
afterAll(async () => {
  await agent.close();
  await running.close();
});

function plainHttp(url: string): Promise<{ status: number; body: string }> {
  const u = new URL(url.replace('https:', 'http:'));
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: u.hostname, port: u.port, path: u.pathname, headers: { accept: 'application/json' } }, (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the mock over HTTPS', () => {
  test('serves the core API over HTTPS, trusted through the CA file it wrote', async () => {
    const res = await request(`${running.urls.core}/countries/index.json`, {
      dispatcher: agent,
      headers: { authorization: auth(), accept: 'application/json' },
    });
    expect(res.statusCode).toBe(200);
    expect(((await res.body.json()) as { responseData: unknown[] }).responseData.length).toBeGreaterThan(0);
  });

  test('refuses plain HTTP on every port with no API answer', async () => {
    for (const host of SURFACES) {
      const res = await plainHttp(`${running.urls[host]}/countries/index.json`);
      expect(res.status, host).toBe(400);
      expect(res.body).not.toContain('responseData');
    }
  });

  test('a core path on another host is 404, even with valid credentials', async () => {
    for (const host of SURFACES.filter((h) => h !== 'core')) {
      const base = running.urls[host].replace(/\/(api|v1)$/, '/api');
      const res = await request(`${base}/contacts/index.json`, { dispatcher: agent, headers: { authorization: auth(), accept: 'application/json' } });
      expect(res.statusCode, host).toBe(404);
      await res.body.dump();
    }
  });

  test('the AI host answers missing credentials from its authentication layer, without correlationId', async () => {
    const res = await request(`${running.urls.ai}/voice-agents/unknown`, { dispatcher: agent, headers: { accept: 'application/json' } });
    expect(res.statusCode).toBe(401);
    expect(await res.body.json()).toEqual({ code: 'UNAUTHORIZED', message: 'You are not authorized to access this resource.' });
  });

  test('each start makes a fresh certificate', async () => {
    const other = await startMock({ rateWindowMs: 60_000 });
    try {
      expect(readFileSync(other.caFile, 'utf8')).not.toBe(readFileSync(running.caFile, 'utf8'));
    } finally {
      await other.close();
    }
  });
});
