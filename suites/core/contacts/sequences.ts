import fc from 'fast-check';
import type { CheckContext } from '../../../lib/checks/context.ts';
import type { Exchange } from '../../../lib/http/exchange.ts';
import { defineCheck } from '../../../lib/checks/define.ts';
import { pickedLabel, pickFromNewest, runSequences, type SequenceModel, type StepIo } from '../../../lib/stateful/sequences.ts';
import { pageFrom, recordOf } from '../../shared/core-reads.ts';
import { CONTACT_DELETIONS, contactEntryKey, contactViewOf, sendStep } from '../fixtures/steps.ts';
import { deleteTogether } from '../../../lib/checks/batched-deletions.ts';
import { createdId, listedIds } from '../fixtures/shapes.ts';
import { ATTRIBUTES, attributeIdsIn, FIRST_TAGS, tagsIn } from '../fixtures/shared-records.ts';
import { fictionalNumber } from '../../shared/inert-values.ts';

/**
 * Contacts as a model: random sequences of creates, edits, deletes, reads and lists of the sequence's own
 * contacts (lib/stateful/), each answer judged against what the spec says the company holds now. The rules
 * (CORE-STATE-*) name the sentences; the reads that judge them are narrowed by two industries made for the
 * sequence, so no record of another check or client ever counts.
 */

/** The fields a sequence writes: every scalar of the contact edit payload with a length (Limits), each a text of the sequence's own. */
const FIELDS = ['name', 'title', 'company', 'industry', 'website', 'address', 'city', 'zip', 'state'] as const;
type Field = (typeof FIELDS)[number];

/** The list properties whose edit keeps only the sent entries (Edit contact); a sequence sends one entry or clears one. */
const LIST_PROPERTIES = ['ContactNumber', 'ContactEmail', 'ContactsTag', 'ContactAttribute'] as const;
type ListProperty = (typeof LIST_PROPERTIES)[number];

/** What the account offers the list edits, read once a check: tags to name (so no edit makes one) and attributes to fill. */
interface AccountValues {
  readonly tags: readonly { readonly id: string; readonly name: string }[];
  readonly attributeIds: readonly number[];
}

/** An entry of a list property as the model compares it (fixtures/steps.ts). */
const entryKey = (property: ListProperty, item: unknown): string | undefined => contactEntryKey(property, item);

/**
 * Whether a list a read shows keeps the entry the contact's last edit of it sent, whatever edits came after
 * (CORE-STATE-LISTS, which the model judges on lists; a scalar emptied by an edit that did not send it is
 * CORE-CONTACT-EDIT-PARTIAL's, whose fixed check compares the lists after an edit too).
 */
function judgeListHeld(t: CheckContext, io: StepIo, contact: ModelContact, property: ListProperty, key: string, shown: readonly unknown[], ex: Exchange): void {
  const keys = shown.map((item) => entryKey(property, item));
  io.judge(
    'CORE-STATE-LISTS',
    keys.includes(key),
    () => `contact ${contact.id} shows ${property} ${JSON.stringify(shown)}; the last write that sent it set the entry ${key}`,
    ex,
  );
}

/** A short text; shrinking makes it shorter. */
const text = fc.stringMatching(/^[a-z]{1,6}$/);
/** One of the sequence's two industries. */
const side = fc.constantFrom(0, 1);
/**
 * Which of the model's contacts a step acts on, counted from the newest, modulo their number: mostly the
 * newest, so that several steps meet on one contact, where what one write does to another shows.
 */
const pick = fc.oneof({ weight: 3, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.nat(7) });

