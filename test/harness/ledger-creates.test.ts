import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runChecks } from '../../lib/checks/runner.ts';
import { Session } from '../../lib/checks/session.ts';
import { targetFromSettings } from '../../lib/config/load.ts';
import { DIALER_ROUTES } from '../../lib/dialer/routes.ts';
import { createOf, createTable } from '../../lib/ledger/creates.ts';
import { recordKinds } from '../../lib/ledger/kinds.ts';
import { type LedgerEvent, leftoversOf, readLedger } from '../../lib/ledger/ledger-file.ts';
import { isRunPrefix, newRun, RUN_NAME_FORM } from '../../lib/ledger/run-id.ts';
import { type RunningMock, startMock } from '../../mock/start.ts';
import { resourcesOf } from '../../mock/state/dialer-resources.ts';
import { ALL_CHECKS } from '../../suites/index.ts';

/**
 * The create table misses nothing the suites make: every check but the budget's runs against the in-process
 * mock, whose record stores report each key they gain; each must be a record the ledger shows created, with
 * the same id, and each record the ledger shows created with an id must be one the mock made.
 */
let running: RunningMock;
let session: Session;
const made: string[] = [];

/** Reports each new key of a store the mock keeps a kind of record in. */
function watch<K>(store: Map<K, unknown> | Set<K>, kind: string, company: number): void {
  if (store instanceof Set) {
    const add = store.add.bind(store);
    store.add = (key: K) => {
      if (!store.has(key)) made.push(`${company} ${kind} ${String(key)}`);
      return add(key);
    };
    return;
  }
  const set = store.set.bind(store);
  store.set = (key: K, value: unknown) => {
    if (!store.has(key)) made.push(`${company} ${kind} ${String(key)}`);
    return set(key, value);
  };
}

const COMPANY_OF_ID: Record<string, number> = { self: 1, other: 2, limits: 3 };

beforeAll(async () => {
  // A short window: the suite paces by it, and this mock counts no budget.
  running = await startMock({ rateWindowMs: 200, metered: false });
  for (const [id, c] of running.mock.state.companies) {
    const resources = resourcesOf(c);
    watch(c.contacts, 'contact', id);
    watch(c.agents, 'agent', id);
    watch(c.memberships, 'group-membership', id);
    watch(c.tags, 'tag', id);
    watch(c.blacklist, 'blacklist-entry', id);
    watch(c.voiceAgents, 'voice-agent', id);
    watch(c.dialer.campaigns, 'dialer-campaign', id);
    watch(resources.scripts, 'call-script', id);
    watch(resources.surveys, 'survey', id);
    watch(resources.exports, 'export-job', id);
  }
  session = new Session(targetFromSettings({ ...running.env }, process.cwd(), true), 11, newRun(mkdtempSync(join(tmpdir(), 'cc-ledger-'))));
  await runChecks(
    session,
    ALL_CHECKS.filter((c) => !c.needs?.effects?.includes('budget')),
  );
}, 120_000);

afterAll(async () => {
  await session?.close();
  await running?.close();
});

describe('the create table against what the suites make', () => {
  test('the mock companies are the ones the ledger names by key slot', () => {
    const names = new Map([...running.mock.state.companies].map(([id, c]) => [c.name, id]));
    expect(names.size).toBeGreaterThanOrEqual(3);
    expect(Object.values(COMPANY_OF_ID).every((id) => running.mock.state.companies.has(id))).toBe(true);
  });

  test('every record the mock made is in the ledger, created, with its id', () => {
    const ledgered = new Set(
      session.ledger
        .records()
        .flatMap((r) => (r.id !== undefined && r.state !== 'pending' ? [`${COMPANY_OF_ID[r.intent.company]} ${r.intent.key} ${r.id}`] : [])),
    );
    expect(made.length).toBeGreaterThan(50);
    expect(made.filter((m) => !ledgered.has(m))).toEqual([]);
  });

  test('every record the ledger shows created with an id of a kind the mock stores was made by the mock', () => {
    const stored = new Set([
      'contact',
      'agent',
      'group-membership',
      'tag',
      'blacklist-entry',
      'voice-agent',
      'dialer-campaign',
      'call-script',
      'survey',
      'export-job',
    ]);
    const mock = new Set(made);
    const extra = session.ledger
      .records()
      .filter((r) => r.id !== undefined && stored.has(r.intent.key))
      .map((r) => `${COMPANY_OF_ID[r.intent.company]} ${r.intent.key} ${r.id}`)
      .filter((m) => !mock.has(m));
    expect(extra).toEqual([]);
  });

  test('the file holds what the session knows, so a reader of the file (the command, cleanup) sees the same records', () => {
    const file = session.run.ledgerFile as string;
    expect(JSON.stringify(readLedger(file).records)).toBe(JSON.stringify(session.ledger.records()));
  });

  test('every kind the suites create is met, and every name given starts with the run prefix', () => {
    // Refused creates (SMS without funds, a CueCard with no live call) leave only their intent in the file.
    const events = readFileSync(session.run.ledgerFile as string, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as LedgerEvent);
    const keys = new Set(events.flatMap((e) => (e.event === 'intent' ? [e.key] : [])));
    for (const kind of recordKinds(DIALER_ROUTES)) if (kind.key !== 'blacklist-entry') expect(keys.has(kind.key), kind.key).toBe(true);
    expect(isRunPrefix(session.run.prefix)).toBe(true);
    const named = session.ledger.records().filter((r) => r.name !== undefined && r.intent.key !== 'blacklist-entry');
    // Blank-name probes of releases before v1.0.21 aside, which send a name of whitespace on purpose.
    const foreign = named.filter((r) => !RUN_NAME_FORM.test(r.name as string) && (r.name as string).trim() !== '');
    expect(foreign.map((r) => `${r.intent.check}: ${r.name}`)).toEqual([]);
    expect(named.every((r) => (r.name as string).trim() === '' || (r.name as string).startsWith(`${session.run.prefix}-`))).toBe(true);
  });

  test('a run deletes what it can: its leftovers are only records the API cannot delete or keeps when deleted', () => {
    const leftovers = leftoversOf(session.ledger.records());
    expect(leftovers.filter((l) => l.deletable)).toEqual([]);
    expect(leftovers.some((l) => l.kind === 'Dialer campaign' && l.how.startsWith('deleted'))).toBe(true);
  });
});

describe('createOf', () => {
  const table = createTable(DIALER_ROUTES);
  test('finds the creates by surface, method and path, and nothing else', () => {
    expect(createOf(table, 'core', 'PUT', '/contacts/add.json')?.kind.key).toBe('contact');
    expect(createOf(table, 'ai', 'POST', '/dialer/campaigns')?.kind.key).toBe('dialer-campaign');
    expect(createOf(table, 'ai', 'POST', '/dialer/campaigns/abc/exports')?.kind.key).toBe('export-job');
    expect(createOf(table, 'ai', 'GET', '/dialer/campaigns')).toBeUndefined();
    expect(createOf(table, 'core', 'POST', '/voice-agents')).toBeUndefined();
    expect(createOf(table, 'core', 'PUT', '/contacts/add.json.evil')).toBeUndefined();
  });

  test("follows a target's Dialer routes", () => {
    const moved = createTable({ ...DIALER_ROUTES, 'campaigns.create': 'POST /dialer/v2/campaigns' });
    expect(createOf(moved, 'ai', 'POST', '/dialer/v2/campaigns')?.kind.key).toBe('dialer-campaign');
    expect(createOf(moved, 'ai', 'POST', '/dialer/campaigns')).toBeUndefined();
  });
});
