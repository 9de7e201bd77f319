import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { companyOf, type MockContext } from '../../context.ts';
import { iso } from '../../state/seed-tools.ts';
import { type Company, type Contact, nextId } from '../../state/model.ts';
import { applyContactEdit, emptyContact, parseContactPayload, tagIdByName } from './contact-payload.ts';
import { forgetContactHistory } from './notes.ts';
import { ack, coreError, invalidInput, notFound, sendPage, type FieldErrors } from './replies.ts';
import { addError, isObject, pathId } from './validate.ts';
import { RenderedText } from './rendered.ts';

/** Inspect a contact (vendor reference): the resource sits directly in responseData. */
function renderContact(ctx: MockContext, company: Company, c: Contact): { Contact: Record<string, unknown> } & Record<string, unknown> {
  const numericValues = ctx.faults.on('contact-attribute-value-number');
  return {
    Contact: {
      id: String(c.id),
      name: c.name,
      title: c.title,
      company: c.company,
      industry: c.industry,
      website: c.website,
      address: c.address,
      city: c.city,
      zip: c.zip,
      state: c.state,
      // Integers, as the spec's contact table types them (the vendor's example shows strings); null without a value.
      country_id: c.country_id,
      favorite_agent: c.favorite_agent,
      created: c.created,
      modified: c.modified,
    },
    ExternalUrl: c.external_urls.map((u) => (ctx.faults.on('contact-externalurl-url-only') ? { url: u.url } : { ...u })),
    ContactEmail: c.emails.map((email) => ({ email })),
    ContactNumber: c.numbers.map((public_number) => ({
      public_number: ctx.faults.on('contact-number-as-integer') ? Number(public_number.replace(/\D/g, '')) : public_number,
    })),
    ContactsTag: c.tags.map((id) => ({ name: company.tags.get(id)?.name ?? '' })),
    ContactAttribute: c.attributes.map((a) => ({ ...a, ...(numericValues && /^\d+$/.test(a.value) ? { value: Number(a.value) } : {}) })),
  };
}

function renderListItem(c: Contact): Record<string, unknown> {
  return {
    Contact: { id: String(c.id), name: c.name, company: c.company },
    ContactNumber: c.numbers[0] === undefined ? {} : { public_number: c.numbers[0] },
    ContactEmail: c.emails[0] === undefined ? {} : { email: c.emails[0] },
  };
}

/** Every field renderListItem reads, so a list page reuses an item's text until one of them changes. */
const listItemText = new RenderedText<Contact>(renderListItem, (c) => [c.id, c.name, c.company, c.numbers[0], c.emails[0]]);

/** The scalar fields of a contact, which the fault that restores added values sets back. */
const SCALARS = ['name', 'title', 'company', 'industry', 'website', 'address', 'city', 'zip', 'state', 'country_id', 'favorite_agent'] as const;
/** The list properties whose edit keeps only the sent entries, by their payload name and the model's: the fault that resets lists sets them back. */
const LISTS = [
  ['ContactNumber', 'numbers'],
  ['ContactEmail', 'emails'],
  ['ContactsTag', 'tags'],
  ['ContactAttribute', 'attributes'],
] as const;

/**
 * What the faults that break state across operations remember of a company's contact writes. The faithful
 * mock keeps none of it: each of these is a server that answers every single request well and still drifts.
 */
interface WriteMemory {
  /** Deleted contacts a list still shows (contacts-list-keeps-deleted). */
  readonly deleted: Contact[];
  /** The latest write, as the contact was before and after it: the count lags it (contacts-count-lags-write). */
  latest?: { readonly before?: Contact; readonly after?: Contact };
  /** Each contact as its add made it (contacts-edit-restores-added, contacts-edit-resets-lists, contacts-tag-filter-index-at-add). */
  readonly added: Map<number, Contact>;
  /** Contacts once edited, which every company's list shows (contacts-edited-listed-everywhere). */
  readonly edited: Set<Contact>;
}

const memories = new WeakMap<Company, WriteMemory>();

