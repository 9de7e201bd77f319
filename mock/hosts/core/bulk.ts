import type { FastifyInstance } from 'fastify';
import { companyOf, type MockContext } from '../../context.ts';
import type { Company, MockState } from '../../state/model.ts';
import { iso } from '../../state/seed-tools.ts';
import { nextId } from '../../state/model.ts';
import type { Faults } from '../../faults/registry.ts';
import type { Dialect } from '../../dialect.ts';
import { addActivity, deleteActivity, editActivity } from './activities.ts';
import { applyContactEdit, emptyContact, parseContactPayload } from './contact-payload.ts';
import { addNote, deleteNote, editNote, forgetContactHistory } from './notes.ts';
import { done, missing, type Outcome } from './outcome.ts';
import { INVALID_INPUT, invalidInput, NOT_FOUND } from './replies.ts';
import { integerId, isObject } from './validate.ts';

/** Contact actions take at most this many commands (vendor reference: "Max 10 actions"). */
const MAX_COMMANDS = 10;

interface Scope {
  readonly state: MockState;
  readonly company: Company;
  readonly faults: Faults;
  readonly dialect: Dialect;
}

/** The record a command names by `data.id`, and the rest of its data. */
function split(data: Record<string, unknown>): { id: number | undefined; rest: Record<string, unknown> } {
  const { id, ...rest } = data;
  return { id: integerId(id), rest };
}

function addContact({ state, company, faults, dialect }: Scope, data: Record<string, unknown>): Outcome {
  const parsed = parseContactPayload(state, company, data, faults, true, dialect);
  if (!parsed.ok) return { status: 406, errors: parsed.errors };
  const contact = emptyContact(nextId(state, 'contact'), iso(Date.now()));
  parsed.change(contact);
  company.contacts.set(contact.id, contact);
  return done(201, { id: String(contact.id) });
}

function editContact({ state, company, faults, dialect }: Scope, data: Record<string, unknown>): Outcome {
  const { id, rest } = split(data);
  const contact = id === undefined ? undefined : company.contacts.get(id);
  if (!contact) return missing;
  const parsed = parseContactPayload(state, company, rest, faults, false, dialect, contact);
  if (!parsed.ok) return { status: 406, errors: parsed.errors };
  applyContactEdit(contact, parsed.change);
  return done(200);
}

function deleteContact({ company }: Scope, data: Record<string, unknown>): Outcome {
  const { id } = split(data);
  if (id === undefined || !company.contacts.delete(id)) return missing;
  forgetContactHistory(company, id);
  return done(200);
}

/** The nine actions of the vendor reference, each the same operation as its own endpoint. */
const ACTIONS: Readonly<Record<string, (scope: Scope, data: Record<string, unknown>) => Outcome>> = {
  add_contact: addContact,
  edit_contact: editContact,
  delete_contact: deleteContact,
  add_activity: ({ state, company }, data) => {
    const { contact_id, ...rest } = data;
    return addActivity(state, company, integerId(contact_id), rest);
  },
  edit_activity: ({ company }, data) => editActivity(company, split(data).id, split(data).rest),
  delete_activity: ({ company }, data) => deleteActivity(company, split(data).id),
  add_note: ({ state, company }, data) => {
    const { contact_id, ...rest } = data;
    return addNote(state, company, integerId(contact_id), rest);
  },
  edit_note: ({ company }, data) => editNote(company, split(data).id, split(data).rest),
  delete_note: ({ company }, data) => deleteNote(company, split(data).id),
};

/** One command's result: its id, its own status, and the new id or the field errors (vendor reference: ContactsBulkDataResponse). */
function result(commandId: string, outcome: Outcome): Record<string, unknown> {
  if (outcome.status === 404) return { command_id: commandId, status: 404, message: NOT_FOUND };
  if (outcome.status === 406) return { command_id: commandId, status: 406, message: INVALID_INPUT, data: outcome.errors };
  return { command_id: commandId, status: outcome.status, ...(outcome.data ? { data: outcome.data } : {}) };
}

/** Contact actions (vendor reference: POST /bulk/contacts.json): up to 10 commands, run in order, each answered with its own status. */
export function bulkRoutes(app: FastifyInstance, ctx: MockContext): void {
  const { faults, state } = ctx;
  app.post('/bulk/contacts.json', (req, reply) => {
    const commands = req.body;
    if (!Array.isArray(commands) || commands.length === 0 || commands.length > MAX_COMMANDS || !commands.every(isObject)) {
      return invalidInput(ctx, reply, { body: [`Must be an array of 1 to ${MAX_COMMANDS} commands.`] });
    }
    const scope: Scope = { state, company: companyOf(req), faults, dialect: ctx.dialect };
    const results = commands.map((command) => {
      const commandId = typeof command.command_id === 'string' ? command.command_id : String(command.command_id ?? '');
      const action = typeof command.action === 'string' ? ACTIONS[command.action] : undefined;
      if (!action || !Object.hasOwn(ACTIONS, command.action as string))
        return result(commandId, { status: 406, errors: { action: [`Must be one of ${Object.keys(ACTIONS).join(', ')}.`] } });
      if (!isObject(command.data)) return result(commandId, { status: 406, errors: { data: ['Must be a JSON object.'] } });
      return result(commandId, action(scope, command.data));
    });
    // The spec ties an acknowledgement's status to the HTTP status nowhere: the variant's says multi-status.
    const envelope = faults.on('bulk-no-status') ? { data: results } : { status: ctx.dialect === 'variant' ? 207 : 200, data: results };
    return reply.code(200).send({ responseData: envelope });
  });
}
