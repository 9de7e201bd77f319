import { describe, expect, test } from 'vitest';
import { json, mockClient } from './inject.ts';

/** The state-driven answers the spec names: presence, funds, agent maximum, extension uniqueness, gone recordings. */
describe('state behaviours of the core host', () => {
  test('Make a call: 403 for an agent not online, 409 for one already in a call, 200 with the bare acknowledgement otherwise', async () => {
    const client = await mockClient();
    const agents = [...(client.mock.state.companies.get(1)?.agents.values() ?? [])];
    const call = (presence: string) => {
      const agent = agents.find((a) => a.availability_status === presence);
      return client.send('core', { method: 'POST', url: '/api/calls/create.json', ...json({ agent_id: agent?.id, callee_number: '+447700900100' }) });
    };
    expect((await call('offline')).statusCode).toBe(403);
    expect((await call('paused')).statusCode).toBe(403);
    expect((await call('calling')).statusCode).toBe(409);
    const ok = await call('online');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ responseData: { status: 200 } });
  });

  test('Send sms: 403 when the company has no funds', async () => {
    const client = await mockClient();
    const sender = [...(client.mock.state.companies.get(3)?.numbers.values() ?? [])][0]?.caller_id_e164;
    const sms = (as: string) =>
      client.send('core', { method: 'POST', url: '/api/sms/send.json', as, ...json({ sender, recipient: '+447700900101', message: 'hi' }) });
    const refused = await sms('c1');
    expect(refused.statusCode).toBe(403);
    expect((refused.json() as { responseData: { status: number } }).responseData.status).toBe(403);
    expect((await sms('a1')).statusCode).toBe(200);
  });

  test("Add an agent: 403 'Max. number of agents reached.' at the company maximum", async () => {
    const client = await mockClient();
    const res = await client.send('core', {
      method: 'PUT',
      url: '/api/agents/add.json',
      as: 'c1',
      ...json({ firstname: 'A', lastname: 'B', email: 'a.b@example.com', pass: 'secret-1' }),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ responseData: { status: 403, message: 'Max. number of agents reached.' } });
  });

  test('extensions are unique across the company, not across companies', async () => {
    const client = await mockClient();
    const extensions = (companyId: number) => [...(client.mock.state.companies.get(companyId)?.agents.values() ?? [])].map((a) => a.extension);
    const used = extensions(1).find((e) => !extensions(2).includes(e));
    const add = (as: string) =>
      client.send('core', {
        method: 'PUT',
        url: '/api/agents/add.json',
        as,
        ...json({ firstname: 'A', lastname: 'B', email: `x${as}@example.com`, pass: 'secret-1', extension: used }),
      });
    const clash = await add('a1');
    expect(clash.statusCode).toBe(406);
    expect((clash.json() as { responseData: { data: Record<string, unknown> } }).responseData.data).toHaveProperty('extension');
    expect((await add('b1')).statusCode).toBe(201);
  });

  test("gone recordings: 410 'Recording expired.' and 'Recording not found.'; available ones are served", async () => {
    const client = await mockClient();
    const calls = [...(client.mock.state.companies.get(1)?.calls.values() ?? [])];
    const fetch = (state: string) => client.send('core', { method: 'GET', url: `/api/calls/recording/${calls.find((c) => c.recording === state)?.id}.json` });
    expect((await fetch('expired')).json()).toEqual({ responseData: { status: 410, message: 'Recording expired.' } });
    expect((await fetch('deleted')).json()).toEqual({ responseData: { status: 410, message: 'Recording not found.' } });
    expect((await fetch('available')).statusCode).toBe(200);
  });
});