function memoryOf(company: Company): WriteMemory {
  let memory = memories.get(company);
  if (!memory) {
    memory = { deleted: [], added: new Map(), edited: new Set() };
    memories.set(company, memory);
  }
  return memory;
}

/** Finds a contact of the requesting company; the isolation faults widen the search to every company. */
function findContact(ctx: MockContext, req: FastifyRequest, id: string, anyCompany: boolean): Contact | undefined {
  const n = Number(id);
  if (!/^\d+$/.test(id)) return undefined;
  if (anyCompany) {
    for (const company of ctx.state.companies.values()) {
      const hit = company.contacts.get(n);
      if (hit) return hit;
    }
  }
  return companyOf(req).contacts.get(n);
}

/**
 * The path names no contact of the requester's. Whether another company's contact is refused as foreign
 * credentials (401) or not found (404) is open (Authentication 3 and 6): the reference finds none, the
 * variant refuses.
 */
function missing(ctx: MockContext, reply: FastifyReply, id: string, notFoundMessage = 'Not found.'): FastifyReply {
  const foreign = ctx.dialect === 'variant' && /^\d+$/.test(id) && [...ctx.state.companies.values()].some((company) => company.contacts.has(Number(id)));
  return foreign ? coreError(ctx, reply, 401, 'Unauthorized') : coreError(ctx, reply, 404, notFoundMessage);
}