type ContactStep =
  | { readonly op: 'create'; readonly industry: number; readonly title: string }
  | { readonly op: 'edit'; readonly pick: number; readonly field: Field; readonly value: string; readonly industry: number }
  | { readonly op: 'edit-list'; readonly pick: number; readonly property: ListProperty; readonly clear: boolean; readonly value: number; readonly text: string }
  | { readonly op: 'read'; readonly pick: number }
  | { readonly op: 'delete'; readonly pick: number }
  | { readonly op: 'list'; readonly industry: number; readonly limit: number; readonly page: number }
  /** `compared`: makes a contact never to be edited where none is left, so that the read judges (the closing's). */
  | { readonly op: 'foreign-list'; readonly industry: number; readonly compared?: true }
  /** List contacts narrowed by the tag_id of one of the account's tags the list edits use. */
  | { readonly op: 'tag-list'; readonly tag: number };

interface ModelContact {
  readonly id: string;
  readonly fields: Record<Field, string>;
  /** Fields whose last write was an edit: the ones CORE-STATE-FIELDS compares. */
  readonly edited: Set<Field>;
  /** List properties an edit wrote, each with the entry it sent (undefined when it cleared the list): CORE-STATE-LISTS's. */
  readonly lists: Map<ListProperty, string | undefined>;
}

interface ContactWorld {
  /** The sequence's two industries: neither contains the other, and no other record has either. */
  readonly industries: readonly [string, string];
  /** Contacts the target holds, in creation order. */
  readonly contacts: ModelContact[];
  /** Every name the sequence gave, kept after a rename or a delete: another company must list none. */
  readonly names: Set<string>;
  /** The industries each contact of the sequence ever had, deleted ones included: a list showing one for another is a filter not applied. */
  readonly industriesHad: Map<string, Set<string>>;
}

/** A field a read shows empty: what an edit that empties fields it was not sent leaves (no write of the sequence sends an empty field). */
const shownEmpty = (value: unknown): boolean => value === '' || value === null;

/**
 * Rules of other checks whose facts the sequences see: a field an edit did not send found empty
 * (CORE-CONTACT-EDIT-PARTIAL), a contact listed for an industry it never had (CORE-CONTACTS-FILTER-INDUSTRY),
 * a never-edited contact in another company's list (CORE-ISOLATION-READ). Each is failed here on that read.
 */
const HANDED_OVER = ['CORE-CONTACT-EDIT-PARTIAL', 'CORE-CONTACTS-FILTER-INDUSTRY', 'CORE-ISOLATION-READ'] as const;

/** Never written since the add: a contact of this kind lets another company's read tell a company-blind list from a leak of edits. */
const neverEdited = (contact: ModelContact): boolean => contact.edited.size === 0 && contact.lists.size === 0;

/** A page of List contacts narrowed by an industry. */
async function listed(t: CheckContext, io: StepIo, industry: string, limit: number, page: number, slot: 'primary' | 'other' = 'primary') {
  return listedBy(t, io, { industry, limit, page }, slot);
}

/** A page of List contacts for a query. */
async function listedBy(t: CheckContext, io: StepIo, query: Record<string, string | number>, slot: 'primary' | 'other' = 'primary') {
  const path = '/contacts/index.json';
  return pageFrom<unknown>(t, path, await io.send(t.core('GET', path).as(slot).query(query)));
}

/** The body of a list edit and the key of the one entry it writes, or undefined when the account offers no value for the property. */
function listEdit(t: CheckContext, step: Extract<ContactStep, { op: 'edit-list' }>, account: AccountValues) {
  const { property, value, text } = step;
  if (step.clear) return { body: { [property]: '' }, key: undefined };
  const item = (() => {
    switch (property) {
      case 'ContactNumber':
        return { public_number: fictionalNumber(400 + value) };
      case 'ContactEmail':
        return { email: `${t.uniqueName()}@example.com` };
      case 'ContactsTag': {
        const tag = account.tags[value % Math.max(1, account.tags.length)];
        return tag === undefined ? undefined : { name: tag.name };
      }
      case 'ContactAttribute': {
        const id = account.attributeIds[value % Math.max(1, account.attributeIds.length)];
        return id === undefined ? undefined : { attribute_id: id, value: `v${text}` };
      }
    }
  })();
  return item === undefined ? undefined : { body: { [property]: [item] }, key: entryKey(property, item) };
}

