import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { companyOf, type MockContext } from '../../context.ts';
import { type Company, nextId, type Tag } from '../../state/model.ts';
import { ack, invalidInput, notFound, sendPage, sendUnpaged, type FieldErrors } from './replies.ts';
import { addError, checkInteger, checkReadOnly, checkString, isObject, pathId, rejectUnknown, withIds } from './validate.ts';

/** Memberships once removed, which the fault's server keeps as soft-deleted rows that block adding them again (group-readd-ignored). */
const removedMemberships = new WeakMap<Company, Set<string>>();

export function groupRoutes(app: FastifyInstance, ctx: MockContext): void {
  const { faults } = ctx;

  app.get('/groups/index.json', (req, reply) => {
    const company = companyOf(req);
    const groups = [...company.groups.values()];
    // The spec shows no group list: the variant answers it whole in responseData.data, each item under the vendor schema's key { Groups }.
    if (ctx.dialect === 'variant') return sendUnpaged(reply, groups, (g) => ({ Groups: { id: String(g.id), internal_name: g.internal_name } }), 'data');
    return sendPage(ctx, req, reply, groups, (g) => ({ Group: { id: String(g.id), internal_name: g.internal_name } }));
  });

  app.put('/groups/add.json', (req, reply) => {
    const company = companyOf(req);
    const errors: FieldErrors = {};
    if (!isObject(req.body)) return invalidInput(ctx, reply, { body: ['Must be a JSON object.'] });
    const body = withIds(req.body, ['group_id', 'agent_id']);
    rejectUnknown(body, new Set(['group_id', 'agent_id']), errors);
    checkInteger(body, 'group_id', errors, { min: 1 }, true);
    checkInteger(body, 'agent_id', errors, { min: 1 }, true);
    if (typeof body.group_id === 'number' && !company.groups.has(body.group_id)) addError(errors, 'group_id', 'Unknown group.');
    if (typeof body.agent_id === 'number' && !company.agents.has(body.agent_id)) addError(errors, 'agent_id', 'Unknown agent.');
    if (Object.keys(errors).length > 0) return invalidInput(ctx, reply, errors);
    const membership = `${body.agent_id}:${body.group_id}`;
    // The fault's add is acknowledged, and a membership removed before is not stored again.
    if (!(faults.on('group-readd-ignored') && removedMemberships.get(company)?.has(membership))) company.memberships.add(membership);
    return ack(ctx, reply, 200, { message: 'Agent added successfully.' });
  });

  // Remove agent from group: deletes the membership only (spec: Remove agent from group).
  app.delete<{ Params: { agentId: string } }>('/groups/delete/:agentId.json', (req, reply) => {
    const company = companyOf(req);
    const errors: FieldErrors = {};
    if (!isObject(req.body)) return invalidInput(ctx, reply, { group_id: ['This field is required.'] });
    const body = withIds(req.body, ['group_id']);
    checkInteger(body, 'group_id', errors, {}, true);
    if (Object.keys(errors).length > 0) return invalidInput(ctx, reply, errors);
    const agentId = Number(req.params.agentId);
    const groupKnown = company.groups.has(body.group_id as number);
    if (!groupKnown && !faults.on('group-remove-unknown-group-200')) return notFound(ctx, reply);
    if (!/^\d+$/.test(req.params.agentId) || !company.agents.has(agentId)) return notFound(ctx, reply);
    company.memberships.delete(`${agentId}:${body.group_id}`);
    if (faults.on('group-readd-ignored')) removedMemberships.set(company, (removedMemberships.get(company) ?? new Set()).add(`${agentId}:${body.group_id}`));
    if (faults.on('group-remove-all-memberships')) for (const m of [...company.memberships]) if (m.startsWith(`${agentId}:`)) company.memberships.delete(m);
    if (faults.on('group-remove-deletes-agent')) company.agents.delete(agentId);
    const message = faults.on('group-remove-message') ? 'Agent removed successfully.' : 'Agent deleted successfully.';
    return ack(ctx, reply, 200, { message });
  });
}