export function contactRoutes(app: FastifyInstance, ctx: MockContext): void {
  const { faults } = ctx;

  if (faults.on('json-content-type-html')) {
    // Relabels the already serialised body, as a misconfigured proxy would.
    app.addHook('onSend', async (req, reply, payload) => {
      if (req.routeOptions.url?.endsWith('/contacts/index.json')) reply.header('content-type', 'text/html; charset=utf-8');
      return payload;
    });
  }

  app.get('/contacts/index.json', (req, reply) => {
    const company = companyOf(req);
    const q = req.query as Record<string, string | undefined>;
    const variant = ctx.dialect === 'variant';
    const filters: ((c: Contact) => boolean)[] = [];
    if (q.country_id !== undefined && !faults.on('contacts-ignores-country_id')) filters.push((c) => String(c.country_id) === q.country_id);
    // The fault's index holds each contact's tags as its add gave them.
    const tagsOf = (c: Contact): number[] => (faults.on('contacts-tag-filter-index-at-add') ? (memoryOf(company).added.get(c.id)?.tags ?? c.tags) : c.tags);
    if (q.tag_id !== undefined && !faults.on('contacts-ignores-tag_id')) filters.push((c) => tagsOf(c).some((t) => String(t) === q.tag_id));
    if (q.industry !== undefined && !faults.on('contacts-ignores-industry')) filters.push((c) => c.industry === q.industry);
    if (q.keyword !== undefined && !faults.on('contacts-ignores-keyword')) {
      const k = q.keyword.toLowerCase();
      // The spec does not say what a keyword searches: the variant's leaves the name out.
      filters.push((c) => [...(variant ? [] : [c.name]), c.company, ...c.emails, ...c.numbers].some((v) => v.toLowerCase().includes(k)));
    }
    // Nor how filters sent together combine: the reference lists contacts matching every one, the variant any one.
    // The fault's server filters the contacts of every company, not only the requester's.
    const pool = faults.on('contacts-cross-company-list')
      ? [...ctx.state.companies.values()].flatMap((c) => [...c.contacts.values()])
      : [...company.contacts.values()];
    if (faults.on('contacts-list-keeps-deleted')) pool.push(...memoryOf(company).deleted);
    // The fault's server also lists the oldest contact of every other company: one the run never made.
    if (faults.on('contacts-oldest-cross-company-list'))
      for (const other of ctx.state.companies.values()) {
        const oldest = [...other.contacts.values()][0];
        if (other !== company && oldest) pool.push(oldest);
      }
    if (faults.on('contacts-edited-listed-everywhere'))
      for (const other of ctx.state.companies.values()) if (other !== company) pool.push(...memoryOf(other).edited);
    const matches = (c: Contact) => filters.length === 0 || (variant ? filters.some((f) => f(c)) : filters.every((f) => f(c)));
    const items = pool.filter(matches);
    // The fault's count is the one before the latest write: what that write added to the matches is taken back.
    const latest = faults.on('contacts-count-lags-write') ? memoryOf(company).latest : undefined;
    const lag = latest ? (latest.before && matches(latest.before) ? 1 : 0) - (latest.after && matches(latest.after) ? 1 : 0) : 0;
    return sendPage(ctx, req, reply, items, listItemText, lag === 0 ? undefined : Math.max(0, items.length + lag));
  });

  app.get<{ Params: { contactId: string } }>('/contacts/show/:contactId.json', (req, reply) => {
    const contact = findContact(ctx, req, req.params.contactId, faults.on('isolation-read-leak'));
    if (!contact) return missing(ctx, reply, req.params.contactId);
    const owner = [...ctx.state.companies.values()].find((c) => c.contacts.has(contact.id)) ?? companyOf(req);
    const { Contact: fields, ...lists } = renderContact(ctx, owner, contact);
    // The spec shows no read of one contact: the variant gives its fields and lists side by side, with no Contact key.
    const body = ctx.dialect === 'variant' ? { ...fields, ...lists } : { Contact: fields, ...lists };
    const paging = faults.on('single-with-paging') ? { itemsCount: 1, pageCount: 1, pageNumber: 1, limit: 1 } : {};
    return reply.code(200).send({ responseData: { ...body, ...paging } });
  });

  const add = (req: FastifyRequest, reply: FastifyReply) => {
    const company = companyOf(req);
    const parsed = parseContactPayload(ctx.state, company, req.body, faults, true, ctx.dialect);
    if (!parsed.ok) return invalidInput(ctx, reply, parsed.errors);
    const now = iso(Date.now());
    const contact = emptyContact(nextId(ctx.state, 'contact'), now);
    parsed.change(contact);
    if (!faults.on('add-contact-not-persisted')) company.contacts.set(contact.id, contact);
    if (faults.on('contacts-edit-restores-added') || faults.on('contacts-edit-resets-lists') || faults.on('contacts-tag-filter-index-at-add'))
      memoryOf(company).added.set(contact.id, structuredClone(contact));
    if (faults.on('contacts-count-lags-write')) memoryOf(company).latest = { after: structuredClone(contact) };
    const status = faults.on('add-contact-200') ? 200 : 201;
    // The spec does not show the add answer: the variant gives the new id beside the status, not in data.
    if (ctx.dialect === 'variant') return reply.code(status).send({ responseData: { status, id: String(contact.id) } });
    return ack(ctx, reply, status, { id: String(contact.id) });
  };
  app.put('/contacts/add.json', add);
  // A POST used to create does not work on the core API; only a fault routes it.
  if (faults.on('post-creates-contact')) app.post('/contacts/add.json', add);

  const edit = (req: FastifyRequest<{ Params: { contactId: string } }>, reply: FastifyReply) => {
    const contact = findContact(ctx, req, req.params.contactId, faults.on('isolation-write-leak'));
    if (!contact) return missing(ctx, reply, req.params.contactId, faults.on('edit-contact-404-message') ? 'Contact not found' : 'Not found.');
    const parsed = parseContactPayload(ctx.state, companyOf(req), req.body, faults, false, ctx.dialect, contact);
    if (!parsed.ok) return faults.on('edit-contact-406-no-data') ? coreError(ctx, reply, 406, 'Invalid input data.') : invalidInput(ctx, reply, parsed.errors);
    const before = structuredClone(contact);
    applyContactEdit(contact, parsed.change);
    const owner = companyOf(req);
    const added = faults.on('contacts-edit-restores-added') ? memoryOf(owner).added.get(contact.id) : undefined;
    if (added) {
      const sent = isObject(req.body) ? req.body : {};
      for (const field of SCALARS) if (!(field in sent)) (contact as unknown as Record<string, unknown>)[field] = added[field];
    }
    // The fault's server rebuilds every list property the edit did not send from the add, as if from an import.
    const addedLists = faults.on('contacts-edit-resets-lists') ? memoryOf(owner).added.get(contact.id) : undefined;
    if (addedLists) {
      const sent = isObject(req.body) ? req.body : {};
      for (const [key, property] of LISTS)
        if (!(key in sent)) (contact as unknown as Record<string, unknown>)[property] = structuredClone(addedLists[property]);
    }
    if (faults.on('contacts-count-lags-write')) memoryOf(owner).latest = { before, after: structuredClone(contact) };
    if (faults.on('contacts-edited-listed-everywhere')) memoryOf(owner).edited.add(contact);
    return ack(ctx, reply, faults.on('edit-contact-201') ? 201 : 200);
  };
  app.post('/contacts/edit/:contactId.json', edit);
  if (faults.on('patch-edits-contact')) app.patch('/contacts/edit/:contactId.json', edit);

  app.delete<{ Params: { contactId: string } }>('/contacts/delete/:contactId.json', (req, reply) => {
    const id = Number(req.params.contactId);
    // The fault's server looks the contact up in every company and deletes it from whichever holds it.
    const company =
      (faults.on('contacts-cross-company-delete') ? [...ctx.state.companies.values()].find((c) => c.contacts.has(id)) : undefined) ?? companyOf(req);
    const gone = company.contacts.get(id);
    if (!/^\d+$/.test(req.params.contactId) || !company.contacts.delete(id)) return missing(ctx, reply, req.params.contactId);
    if (gone && faults.on('contacts-list-keeps-deleted')) memoryOf(company).deleted.push(gone);
    if (gone && faults.on('contacts-count-lags-write')) memoryOf(company).latest = { before: structuredClone(gone) };
    if (gone && faults.on('contacts-edited-listed-everywhere')) memoryOf(company).edited.delete(gone);
    forgetContactHistory(company, id);
    return ack(ctx, reply, 200);
  });

  // Assign and Unassign Tags (vendor reference): tag names; a name new to the account becomes a tag, as on contact edit.
  const retag = (req: FastifyRequest<{ Params: { contactId: string } }>, reply: FastifyReply, adding: boolean) => {
    const company = companyOf(req);
    const id = pathId(req.params.contactId);
    const contact = id === undefined ? undefined : company.contacts.get(id);
    if (!contact) return notFound(ctx, reply);
    const body = req.body;
    const names = isObject(body) && Array.isArray(body.tags) ? body.tags : undefined;
    const errors: FieldErrors = {};
    if (!names || names.length === 0 || !names.every((n) => typeof n === 'string' && n.trim() !== '' && n.length <= 255))
      addError(errors, 'tags', 'Must be a list of tag names.');
    if (!names || Object.keys(errors).length > 0) return invalidInput(ctx, reply, errors);
    const trimmed = (names as string[]).map((n) => n.trim());
    if (adding) {
      for (const name of trimmed) {
        const tagId = tagIdByName(ctx.state, company, name);
        if (!contact.tags.includes(tagId)) contact.tags.push(tagId);
      }
    } else {
      contact.tags = contact.tags.filter((t) => !trimmed.includes(company.tags.get(t)?.name ?? ''));
    }
    contact.modified = iso(Date.now());
    // The vendor reference's wording, its spelling included, so a client matching on it finds it.
    const message = adding ? 'Tags were sucessfully added.' : 'Tags were successfully removed.';
    const tags = contact.tags.map((t) => ({ id: String(t), name: company.tags.get(t)?.name ?? '' }));
    return reply.code(200).send({ responseData: { status: 200, message, data: { tags, contact_id: String(contact.id) } } });
  };
  app.put<{ Params: { contactId: string } }>('/contacts/addTags/:contactId.json', (req, reply) => retag(req, reply, true));
  app.delete<{ Params: { contactId: string } }>('/contacts/removeTags/:contactId.json', (req, reply) => retag(req, reply, false));

  // Attributes (vendor reference path); the variant serves it under another name, as the spec shows no path.
  app.get(ctx.dialect === 'variant' ? '/contacts/attributes/index.json' : '/contacts/attributes.json', (req, reply) => {
    const company = companyOf(req);
    return reply.code(200).send({ responseData: company.attributes.map((a) => ({ ContactAttribute: { id: String(a.id), title: a.title } })) });
  });
}