/** Adds a contact of the sequence and puts it in the model. */
async function createContact(t: CheckContext, world: ContactWorld, io: StepIo, industry: string, title: string): Promise<ModelContact> {
  // Every field sent, none empty: a field read back empty was emptied by a write that did not send it.
  // A website looks like one, which a stricter server may ask of it (the spec gives a length only).
  const fields = {
    name: t.uniqueName(),
    title,
    company: 'added',
    industry,
    website: 'https://example.com/added',
    address: 'added',
    city: 'added',
    zip: 'added',
    state: 'added',
  };
  const ex = await sendStep(io, t, 'PUT', '/contacts/add.json', fields);
  t.expectOk(ex, 'creating a contact');
  const id = createdId(ex);
  t.prerequisite(id !== undefined, 'creating a contact returned its id neither in responseData.data.id (vendor reference) nor in responseData.id', ex);
  io.made(id as string);
  const contact: ModelContact = { id: id as string, fields, edited: new Set(), lists: new Map() };
  world.contacts.push(contact);
  world.names.add(fields.name);
  world.industriesHad.set(contact.id, new Set([industry]));
  return contact;
}

function contactModel(withOtherCompany: boolean, account: AccountValues): SequenceModel<ContactStep, ContactWorld> {
  // Weighted towards writes, which make the states worth reading; each read judges all that came before it.
  const create = fc.record({ op: fc.constant('create' as const), industry: side, title: text });
  // Only the properties the account gives a value for: an edit naming a tag the account lacks would make one.
  const properties = LIST_PROPERTIES.filter(
    (p) => (p !== 'ContactsTag' || account.tags.length > 0) && (p !== 'ContactAttribute' || account.attributeIds.length > 0),
  );
  const editList = fc.record({
    op: fc.constant('edit-list' as const),
    pick,
    property: fc.constantFrom(...properties),
    clear: fc.boolean(),
    value: fc.nat(99),
    text,
  });
  const steps: fc.WeightedArbitrary<ContactStep>[] = [
    { weight: 2, arbitrary: create },
    { weight: 5, arbitrary: fc.record({ op: fc.constant('edit' as const), pick, field: fc.constantFrom(...FIELDS), value: text, industry: side }) },
    { weight: 3, arbitrary: editList },
    { weight: 4, arbitrary: fc.record({ op: fc.constant('read' as const), pick }) },
    { weight: 2, arbitrary: fc.record({ op: fc.constant('delete' as const), pick }) },
    // One page holding every match, mostly; sometimes a short page, the first or the second.
    { weight: 2, arbitrary: fc.record({ op: fc.constant('list' as const), industry: side, limit: fc.constant(1000), page: fc.constant(1) }) },
    { weight: 1, arbitrary: fc.record({ op: fc.constant('list' as const), industry: side, limit: fc.constantFrom(1, 2), page: fc.constantFrom(1, 2) }) },
  ];
  if (withOtherCompany) steps.push({ weight: 2, arbitrary: fc.record({ op: fc.constant('foreign-list' as const), industry: side }) });
  if (account.tags.length > 0) steps.push({ weight: 1, arbitrary: fc.record({ op: fc.constant('tag-list' as const), tag: fc.nat(account.tags.length - 1) }) });
  const industryWord = (n: number): string => (n === 0 ? 'north' : 'south');
  const which = (n: number): string => pickedLabel('contact', n);

  const chosen = (world: ContactWorld, n: number): ModelContact | undefined => pickFromNewest(world.contacts, n);

  return {
    step: fc.oneof(...steps),
    opening: create,
    // A create costs its delete; a list the read of a contact it shows or misses wrongly; the closing's read with another company's key the contact it may make.
    cost: (step) => (step.op === 'foreign-list' && step.compared ? 3 : step.op === 'create' || step.op === 'list' || step.op === 'tag-list' ? 2 : 1),
    // Another company's read that may make the contact it compares with is not a read alone.
    reads: (step) => step.op === 'read' || step.op === 'list' || step.op === 'tag-list' || (step.op === 'foreign-list' && !step.compared),
    // Every sequence ends judging each rule once: a contact made if none is left, so that the lists show one (a
    // check that runs its closing steps alone starts with none), both industries listed whole, another company's
    // read, and edits of the newest contact, each field or list followed by another write, read back.
    closing(world) {
      const newest = world.contacts.at(-1);
      const side = newest ? world.industries.indexOf(newest.fields.industry) : 0;
      return [
        ...(newest ? [] : [{ op: 'create' as const, industry: 0, title: 'last' }]),
        { op: 'list', industry: 0, limit: 1000, page: 1 },
        { op: 'list', industry: 1, limit: 1000, page: 1 },
        { op: 'edit', pick: 0, field: 'name', value: 'last', industry: 0 },
        // A tag where the account has one: the same read judges CORE-STATE-LISTS, and the tag list then CORE-STATE-TAGGED.
        { op: 'edit-list', pick: 0, property: account.tags.length > 0 ? 'ContactsTag' : 'ContactNumber', clear: false, value: 0, text: 'last' },
        { op: 'edit', pick: 0, field: 'city', value: 'last', industry: 0 },
        ...(account.tags.length > 0 ? [{ op: 'tag-list' as const, tag: 0 }] : []),
        { op: 'read', pick: 0 },
        // After the edits: an edited contact is where a company-blind index of edits shows, beside one never edited.
        ...(withOtherCompany ? [{ op: 'foreign-list' as const, industry: Math.max(0, side), compared: true as const }] : []),
      ];
    },
    label(step) {
      switch (step.op) {
        case 'create':
          return `create a contact (title ${JSON.stringify(step.title)}, industry ${industryWord(step.industry)})`;
        case 'edit':
          return `edit ${which(step.pick)}: ${step.field}`;
        case 'edit-list':
          return `edit ${which(step.pick)}: ${step.clear ? `clear ${step.property}` : `one ${step.property} entry`}`;
        case 'read':
          return `read ${which(step.pick)}`;
        case 'delete':
          return `delete ${which(step.pick)}`;
        case 'list':
          return `list industry ${industryWord(step.industry)} (limit ${step.limit}, page ${step.page})`;
        case 'foreign-list':
          return `${step.compared ? 'make a contact never to be edited where none is left, then ' : ''}list industry ${industryWord(step.industry)} with another company's key`;
        case 'tag-list':
          return `list the contacts of tag ${account.tags[step.tag]?.name}`;
      }
    },

    start(t) {
      const base = t.uniqueName();
      return { industries: [`${base} north`, `${base} south`], contacts: [], names: new Set(), industriesHad: new Map() };
    },

    async run(t, world, step, io) {
      switch (step.op) {
        case 'create': {
          const contact = await createContact(t, world, io, world.industries[step.industry] as string, step.title);
          return `create contact ${contact.id} (title ${JSON.stringify(step.title)}, industry ${industryWord(step.industry)})`;
        }
        case 'edit': {
          const contact = chosen(world, step.pick);
          if (!contact) return undefined;
          // A name keeps the run's prefix, so a contact left behind is still found by it; an industry stays one of the two.
          const value =
            step.field === 'name'
              ? t.uniqueName()
              : step.field === 'industry'
                ? (world.industries[step.industry] as string)
                : step.field === 'website'
                  ? `https://example.com/${step.value}`
                  : step.value;
          const ex = await sendStep(io, t, 'POST', `/contacts/edit/${contact.id}.json`, { [step.field]: value });
          t.expectOk(ex, `editing contact ${contact.id}`);
          contact.fields[step.field] = value;
          contact.edited.add(step.field);
          if (step.field === 'name') world.names.add(value);
          if (step.field === 'industry') world.industriesHad.get(contact.id)?.add(value);
          return `edit contact ${contact.id}: ${step.field} = ${JSON.stringify(value)}`;
        }
        case 'edit-list': {
          const contact = chosen(world, step.pick);
          const edit = listEdit(t, step, account);
          if (!contact || !edit) return undefined;
          const ex = await sendStep(io, t, 'POST', `/contacts/edit/${contact.id}.json`, edit.body);
          t.expectOk(ex, `editing contact ${contact.id}`);
          contact.lists.set(step.property, edit.key);
          return `edit contact ${contact.id}: ${step.property} = ${JSON.stringify(edit.body[step.property])}`;
        }
        case 'read': {
          const contact = chosen(world, step.pick);
          if (!contact) return undefined;
          const ex = await sendStep(io, t, 'GET', `/contacts/show/${contact.id}.json`);
          t.expectOk(ex, `reading contact ${contact.id}`);
          const view = contactViewOf(ex);
          t.prerequisite(view !== undefined, 'Inspect a contact showed the contact neither in responseData.Contact (vendor reference) nor in responseData', ex);
          // What the add stored is CORE-CONTACT-EDIT-PARTIAL's to judge; this rule judges what edits wrote.
          for (const field of contact.edited) {
            if (!(field in (view?.fields ?? {}))) t.skip(`Inspect a contact does not show the field ${field}`);
            const shown = view?.fields[field];
            // Emptied, not reverted: an edit changed a field it was not sent, which one edit after the add shows.
            if (shownEmpty(shown)) {
              const why = `contact ${contact.id} shows ${field} empty, which no write sent: an edit that did not send it cleared it`;
              t.judge('CORE-CONTACT-EDIT-PARTIAL', false, why, ex);
              io.leave('CORE-STATE-FIELDS', `${why}, CORE-CONTACT-EDIT-PARTIAL's fact`);
              continue;
            }
            io.judge(
              'CORE-STATE-FIELDS',
              shown === contact.fields[field],
              () => `contact ${contact.id} shows ${field} ${JSON.stringify(shown)}; the last write that sent it set ${JSON.stringify(contact.fields[field])}`,
              ex,
            );
          }
          // Each list keeps the entry its last edit sent; whether it keeps others is the list checks' to judge.
          for (const [property, key] of contact.lists) {
            if (key === undefined) continue;
            const shown = view?.list(property);
            if (!Array.isArray(shown)) t.skip(`Inspect a contact does not show ${property} as a list`);
            judgeListHeld(t, io, contact, property, key, shown as unknown[], ex);
          }
          return `read contact ${contact.id}`;
        }
        case 'delete': {
          const contact = chosen(world, step.pick);
          if (!contact) return undefined;
          const ex = await sendStep(io, t, 'DELETE', `/contacts/delete/${contact.id}.json`);
          t.expectOk(ex, `deleting contact ${contact.id}`);
          world.contacts.splice(world.contacts.indexOf(contact), 1);
          return `delete contact ${contact.id}`;
        }
        case 'list': {
          const industry = world.industries[step.industry] as string;
          const { ex, page } = await listed(t, io, industry, step.limit, step.page);
          const ids = listedIds(page.data, 'Contact');
          if (ids === undefined) t.skip('List contacts items show no contact id (vendor reference item { Contact: { id } })');
          const shown = [...(ids ?? [])];
          const matches = world.contacts.filter((c) => c.fields.industry === industry).map((c) => c.id);
          const label = `list industry ${industryWord(step.industry)} (limit ${step.limit}, page ${step.page})`;
          // A contact that never had the industry (another record, or one of the sequence's) is a filter not applied: CORE-CONTACTS-FILTER-INDUSTRY's.
          const unfiltered = shown.find((id) => !world.industriesHad.get(id)?.has(industry));
          if (unfiltered !== undefined) {
            const why = `a list for industry ${JSON.stringify(industry)} showed contact ${unfiltered}, which never had it: a filter not applied, CORE-CONTACTS-FILTER-INDUSTRY's fact`;
            t.judge(
              'CORE-CONTACTS-FILTER-INDUSTRY',
              false,
              `List contacts with industry=${JSON.stringify(industry)} alone showed contact ${unfiltered}, which never had it`,
              ex,
            );
            io.leave('CORE-STATE-LISTED', why);
            io.leave('CORE-STATE-COUNT', why);
            return `${label}: lists contact ${unfiltered}, which never had this industry (a filter not applied), so judges nothing`;
          }
          const stranger = shown.find((id) => !matches.includes(id));
          // Only a page that must hold every match judges what is missing and the count: how pages split the
          // matches is the paging rules' (CORE-PAGE-*), and a broken page would fail them, not these.
          const whole = step.page === 1 && step.limit >= matches.length;
          const missing = whole ? matches.filter((id) => !shown.includes(id)) : [];
          // A contact listed or missing wrongly is read (only then): when the target holds it with the industry the list
          // implies, the list agrees with what the target holds, and the industry no write set is the fields' fact.
          const wrong = stranger ?? missing[0];
          if (wrong !== undefined) {
            const read = await sendStep(io, t, 'GET', `/contacts/show/${wrong}.json`);
            const held = read.status === 200 ? contactViewOf(read)?.fields.industry : undefined;
            if (held !== undefined && (held === industry) === (wrong === stranger)) {
              const why = `contact ${wrong} shows industry ${JSON.stringify(held)}, not the one its writes set, and the list agrees: CORE-STATE-FIELDS' or CORE-CONTACT-EDIT-PARTIAL's fact`;
              // What the contact holds against what its writes set is this check's own fields rule, judged on the read.
              const written = world.contacts.find((c) => c.id === wrong)?.fields.industry;
              // Emptied, no write sent it empty: an edit that did not send it cleared it, as on a read step.
              if (written !== undefined && shownEmpty(held))
                t.judge(
                  'CORE-CONTACT-EDIT-PARTIAL',
                  false,
                  `contact ${wrong} shows industry empty, which no write sent: an edit that did not send it cleared it`,
                  read,
                );
              else if (written !== undefined)
                io.judge(
                  'CORE-STATE-FIELDS',
                  held === written,
                  () => `contact ${wrong} shows industry ${JSON.stringify(held)}; the last write that sent it set ${JSON.stringify(written)}`,
                  read,
                );
              io.leave('CORE-STATE-LISTED', why);
              io.leave('CORE-STATE-COUNT', why);
              return `${label}: contact ${wrong} is ${wrong === stranger ? 'listed' : 'not listed'} as the industry ${JSON.stringify(held)} it shows, so judges nothing`;
            }
          }
          io.judge(
            'CORE-STATE-LISTED',
            stranger === undefined,
            () =>
              `contact ${stranger} is listed for industry ${JSON.stringify(industry)}, which ${matches.length === 0 ? 'no contact of the model has' : `only ${matches.join(', ')} of the model ${matches.length === 1 ? 'has' : 'have'}`} now`,
            ex,
          );
          io.judge(
            'CORE-STATE-LISTED',
            shown.length === page.data.length,
            `a contact is listed twice on one page: ${JSON.stringify(page.data.map((item) => recordOf(item, 'Contact')?.id))}`,
            ex,
          );
          if (whole) {
            io.judge(
              'CORE-STATE-LISTED',
              missing.length === 0,
              () =>
                `contact${missing.length === 1 ? '' : 's'} ${missing.join(', ')} of industry ${JSON.stringify(industry)} ${missing.length === 1 ? 'is' : 'are'} not listed on the one page that holds every match (limit ${step.limit})`,
              ex,
            );
            // A count that agrees with a wrong listing is the listing's fact; the count's own is one that disagrees with a right one.
            if (stranger !== undefined || shown.length !== page.data.length || missing.length > 0) {
              io.leave('CORE-STATE-COUNT', `the same read listed the wrong contacts, CORE-STATE-LISTED's fact`);
              return `${label}: ${matches.length} expected`;
            }
            io.judge(
              'CORE-STATE-COUNT',
              page.itemsCount === matches.length,
              () => `itemsCount is ${page.itemsCount}; the model has ${matches.length} contacts with this industry now (${matches.join(', ') || 'none'})`,
              ex,
            );
          }
          return `${label}: ${matches.length} expected`;
        }
        case 'tag-list': {
          const tag = account.tags[step.tag] as { id: string; name: string };
          const { ex, page } = await listedBy(t, io, { tag_id: tag.id, limit: 1000, page: 1 });
          const ids = listedIds(page.data, 'Contact');
          if (ids === undefined) t.skip('List contacts items show no contact id (vendor reference item { Contact: { id } })');
          // Only presence is judged: whether a contact that lost the tag drops out is the filter's and the list edits' to judge.
          const carrying = world.contacts.filter((c) => c.lists.get('ContactsTag') === tag.name).map((c) => c.id);
          const missing = carrying.filter((id) => !ids?.has(id));
          if (missing.length > 0 && page.pageCount > 1) return `list the contacts of tag ${tag.name}: more than one page, not judged`;
          // A missing contact is read (only then): one that no longer shows the tag lost it in an edit, CORE-STATE-LISTS' fact.
          const first = missing[0];
          if (first !== undefined) {
            const read = await sendStep(io, t, 'GET', `/contacts/show/${first}.json`);
            const tags = read.status === 200 ? contactViewOf(read)?.list('ContactsTag') : undefined;
            const contact = world.contacts.find((c) => c.id === first);
            if (Array.isArray(tags) && !tags.some((item) => entryKey('ContactsTag', item) === tag.name)) {
              // The contact lost a tag its last ContactsTag edit sent: judged on the read, as a read step judges it.
              if (contact) judgeListHeld(t, io, contact, 'ContactsTag', tag.name, tags, read);
              io.leave(
                'CORE-STATE-TAGGED',
                `contact ${first} no longer shows the tag ${JSON.stringify(tag.name)} an edit gave it, and the list agrees: CORE-STATE-LISTS' fact`,
              );
              return `list the contacts of tag ${tag.name}: contact ${first} is not listed, nor shows the tag, so judges nothing`;
            }
          }
          io.judge(
            'CORE-STATE-TAGGED',
            missing.length === 0,
            () =>
              `contact${missing.length === 1 ? '' : 's'} ${missing.join(', ')}, tagged ${JSON.stringify(tag.name)} by ${missing.length === 1 ? 'its' : 'their'} last ContactsTag edit, ${missing.length === 1 ? 'is' : 'are'} not listed for tag_id=${tag.id}`,
            ex,
          );
          return `list the contacts of tag ${tag.name}: ${carrying.length} of the sequence's expected`;
        }
        case 'foreign-list': {
          const industry = world.industries[step.industry] as string;
          // A contact never edited tells the two apart: listed too, the list ignores the company (CORE-ISOLATION-READ's fact);
          // left out, any of the run's contacts listed is a write that crossed the boundary. One is made where none is left.
          const unedited = world.contacts.find((c) => c.fields.industry === industry && neverEdited(c));
          const made = unedited || !step.compared ? undefined : await createContact(t, world, io, industry, 'control');
          const { ex, page } = await listed(t, io, industry, 1000, 1, 'other');
          const names = page.data.map((item) => recordOf(item, 'Contact')?.name);
          if (page.data.length > 0 && names.every((name) => name === undefined))
            t.skip("List contacts items show no name (vendor reference item { Contact: { name } }), so another company's list cannot be told apart");
          const ours = names.filter((name): name is string => typeof name === 'string' && world.names.has(name));
          const label = `${made ? `create contact ${made.id}, never to be edited, and ` : ''}list industry ${industryWord(step.industry)} with another company's key`;
          const controls = world.contacts.filter((c) => c.fields.industry === industry && neverEdited(c)).map((c) => c.fields.name);
          if (controls.length === 0) return `${label}: no contact of this industry left unedited to compare with, so judges nothing`;
          const control = controls.find((name) => ours.includes(name));
          if (control !== undefined) {
            t.judge(
              'CORE-ISOLATION-READ',
              false,
              `another company's key lists ${control}, a contact of the company under test never edited, for industry ${JSON.stringify(industry)}`,
              ex,
            );
            io.leave(
              'CORE-STATE-ISOLATION',
              `another company's key listed ${control}, never edited: a list that ignores the company, CORE-ISOLATION-READ's fact`,
            );
            return `${label}: lists ${control}, never edited (a list that ignores the company), so judges nothing`;
          }
          io.judge(
            'CORE-STATE-ISOLATION',
            ours.length === 0,
            () => `another company's key lists the run's contacts ${ours.join(', ')} for industry ${JSON.stringify(industry)}`,
            ex,
          );
          return label;
        }
      }
    },

    // Ten a request with Contact actions, as the lanes' ends delete contacts; one the batch did not delete goes alone.
    async clean(t, world, io) {
      const ids = world.contacts.map((c) => c.id);
      const { failed } = await deleteTogether(CONTACT_DELETIONS, t, ids, (request) => io.send(request));
      world.contacts.length = 0;
      if (failed.length > 0) throw new Error(`deleting the sequence's contacts: ${failed.join('; ')}`);
    },
  };
}

