import { appendFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { DIALER_ROUTES } from '../../lib/dialer/routes.ts';
import { Ledger, type OutgoingRequest } from '../../lib/ledger/ledger.ts';
import { readLedger } from '../../lib/ledger/ledger-file.ts';
import { newRun } from '../../lib/ledger/run-id.ts';

const request = (method: string, path: string, body?: unknown, surface: OutgoingRequest['surface'] = 'core'): OutgoingRequest => ({
  surface,
  method,
  path,
  ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  slot: 'primary',
  company: 'self',
  by: 'check.x',
});

function fresh(): Ledger {
  return new Ledger(newRun(mkdtempSync(join(tmpdir(), 'cc-ledger-unit-'))), DIALER_ROUTES);
}

describe('the ledger', () => {
  test('an intent is on disk before the answer: a run killed then leaves a record cleanup looks for by name', () => {
    const ledger = fresh();
    ledger.beforeSend(request('PUT', '/contacts/add.json', { name: 'cc-conformance-abcdefgh-0001' }));
    const { records } = readLedger(ledger.file as string);
    expect(records.map((r) => r.state)).toEqual(['pending']);
    expect(ledger.leftovers()).toEqual([
      {
        kind: 'contact',
        surface: 'core',
        name: 'cc-conformance-abcdefgh-0001',
        check: 'check.x',
        deletable: true,
        how: expect.stringContaining('no answer came') as string,
      },
    ]);
    // Looked for by name and not found: the create made nothing, and the ledger says so for good.
    ledger.notFound(ledger.records()[0]!, 'cleanup');
    expect(ledger.leftovers()).toEqual([]);
    expect(readLedger(ledger.file as string).records).toEqual([]);
  });

  test('created, refused and deleted: only what is still there is left, a 404 counts as gone, a Route not found does not', () => {
    const ledger = fresh();
    const made = ledger.beforeSend(request('PUT', '/tags/add.json', { name: 'cc-conformance-abcdefgh-0002' }));
    ledger.afterCreate(made!, 201, { responseData: { status: 201, data: { id: 12 } } });
    const refused = ledger.beforeSend(request('PUT', '/tags/add.json', { name: 'cc-conformance-abcdefgh-0003' }));
    ledger.afterCreate(refused!, 406, { responseData: { status: 406 } });
    expect(ledger.leftovers().map((l) => `${l.id} ${l.how}`)).toEqual(['12 DELETE /tags/delete/12.json']);
    ledger.afterAnswer(request('DELETE', '/tags/delete/12.json'), 404, { responseData: { status: 404 } });
    expect(ledger.leftovers()).toEqual([]);
    const campaign = ledger.beforeSend(request('POST', '/dialer/campaigns', { name: ' cc-conformance-abcdefgh-0004 ' }, 'ai'));
    ledger.afterCreate(campaign!, 201, { data: { id: 'c1' } });
    ledger.afterAnswer(request('DELETE', '/dialer/campaigns/c1', undefined, 'ai'), 404, { message: 'Route not found' });
    expect(ledger.leftovers().map((l) => [l.name, l.deletable])).toEqual([['cc-conformance-abcdefgh-0004', true]]);
    ledger.afterAnswer(request('DELETE', '/dialer/campaigns/c1', undefined, 'ai'), 204, undefined);
    // The API keeps a deleted campaign: still listed, as not deletable.
    expect(ledger.leftovers()).toEqual([expect.objectContaining({ kind: 'Dialer campaign', id: 'c1', deletable: false })]);
    expect(JSON.stringify(readLedger(ledger.file as string).records)).toBe(JSON.stringify(ledger.records()));
  });

  test("a delete with another company's key does not close a record; a membership is undone by its own request", () => {
    const ledger = fresh();
    const member = ledger.beforeSend(request('PUT', '/groups/add.json', { agent_id: 5, group_id: 3 }));
    expect(ledger.leftovers()).toEqual([
      expect.objectContaining({ kind: 'group membership', id: '5:3', deletable: true, how: 'DELETE /groups/delete/5.json {"group_id":3}' }),
    ]);
    ledger.afterCreate(member!, 200, {});
    ledger.afterAnswer({ ...request('DELETE', '/groups/delete/5.json', { group_id: 3 }), company: 'other' }, 200, {});
    ledger.afterAnswer(request('DELETE', '/groups/delete/5.json', { group_id: 4 }), 200, {});
    expect(ledger.leftovers()).toHaveLength(1);
    ledger.afterAnswer(request('DELETE', '/groups/delete/5.json', { group_id: 3 }), 200, {});
    expect(ledger.leftovers()).toEqual([]);
  });

  test('Contact actions make a record per added contact; a voice agent is listed as not deletable', () => {
    const ledger = fresh();
    const bulk = ledger.beforeSend(
      request('POST', '/bulk/contacts.json', [
        { action: 'add_contact', command_id: '1', data: { name: 'cc-conformance-abcdefgh-0005' } },
        { action: 'add_contact', command_id: '2', data: { name: 'cc-conformance-abcdefgh-0006' } },
      ]),
    );
    ledger.afterCreate(bulk!, 200, { responseData: { status: 200, data: [{ status: 201, data: { id: '1' } }, { status: 406 }] } });
    const va = ledger.beforeSend(request('POST', '/voice-agents', { agentName: 'cc-conformance-abcdefgh-0007' }, 'ai'));
    ledger.afterCreate(va!, 201, { data: { id: 'va1' } });
    expect(ledger.leftovers().map((l) => [l.kind, l.id, l.deletable])).toEqual([
      ['contact', '1', true],
      ['voice agent', 'va1', false],
    ]);
  });

  test('a line cut short by a kill is ignored; reopening the file goes on after its last event', () => {
    const ledger = fresh();
    ledger.beforeSend(request('PUT', '/contacts/add.json', { name: 'cc-conformance-abcdefgh-0008' }));
    appendFileSync(ledger.file as string, '{"event":"created","seq":1,"id":"4');
    expect(readLedger(ledger.file as string).records.map((r) => r.state)).toEqual(['pending']);
    appendFileSync(ledger.file as string, '\n');
    const reopened = new Ledger(ledger.run, DIALER_ROUTES);
    expect(reopened.beforeSend(request('PUT', '/contacts/add.json', { name: 'cc-conformance-abcdefgh-0009' }))?.seq).toBe(2);
  });
});
