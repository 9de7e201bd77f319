import { isDeepStrictEqual } from 'node:util';
import type { Company, Contact } from '../../state/model.ts';
import { nextId, type MockState } from '../../state/model.ts';
import { iso } from '../../state/seed-tools.ts';
import { COUNTRY_IDS } from '../../state/countries.ts';
import type { Dialect } from '../../dialect.ts';
import type { Faults } from '../../faults/registry.ts';
import { CONTACT_MAX_LENGTHS, EXTERNAL_URL_MAX_ITEMS } from '../../../lib/contract/limits.ts';
import type { FieldErrors } from './replies.ts';
import { addError, checkReadOnly, checkString, clearableInteger, integerId, isE164ish, isEmail, isObject, rejectUnknown, withIds } from './validate.ts';

type ScalarField = keyof typeof CONTACT_MAX_LENGTHS;
const SCALARS = Object.keys(CONTACT_MAX_LENGTHS) as ScalarField[];
const LISTS = ['ExternalUrl', 'ContactNumber', 'ContactEmail', 'ContactsTag', 'ContactAttribute'] as const;
const KNOWN = new Set<string>([...SCALARS, 'country_id', 'favorite_agent', ...LISTS]);
/** What Inspect a contact lists beside the payload's fields: a contact read and written back sends them too. */
const LISTED_READ_ONLY = ['id', 'created', 'modified'] as const;
const KNOWN_ON_EDIT = new Set<string>([...KNOWN, ...LISTED_READ_ONLY]);

/** A validated change to a contact; applying it cannot fail. */
export type ContactChange = (contact: Contact) => void;

function listItems(body: Record<string, unknown>, field: string, errors: FieldErrors): Record<string, unknown>[] | null | undefined {
  const value = body[field];
  if (value === undefined) return undefined;
  if (value === '') return null;
  if (!Array.isArray(value) || !value.every(isObject)) {
    addError(errors, field, 'Must be an array of objects, or an empty string to clear.');
    return undefined;
  }
  return value;
}

/**
 * Validates a contact payload (edit, or add when `creating`) against the company, collecting every
 * field error; returns the change to apply when the payload is valid. `editing`, the contact an edit
 * names, lets the edit take back the fields Inspect a contact lists beside the payload's, unchanged.
 */
