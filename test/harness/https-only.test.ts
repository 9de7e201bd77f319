import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, test } from 'vitest';
import { runCheck } from '../../lib/checks/runner.ts';
import { Session } from '../../lib/checks/session.ts';
import type { RuleVerdict } from '../../lib/results/outcome.ts';
import { httpsOnlyCheck } from '../../suites/shared/https-only.ts';
import { literalTarget } from './support.ts';

const RULE = 'CORE-HTTPS-ONLY';
const check = httpsOnlyCheck({ surface: 'core', rule: RULE, path: '/contacts/index.json' });
const servers: Server[] = [];
const sockets: Socket[] = [];
afterAll(() => {
  for (const socket of sockets) socket.destroy();
  for (const server of servers) server.close();
});

/** A TCP server that treats each connection as `behave` says; returns its port. */
async function tcp(behave: (socket: Socket) => void): Promise<number> {
  const server = createServer((socket) => {
    sockets.push(socket);
    behave(socket);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

async function verdictAgainst(coreUrl: string): Promise<RuleVerdict> {
  const session = new Session(literalTarget({ urls: { core: coreUrl }, timeoutMs: 400 }), 1);
  try {
    const outcome = await runCheck(session, check);
    return outcome.verdicts[0] as RuleVerdict;
  } finally {
    await session.close();
  }
}

describe('the HTTPS-only check judges only what the host itself did', () => {
  test('a refused connection, a closed one and bytes that are not HTTP are refusals by the host', async () => {
    expect((await verdictAgainst('https://127.0.0.1:1/api')).status).toBe('pass');
    const closes = await tcp((socket) => socket.destroy());
    expect(await verdictAgainst(`https://127.0.0.1:${closes}/api`)).toMatchObject({ status: 'pass' });
    // What a TLS server sends to a client that speaks plain HTTP: an alert record, not HTTP.
    const alert = await tcp((socket) => socket.once('data', () => socket.end(Buffer.from([0x15, 0x03, 0x01, 0x00, 0x02, 0x02, 0x46]))));
    expect(await verdictAgainst(`https://127.0.0.1:${alert}/api`)).toMatchObject({ status: 'pass' });
  });

  test('a name that does not resolve or a silence until the timeout judges nothing: skipped as inconclusive', async () => {
    const dns = await verdictAgainst('https://cc-conformance-no-such-host.invalid/api');
    expect(dns).toMatchObject({ status: 'skipped', detail: expect.stringMatching(/^inconclusive: .*ENOTFOUND/) });
    const silent = await tcp(() => undefined);
    const stalled = await verdictAgainst(`https://127.0.0.1:${silent}/api`);
    expect(stalled).toMatchObject({ status: 'skipped', detail: expect.stringMatching(/^inconclusive: .*TIMEOUT/) });
  });
});
