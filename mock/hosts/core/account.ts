import type { FastifyInstance, FastifyReply } from 'fastify';
import { companyOf, type MockContext } from '../../context.js';
import { COUNTRIES } from '../../state/countries.js';
import { nextId } from '../../state/model.js';
import { iso } from '../../state/seed-tools.js';
import { emptyContact, parseContactPayload } from './contact-payload.js';
import { BAD_REQUEST, coreError, invalidInput, sendPage, sendUnpaged, type FieldErrors } from './replies.js';
import { addError, isE164ish, isObject } from './validate.js';

/** Account-wide reads and the remaining actions: countries, numbers, Send sms, Contact actions. */
export function accountRoutes(app: FastifyInstance, ctx: MockContext): void {
  const { faults, state } = ctx;

  // A plain array inside responseData; page and limit are not parameters of this endpoint.
  app.get('/countries/index.json', (req, reply) => {
    const q = req.query as Record<string, string | undefined>;
    // The spec shows no country fields: the vendor reference wraps each in { Country }, the variant sends them bare.
    const items = COUNTRIES.map((c) => (ctx.dialect === 'variant' ? { ...c, id: String(c.id) } : { Country: { ...c, id: String(c.id) } }));
    if (faults.on('countries-paginated')) return sendPage(ctx, req, reply, items, (c) => c);
    const limit = Number(q.limit);
    const shown = faults.on('countries-honours-limit') && Number.isInteger(limit) && limit > 0 ? items.slice(0, limit) : items;
    return reply.code(200).send({ responseData: shown });
  });

  app.get('/numbers/index.json', (req, reply) => {
    const company = companyOf(req);
    const q = req.query as Record<string, string | undefined>;
    let items = [...company.numbers.values()];
    const variant = ctx.dialect === 'variant';
    // The id and country_code filters are the vendor reference's; the variant knows only country_code.
    if (q.id !== undefined && !variant) items = items.filter((n) => String(n.id) === q.id);
    if (q.country_code !== undefined) items = items.filter((n) => String(n.country_code) === q.country_code);
    const render = (n: (typeof items)[number]) => ({ CallNumber: { ...n, id: String(n.id), country_code: String(n.country_code), area_code: String(n.area_code) } });
    // The spec does not call the number list a collection: the variant answers it whole, without paging fields.
    return variant ? sendUnpaged(reply, items, render, 'array') : sendPage(ctx, req, reply, items, render);
  });

  app.post('/sms/send.json', (req, reply) => {
    const company = companyOf(req);
    const body = req.body;
    const errors: FieldErrors = {};
    if (!isObject(body)) return coreError(ctx, reply, 400, BAD_REQUEST);
    for (const field of ['recipient', 'sender'] as const) if (!isE164ish(body[field])) addError(errors, field, 'Please supply a valid number in E.164 format.');
    if (typeof body.message !== 'string' || body.message === '') addError(errors, 'message', 'This field is required.');
    if (Object.keys(errors).length > 0) return invalidInput(ctx, reply, errors);
    if (!company.smsFunds && !faults.on('sms-no-funds-200')) return coreError(ctx, reply, 403, 'Insufficient Funds');
    return reply.code(200).send({ responseData: { status: 200, data: { recipient: body.recipient, message: body.message, sender: body.sender } } });
  });

  // Contact actions: up to 10 commands, each answered with its own status (vendor reference).
  app.post('/bulk/contacts.json', (req, reply: FastifyReply) => {
    const company = companyOf(req);
    const commands = req.body;
    if (!Array.isArray(commands) || commands.length === 0 || commands.length > 10 || !commands.every(isObject)) {
      return invalidInput(ctx, reply, { body: ['Must be an array of 1 to 10 commands.'] });
    }
    const results = commands.map((command) => {
      const commandId = typeof command.command_id === 'string' ? command.command_id : String(command.command_id ?? '');
      const data = isObject(command.data) ? command.data : {};
      if (command.action === 'add_contact') {
        const parsed = parseContactPayload(state, company, data, faults, true, ctx.dialect);
        if (!parsed.ok) return { command_id: commandId, status: 406, data: parsed.errors };
        const contact = emptyContact(nextId(state, 'contact'), iso(Date.now()));
        parsed.change(contact);
        company.contacts.set(contact.id, contact);
        return { command_id: commandId, status: 201, data: { id: String(contact.id) } };
      }
      if (command.action === 'edit_contact' || command.action === 'delete_contact') {
        const { id, ...rest } = data;
        const contact = typeof id === 'number' ? company.contacts.get(id) : undefined;
        if (!contact) return { command_id: commandId, status: 404 };
        if (command.action === 'delete_contact') {
          company.contacts.delete(contact.id);
          return { command_id: commandId, status: 200 };
        }
        const parsed = parseContactPayload(state, company, rest, faults, false, ctx.dialect);
        if (!parsed.ok) return { command_id: commandId, status: 406, data: parsed.errors };
        parsed.change(contact);
        return { command_id: commandId, status: 200 };
      }
      return { command_id: commandId, status: 406, data: { action: ['Unsupported action.'] } };
    });
    const envelope = faults.on('bulk-no-status') ? { data: results } : { status: 200, data: results };
    return reply.code(200).send({ responseData: envelope });
  });
}