export function parseContactPayload(
  state: MockState,
  company: Company,
  raw: unknown,
  faults: Faults,
  creating: boolean,
  dialect: Dialect,
  editing?: Contact,
): { ok: true; change: ContactChange } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  if (!isObject(raw)) return { ok: false, errors: { body: ['Must be a JSON object.'] } };
  const body = withIds(raw, ['country_id', 'favorite_agent']);
  rejectUnknown(body, editing ? KNOWN_ON_EDIT : KNOWN, errors);
  if (editing) checkReadOnly(raw, { id: String(editing.id), created: editing.created, modified: editing.modified }, errors);
  const slack = faults.on('contact-length-off-by-one') ? 1 : 0;
  for (const field of SCALARS) checkString(body, field, CONTACT_MAX_LENGTHS[field] + slack, errors, creating && field === 'name');
  if (dialect === 'variant') checkForms(body, errors);

  let countryId: number | null | undefined;
  if (faults.on('contact-types-unchecked') && typeof body.country_id === 'string' && body.country_id !== '') countryId = null;
  else countryId = clearableInteger(body, 'country_id', errors);
  if (typeof countryId === 'number' && !COUNTRY_IDS.has(countryId)) addError(errors, 'country_id', 'Unknown country.');
  // Under the fault a favorite_agent of the wrong type is dropped silently instead of refused.
  const wrongTypeDropped = faults.on('favorite-agent-type-unchecked') && body.favorite_agent !== '' && !Number.isInteger(body.favorite_agent);
  const favorite = wrongTypeDropped ? undefined : clearableInteger(body, 'favorite_agent', errors);
  if (typeof favorite === 'number' && !company.agents.has(favorite)) addError(errors, 'favorite_agent', 'Unknown agent.');

  const urls = listItems(body, 'ExternalUrl', errors);
  if (urls && urls.length > EXTERNAL_URL_MAX_ITEMS + (faults.on('externalurl-max-4') ? 1 : 0))
    addError(errors, 'ExternalUrl', `At most ${EXTERNAL_URL_MAX_ITEMS} items.`);
  // Neither document requires an item's name (the vendor caps it at 30 characters); without a url an item links nowhere.
  for (const item of urls ?? []) {
    if ((item.name !== undefined && (typeof item.name !== 'string' || item.name.length > 30)) || typeof item.url !== 'string') {
      addError(errors, 'ExternalUrl', 'Each item needs a url string, and a name string of at most 30 characters if it has one.');
    }
  }
  const numbers = listItems(body, 'ContactNumber', errors);
  for (const item of numbers ?? []) if (!isE164ish(publicNumber(item.public_number))) addError(errors, 'ContactNumber', 'Please supply only valid numbers.');
  const emails = listItems(body, 'ContactEmail', errors);
  for (const item of emails ?? []) {
    if (!(faults.on('contact-email-unchecked') ? typeof item.email === 'string' : isEmail(item.email)))
      addError(errors, 'ContactEmail', 'Please supply a valid email address.');
  }
  const tags = listItems(body, 'ContactsTag', errors);
  for (const item of tags ?? [])
    if (typeof item.name !== 'string' || item.name.trim() === '' || item.name.length > 255) addError(errors, 'ContactsTag', 'Each tag needs a name.');
  const attributes = listItems(body, 'ContactAttribute', errors);
  for (const item of attributes ?? []) {
    const attributeId = integerId(item.attribute_id);
    const known = attributeId !== undefined && company.attributes.some((a) => a.id === attributeId);
    if (!known || typeof item.value !== 'string' || item.value.length > 255)
      addError(errors, 'ContactAttribute', 'Each item needs a known attribute_id and a value of at most 255 characters.');
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };

  // Fault switches model a server that gets the edit semantics wrong; all off, this is the spec's behaviour.
  const overwriteUnsent = !creating && faults.on('edit-contact-overwrites-unsent');
  const clearUnsentWebsite = !creating && faults.on('edit-contact-clears-unsent-website');
  const dropUnsentLinks = !creating && faults.on('edit-contact-drops-unsent-external-urls');
  const ignoreEmpty = faults.on('edit-contact-empty-ignored');
  const ignoreListClear = faults.on('edit-contact-list-empty-ignored');
  // Each of these faults' servers leaves one list property unchanged on an empty string, and clears the others.
  const clearIgnored = {
    numbers: faults.on('edit-contact-numbers-empty-ignored'),
    emails: faults.on('edit-contact-emails-empty-ignored'),
    tags: faults.on('edit-contact-tags-empty-ignored'),
    attributes: faults.on('edit-contact-attributes-empty-ignored'),
  };
  const appendAll = faults.on('edit-contact-list-appends');
  const appendTagsAttributes = faults.on('edit-contact-tags-attributes-append');
  function list<T>(
    sent: Record<string, unknown>[] | null | undefined,
    current: T[],
    map: (item: Record<string, unknown>) => T,
    append = appendAll,
    keptOnClear = false,
  ): T[] {
    if (sent === undefined || (sent === null && (ignoreListClear || keptOnClear))) return current;
    const mapped = (sent ?? []).map(map);
    return append && sent !== null ? [...current, ...mapped] : mapped;
  }
  // An empty string (null here) still clears under the fault: only a list of several tags is cut.
  const sentTags = faults.on('contact-tags-first-only') && tags ? tags.slice(0, 1) : tags;
  return {
    ok: true,
    change: (contact) => {
      for (const field of SCALARS) {
        const value = body[field];
        if (typeof value === 'string' && !(value === '' && ignoreEmpty)) contact[field] = value;
        else if (value === undefined && (overwriteUnsent || (clearUnsentWebsite && field === 'website'))) contact[field] = '';
      }
      if (countryId !== undefined) contact.country_id = countryId;
      if (favorite !== undefined) contact.favorite_agent = favorite;
      contact.external_urls =
        urls === undefined && dropUnsentLinks
          ? []
          : list(urls, contact.external_urls, (u) => ({ ...(u.name === undefined ? {} : { name: u.name as string }), url: u.url as string }));
      contact.numbers = list(numbers, contact.numbers, (n) => publicNumber(n.public_number) as string, appendAll, clearIgnored.numbers);
      contact.emails = list(emails, contact.emails, (e) => e.email as string, appendAll, clearIgnored.emails);
      contact.tags = list(
        sentTags,
        contact.tags,
        (t) => tagIdByName(state, company, (t.name as string).trim()),
        appendAll || appendTagsAttributes,
        clearIgnored.tags,
      );
      contact.attributes = list(
        attributes,
        contact.attributes,
        (a) => ({ attribute_id: integerId(a.attribute_id) as number, value: a.value as string }),
        appendAll || appendTagsAttributes,
        clearIgnored.attributes,
      );
    },
  };
}

/**
 * Applies a valid edit; `modified` moves only when a field of the contact changed, so a contact read and
 * written back unchanged still lists what it was given.
 */
export function applyContactEdit(contact: Contact, change: ContactChange): void {
  const before = structuredClone(contact);
  change(contact);
  if (!isDeepStrictEqual(before, contact)) contact.modified = iso(Date.now());
}

/**
 * A contact number as sent: the spec's string, or the same digits as an integer, as the vendor reference's
 * own examples send it (`"public_number": 421901123456`), stored in E.164 with its plus.
 */
function publicNumber(value: unknown): unknown {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? `+${value}` : value;
}

/**
 * The spec gives website and zip a length only; the `variant` dialect also wants them to look like what they
 * are, as a stricter server would: an http(s) URL, and a ZIP code of letters, digits, spaces and hyphens.
 */
function checkForms(body: Record<string, unknown>, errors: FieldErrors): void {
  const { website, zip } = body;
  if (typeof website === 'string' && website !== '' && !/^https?:\/\/[^\s/]+\.[^\s]+$/.test(website)) addError(errors, 'website', 'Please supply a valid URL.');
  if (typeof zip === 'string' && zip !== '' && !/^[A-Za-z0-9][A-Za-z0-9 -]*$/.test(zip)) addError(errors, 'zip', 'Please supply a valid ZIP code.');
}

/** Contact tags are named; a name the company has not used yet becomes a new tag. */
export function tagIdByName(state: MockState, company: Company, name: string): number {
  for (const tag of company.tags.values()) if (tag.name === name && !tag.archived) return tag.id;
  const id = nextId(state, 'tag');
  company.tags.set(id, { id, name, color: null, archived: false });
  return id;
}

export function emptyContact(id: number, now: string): Contact {
  return {
    id,
    name: '',
    title: '',
    company: '',
    industry: '',
    website: '',
    address: '',
    city: '',
    zip: '',
    state: '',
    country_id: null,
    favorite_agent: null,
    external_urls: [],
    numbers: [],
    emails: [],
    tags: [],
    attributes: [],
    created: now,
    modified: now,
  };
}

export const CONTACT_SCALARS = SCALARS;
export const CONTACT_LISTS = LISTS;
