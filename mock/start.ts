import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, RequestListener } from 'node:http';
import type { AddressInfo, Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Mock, type MockOptions, buildMock, restartBudgets } from './build.ts';
import { hostPrefix } from './context.ts';
import { KEY_SLOT_VARIABLE, type KeySlot, secretVariable, SURFACE_VARIABLE, SURFACES, type Surface } from '../lib/contract/vocabulary.ts';
import type { FaultName } from './faults/registry.ts';
import { frontDoor, type TlsMaterial } from './http/front-door.ts';
import { selfSignedCertificate } from './tls.ts';
import { EFFECTS } from '../lib/config/target.ts';

export interface StartOptions extends MockOptions {
  /** First of four consecutive ports (core, analytics, AI, CueCard); 0 picks free ports. */
  readonly portBase?: number;
  readonly host?: string;
  /** Reuse a certificate instead of generating one (the proofs share one per process). */
  readonly tls?: TlsMaterial;
  /** Told of every request as it arrives, before it is served: for tests that count what a client sent. */
  readonly observe?: (arrival: Arrival) => void;
}

/** A request that reached a host: its message, or none when it came over plain HTTP and was refused at the door. */
export interface Arrival {
  readonly host: Surface;
  readonly request?: IncomingMessage;
}

export interface RunningMock {
  readonly mock: Mock;
  readonly urls: Readonly<Record<Surface, string>>;
  readonly caFile: string;
  /** Every CC_* variable that points a client at this mock, secrets included: for the local mock only. */
  readonly env: Readonly<Record<string, string>>;
  /** Starts both budgets afresh with windows of `windowMs` (build.ts restartBudgets). */
  restartBudgets(windowMs: number): void;
  close(): Promise<void>;
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/** Key pairs by role: A's two keys and its revoked one, B's key, C's key (C sits at its limits). */
function keyEnv(mock: Mock): Record<string, string> {
  const byLabel = new Map([...mock.state.keys.values()].map((k) => [k.label, k]));
  // The seed's key of each slot, printed in the slots' order.
  const seeded: readonly [KeySlot, string][] = [
    ['primary', 'a1'],
    ['second', 'a2'],
    ['revoked', 'a-revoked'],
    ['other', 'b1'],
    ['limits', 'c1'],
  ];
  const env: Record<string, string> = {};
  for (const [slot, label] of seeded) {
    const key = byLabel.get(label);
    if (!key) throw new Error(`seed has no key ${label}`);
    env[KEY_SLOT_VARIABLE[slot]] = key.id;
    env[secretVariable(slot)] = key.secret;
  }
  return env;
}

/** Builds the mock and serves each host over HTTPS on its own port. */
export async function startMock(options: StartOptions = {}): Promise<RunningMock> {
  const host = options.host ?? '127.0.0.1';
  const tls = options.tls ?? (await selfSignedCertificate());
  const mock = await buildMock(options);
  // The faults that let one host's port serve plain HTTP.
  const plainFault: Readonly<Record<Surface, FaultName>> = {
    core: 'https-plain-http-served',
    ai: 'ai-plain-http-served',
    analytics: 'analytics-plain-http-served',
    cuecard: 'cuecard-plain-http-served',
  };
  const servers: Server[] = [];
  const urls = {} as Record<Surface, string>;
  try {
    for (const [index, name] of SURFACES.entries()) {
      const serve = mock.handlers[name];
      const observe = options.observe;
      const handler: RequestListener = observe
        ? (req, res) => {
            observe({ host: name, request: req });
            serve(req, res);
          }
        : serve;
      const door = frontDoor(handler, tls, mock.context.faults.on(plainFault[name]), observe && (() => observe({ host: name })));
      servers.push(door);
      const port = await listen(door, options.portBase ? options.portBase + index : 0, host);
      urls[name] = `https://${host}:${port}${hostPrefix(name, mock.context.faults)}`;
    }
  } catch (err) {
    for (const server of servers) server.close();
    throw err;
  }
  const dir = mkdtempSync(join(tmpdir(), 'cc-mock-'));
  const caFile = join(dir, 'ca.pem');
  writeFileSync(caFile, tls.cert);
  const env: Record<string, string> = {};
  for (const name of SURFACES) env[SURFACE_VARIABLE[name]] = urls[name];
  Object.assign(env, keyEnv(mock), {
    CC_CA_FILE: caFile,
    CC_RATE_WINDOW_MS: String(mock.context.rateWindowMs),
    // The mock places no calls, sends no SMS and stops nobody's dialing, so every effect is safe to allow.
    CC_EFFECTS: EFFECTS.join(','),
    CC_DIALER_RELEASE: mock.context.dialer.release,
    CC_DIALER_ARCHIVED_TAG_ID: String([...(mock.state.companies.get(1)?.tags.values() ?? [])].find((t) => t.archived)?.id ?? ''),
  });
  return {
    mock,
    urls,
    caFile,
    env,
    restartBudgets: (windowMs) => restartBudgets(mock.context, windowMs),
    close: async () => {
      await Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
      await Promise.all(Object.values(mock.apps).map((app) => app.close()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
