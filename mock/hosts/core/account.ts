import type { FastifyInstance } from 'fastify';
import { companyOf, type MockContext } from '../../context.ts';
import { COUNTRIES } from '../../state/countries.ts';
import type { CallNumber, Company } from '../../state/model.ts';
import { ack, BAD_REQUEST, coreError, invalidInput, notFound, sendPage, sendUnpaged, type FieldErrors } from './replies.ts';
import { addError, checkId, checkInteger, checkReadOnly, checkString, isE164ish, isObject, pathId } from './validate.ts';

/** Routing types of a number (vendor reference: connected_to): 0 group, 1 agent, 2 conference room, 3 fax. */
const ROUTING_TYPES = 4;

/** A group or an agent a number routes to must be the company's; a conference room or fax is not a record here. */
function routableTo(company: Company, connectedTo: number, sourceId: number): boolean {
  if (connectedTo === 0) return company.groups.has(sourceId);
  if (connectedTo === 1) return company.agents.has(sourceId);
  return true;
}

/**
 * A free number (cleared) has no route: connected_to and source_id are left out rather than sent null.
 * country_code and area_code are integers, as the vendor's CallNumber schema types them; the id a string, as every record id.
 */
function renderNumber(n: CallNumber): Record<string, unknown> {
  const { routed, connected_to, source_id, ...rest } = n;
  return { ...rest, id: String(n.id), ...(routed ? { connected_to, source_id } : {}) };
}

/** What the number list shows that Edit a number does not change (vendor reference: its payload is name and route). */
const NUMBER_READ_ONLY = ['id', 'country_code', 'area_code', 'caller_id_e164', 'is_redirected'] as const;

/** Account-wide reads and the remaining actions: countries, numbers, Send sms. */
export function accountRoutes(app: FastifyInstance, ctx: MockContext): void {
  const { faults } = ctx;

  // A plain array inside responseData; page and limit are not parameters of this endpoint.
  // The spec shows no country fields: the vendor reference wraps each in { Country }, the variant sends them bare.
  const countries = COUNTRIES.map((c) => (ctx.dialect === 'variant' ? { ...c, id: String(c.id) } : { Country: { ...c, id: String(c.id) } }));
  // The table never changes, and the budget checks spend their requests on it: its body is serialised once.
  const wholeTable = JSON.stringify({ responseData: countries });
  app.get('/countries/index.json', (req, reply) => {
    const q = req.query as Record<string, string | undefined>;
    if (faults.on('countries-paginated')) return sendPage(ctx, req, reply, countries, (c) => c);
    const limit = Number(q.limit);
    if (faults.on('countries-honours-limit') && Number.isInteger(limit) && limit > 0) return reply.code(200).send({ responseData: countries.slice(0, limit) });
    return reply.code(200).header('content-type', 'application/json; charset=utf-8').send(wholeTable);
  });

  app.get('/numbers/index.json', (req, reply) => {
    const company = companyOf(req);
    const q = req.query as Record<string, string | undefined>;
    let items = [...company.numbers.values()];
    const variant = ctx.dialect === 'variant';
    // The id and country_code filters are the vendor reference's; the variant knows only country_code.
    if (q.id !== undefined && !variant) items = items.filter((n) => String(n.id) === q.id);
    if (q.country_code !== undefined) items = items.filter((n) => String(n.country_code) === q.country_code);
    const render = (n: (typeof items)[number]) => ({ CallNumber: renderNumber(n) });
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

  // Edit a number (vendor reference): its name and where it is routed; a group or an agent must be the company's.
  app.post<{ Params: { id: string } }>('/numbers/edit/:id.json', (req, reply) => {
    const company = companyOf(req);
    const id = pathId(req.params.id);
    const number = id === undefined ? undefined : company.numbers.get(id);
    if (!number) return notFound(ctx, reply);
    const body = req.body;
    if (!isObject(body)) return invalidInput(ctx, reply, { body: ['Must be a JSON object.'] });
    const errors: FieldErrors = {};
    const listed = renderNumber(number);
    checkReadOnly(body, Object.fromEntries(NUMBER_READ_ONLY.map((field) => [field, listed[field]])), errors);
    checkString(body, 'internal_name', 255, errors);
    checkInteger(body, 'connected_to', errors, { min: 0, max: ROUTING_TYPES - 1 });
    const sourceId = checkId(body, 'source_id', errors);
    const connectedTo = typeof body.connected_to === 'number' ? body.connected_to : number.connected_to;
    if (sourceId !== undefined && !routableTo(company, connectedTo, sourceId)) addError(errors, 'source_id', 'Unknown source for this routing type.');
    if (Object.keys(errors).length > 0) return invalidInput(ctx, reply, errors);
    if (typeof body.internal_name === 'string') number.internal_name = body.internal_name;
    if (typeof body.connected_to === 'number') number.connected_to = body.connected_to;
    if (sourceId !== undefined) number.source_id = sourceId;
    if (body.connected_to !== undefined || sourceId !== undefined) number.routed = true;
    return ack(ctx, reply, 200);
  });

  // Unregister a number (vendor reference): its route is cleared and the number is free; it stays in the list.
  app.delete<{ Params: { id: string } }>('/numbers/clear/:id.json', (req, reply) => {
    const id = pathId(req.params.id);
    const number = id === undefined ? undefined : companyOf(req).numbers.get(id);
    if (!number) return notFound(ctx, reply);
    number.routed = false;
    return ack(ctx, reply, 200);
  });
}