/** The name each tag was added with, which the fault's stale list still shows (tags-list-keeps-added-name). */
const addedNames = new WeakMap<Tag, string>();

export function tagRoutes(app: FastifyInstance, ctx: MockContext): void {
  const { faults, state } = ctx;
  // The fault's list is a copy of each tag as it was added: renames never reach it.
  const listedName = (tag: Tag): string => (faults.on('tags-list-keeps-added-name') ? (addedNames.get(tag) ?? tag.name) : tag.name);

  app.get('/tags/index.json', (req, reply) => {
    const company = companyOf(req);
    // An archived tag is removed from the account's view; only the calls that carry it keep it.
    const live = [...company.tags.values()].filter((t) => !t.archived);
    // The spec shows no tag list: the variant answers it whole as a plain array of bare { id, name } records.
    if (ctx.dialect === 'variant') return sendUnpaged(reply, live, (t) => ({ id: String(t.id), name: listedName(t) }), 'array');
    return sendPage(ctx, req, reply, live, (t) => ({ Tag: { id: String(t.id), name: listedName(t) } }));
  });

  app.put('/tags/add.json', (req, reply) => {
    const company = companyOf(req);
    const body = req.body;
    const errors: FieldErrors = {};
    if (!isObject(body)) return invalidInput(ctx, reply, { body: ['Must be a JSON object.'] });
    rejectUnknown(body, new Set(['name']), errors);
    checkString(body, 'name', 255, errors, true);
    const name = typeof body.name === 'string' ? body.name.trim() : '';
    if ([...company.tags.values()].some((t) => t.name === name && !t.archived))
      addError(errors, 'name', 'Tag has already been used. Please select different one.');
    if (Object.keys(errors).length > 0) return invalidInput(ctx, reply, errors);
    const id = nextId(state, 'tag');
    const tag: Tag = { id, name, color: null, archived: false };
    company.tags.set(id, tag);
    addedNames.set(tag, name);
    return ack(ctx, reply, 201, { id: String(id) });
  });

  // Edit a tag (vendor reference): a new name, unique among the account's tags as on add.
  app.post<{ Params: { id: string } }>('/tags/edit/:id.json', (req, reply) => {
    const company = companyOf(req);
    const id = pathId(req.params.id);
    const tag = id === undefined ? undefined : company.tags.get(id);
    if (!tag || tag.archived) return notFound(ctx, reply);
    const body = req.body;
    const errors: FieldErrors = {};
    if (!isObject(body)) return invalidInput(ctx, reply, { body: ['Must be a JSON object.'] });
    // A tag read and written back carries its id, which an edit does not change.
    checkReadOnly(body, { id: String(tag.id) }, errors);
    checkString(body, 'name', 255, errors, true);
    const name = typeof body.name === 'string' ? body.name.trim() : '';
    if ([...company.tags.values()].some((t) => t.name === name && !t.archived && t.id !== tag.id))
      addError(errors, 'name', 'Tag has already been used. Please select different one.');
    if (Object.keys(errors).length > 0) return invalidInput(ctx, reply, errors);
    tag.name = name;
    return ack(ctx, reply, 200);
  });

  const remove = (req: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
    const company = companyOf(req);
    const id = Number(req.params.id);
    const tag = /^\d+$/.test(req.params.id) ? company.tags.get(id) : undefined;
    const known = tag !== undefined && !tag.archived;
    if (!known && !faults.on('tag-delete-unknown-200')) return notFound(ctx, reply);
    if (known && !faults.on('tag-delete-keeps-tag')) {
      // A tag calls already carry is archived, not deleted (spec: States and transitions, call-tag disposition).
      if ([...company.calls.values()].some((call) => call.tagIds.includes(id))) tag.archived = true;
      else company.tags.delete(id);
      for (const contact of company.contacts.values()) contact.tags = contact.tags.filter((t) => t !== id);
    }
    return ack(ctx, reply, 200);
  };
  app.delete('/tags/delete/:id.json', remove);
  // GET never modifies data on the core API; only a fault routes a GET to the delete.
  if (faults.on('get-deletes-tag')) app.get('/tags/delete/:id.json', remove);
}