export const contactSequenceChecks = [
  defineCheck({
    id: 'core.stateful.contacts',
    title: 'random sequences of contact creates, edits, deletes, reads and lists agree with a model of the spec',
    surface: 'core',
    rules: ['CORE-STATE-LISTED', 'CORE-STATE-COUNT', 'CORE-STATE-FIELDS', 'CORE-STATE-LISTS', 'CORE-STATE-TAGGED', 'CORE-STATE-ISOLATION', ...HANDED_OVER],
    handsOver: HANDED_OVER,
    cost: {
      // A create costs its delete at the sequence's end, a list the read of a contact it shows or misses wrongly,
      // the closing's read with another company's key the contact never edited it may make; every other step one request. The closing
      // steps: two lists, a create when none is left, a field edit, a list edit, another field edit, the list of
      // the tag that edit gave, the read, and another company's read.
      // Its closing steps judge every rule in every sequence, and most find their fault there: 4 sequences find what 10 would.
      // Another company's read (3) closes a sequence only where the target gives its key pair.
      sequences: {
        requestsPerStep: 2,
        setupRequests: 0,
        closingRequests: 15,
        closingWithKeyOnly: { key: 'other', requests: 3 },
        most: 4,
      },
      requests: 0,
    },
    records: {
      // The tag and attribute reads the list edits take their values from, shared with the lane's other checks.
      shares: [FIRST_TAGS, ATTRIBUTES],
    },
    async run(t) {
      const other = t.hasKey('other');
      if (!other) t.skipRule('CORE-STATE-ISOLATION', "needs CC_OTHER_KEY_ID: another company's list is read with it");
      // Read as they come: a target that shows no tag or attribute leaves that property out of the sequences; the others still judge CORE-STATE-LISTS.
      const tags = await t.shared(FIRST_TAGS);
      const attributes = await t.shared(ATTRIBUTES);
      const account = {
        tags: tags.status === 200 ? tagsIn(tags) : [],
        attributeIds: attributes.status === 200 ? attributeIdsIn(attributes) : [],
      };
      const unwritten = [
        account.tags.length === 0 ? 'ContactsTag (the tag list shows no tag)' : '',
        account.attributeIds.length === 0 ? 'ContactAttribute (the account shows no attribute)' : '',
      ].filter(Boolean);
      if (unwritten.length > 0) t.note('CORE-STATE-LISTS', `not written, so not judged: ${unwritten.join('; ')}`);
      if (account.tags.length === 0)
        t.skipRule('CORE-STATE-TAGGED', 'the tag list (GET /tags/index.json, vendor reference) shows no tag a contact may be given by name');
      await runSequences(t, contactModel(other, account));
    },
  }),
];
