import fc from 'fast-check';
import { defineCheck } from '../../lib/checks/define.js';
import type { CheckContext } from '../../lib/checks/context.js';
import { INVALID_EMAIL_BOUNDARIES, lengthAround, notAnEmail, plainEmail, plainText } from '../../lib/fuzz/arbitraries.js';
import { explore } from '../../lib/fuzz/property.js';
import type { Exchange } from '../../lib/http/exchange.js';
import { CONTACT_MAX_LENGTHS, type ContactLengthField, EXTERNAL_URL_MAX_ITEMS } from '../../lib/spec/limits.js';
import { createContact, fictionalNumber, isCleared, namesField, readPage, showContact, UNKNOWN_ID } from './fixtures.js';

type LengthField = ContactLengthField;
const LENGTH_FIELDS = Object.keys(CONTACT_MAX_LENGTHS) as LengthField[];

const edit = (t: CheckContext, id: string, body: unknown): Promise<Exchange> => t.core('POST', `/contacts/edit/${id}.json`).json(body).send();

/** An edit that must be accepted: 200 and the acknowledgement. */
function expectAccepted(t: CheckContext, rule: string, ex: Exchange, what: string): void {
  t.check(rule, ex.status === 200, () => `${what} must be accepted with 200, got ${ex.status}`, ex);
}

/** An edit that must be refused: 406 'Invalid input data.' naming the field. */
function expectRefused(t: CheckContext, rule: string, ex: Exchange, field: string, what: string): void {
  t.expectCoreError(rule, ex, 406, 'Invalid input data.');
  t.check(rule, namesField(ex, field), () => `the 406 for ${what} does not name ${field} in responseData.data`, ex);
}

/** The name of a tag the company already has, so editing contacts creates no tags of ours. */
async function existingTagName(t: CheckContext): Promise<string | undefined> {
  return t.session.memo('core.tag-name', async () => {
    const { page } = await readPage<{ Tag?: { name?: string } }>(t, '/tags/index.json', { limit: 1 });
    return page.data[0]?.Tag?.name;
  });
}

async function attributeId(t: CheckContext): Promise<number | undefined> {
  return t.session.memo('core.attribute-id', async () => {
    const ex = await t.core('GET', '/contacts/attributes.json').send();
    const list = (ex.json as { responseData?: { ContactAttribute?: { id?: unknown } }[] } | undefined)?.responseData;
    const id = Array.isArray(list) ? list[0]?.ContactAttribute?.id : undefined;
    return id === undefined ? undefined : Number(id);
  });
}

export const contactChecks = [
  defineCheck({
    id: 'core.contacts.edit-partial',
    title: 'Edit contact updates only the fields sent',
    surface: 'core',
    rules: ['CORE-CONTACT-EDIT-PARTIAL'],
    maxRequests: 3,
    async run(t) {
      const id = await createContact(t, { title: 'Ing.', city: 'Bratislava', industry: 'it' });
      const ex = await edit(t, id, { title: 'Dr.' });
      t.expectOk(ex, 'editing the title');
      const view = await showContact(t, id);
      t.expectEqual('CORE-CONTACT-EDIT-PARTIAL', view.Contact.title, 'Dr.', 'the sent title');
      t.expectEqual('CORE-CONTACT-EDIT-PARTIAL', [view.Contact.city, view.Contact.industry], ['Bratislava', 'it'], 'city and industry, not sent');
    },
  }),

  defineCheck({
    id: 'core.contacts.edit-clear-scalar',
    title: 'an empty string clears a scalar field',
    surface: 'core',
    rules: ['CORE-CONTACT-EDIT-CLEAR-SCALAR'],
    maxRequests: 3,
    async run(t) {
      const id = await createContact(t, { city: 'Prague', zip: '11000' });
      t.expectOk(await edit(t, id, { city: '' }), 'clearing city');
      const view = await showContact(t, id);
      t.check('CORE-CONTACT-EDIT-CLEAR-SCALAR', isCleared(view.Contact.city), `city after clearing is ${JSON.stringify(view.Contact.city)}`);
      t.expectEqual('CORE-CONTACT-EDIT-CLEAR-SCALAR', view.Contact.zip, '11000', 'zip, not sent');
    },
  }),

  defineCheck({
    id: 'core.contacts.edit-clear-list',
    title: 'an empty string clears a list property',
    surface: 'core',
    rules: ['CORE-CONTACT-EDIT-CLEAR-LIST'],
    maxRequests: 5,
    async run(t) {
      const tag = await existingTagName(t);
      const attribute = await attributeId(t);
      const lists: Record<string, unknown> = {
        ContactNumber: [{ public_number: fictionalNumber(11) }],
        ContactEmail: [{ email: `${t.session.uniqueName()}@example.com` }],
        ...(tag !== undefined ? { ContactsTag: [{ name: tag }] } : {}),
        ...(attribute !== undefined ? { ContactAttribute: [{ attribute_id: attribute, value: '42' }] } : {}),
      };
      const id = await createContact(t, lists);
      t.expectOk(await edit(t, id, Object.fromEntries(Object.keys(lists).map((k) => [k, '']))), 'clearing the lists');
      const view = await showContact(t, id);
      for (const key of Object.keys(lists)) {
        const value = (view as unknown as Record<string, unknown>)[key];
        t.check('CORE-CONTACT-EDIT-CLEAR-LIST', value === undefined || (Array.isArray(value) && value.length === 0), `${key} after clearing is ${JSON.stringify(value)}`);
      }
      t.note('CORE-CONTACT-EDIT-CLEAR-LIST', `cleared: ${Object.keys(lists).join(', ')}`);
    },
  }),

  defineCheck({
    id: 'core.contacts.edit-replace-list',
    title: 'sent list entries replace all others',
    surface: 'core',
    rules: ['CORE-CONTACT-EDIT-REPLACE-LIST'],
    maxRequests: 3,
    async run(t) {
      const [a, b, c] = [fictionalNumber(21), fictionalNumber(22), fictionalNumber(23)];
      const mails = [1, 2].map((n) => `${t.session.uniqueName()}-${n}@example.com`);
      const id = await createContact(t, { ContactNumber: [{ public_number: a }, { public_number: b }], ContactEmail: mails.map((email) => ({ email })) });
      t.expectOk(await edit(t, id, { ContactNumber: [{ public_number: c }], ContactEmail: [{ email: mails[1] }] }), 'replacing the lists');
      const view = await showContact(t, id);
      const digits = (v: unknown) => String(v).replace(/^\+/, '');
      t.expectEqual('CORE-CONTACT-EDIT-REPLACE-LIST', (view.ContactNumber ?? []).map((n) => digits(n.public_number)), [digits(c)], 'ContactNumber after replacing');
      t.expectEqual('CORE-CONTACT-EDIT-REPLACE-LIST', (view.ContactEmail ?? []).map((e) => e.email), [mails[1]], 'ContactEmail after replacing');
    },
  }),

  defineCheck({
    id: 'core.contacts.edit-unknown',
    title: "editing an unknown contact: 404 'Not found.'",
    surface: 'core',
    rules: ['CORE-CONTACT-EDIT-404'],
    maxRequests: 1,
    async run(t) {
      t.expectCoreError('CORE-CONTACT-EDIT-404', await edit(t, String(UNKNOWN_ID), { name: 'x' }), 404, 'Not found.');
    },
  }),

  defineCheck({
    id: 'core.contacts.edit-invalid',
    title: "invalid input: 406 'Invalid input data.' with field messages",
    surface: 'core',
    rules: ['CORE-CONTACT-EDIT-406'],
    maxRequests: 2,
    async run(t) {
      const id = await createContact(t);
      const ex = await edit(t, id, { name: 'x'.repeat(CONTACT_MAX_LENGTHS.name + 1) });
      t.expectSchema('CORE-CONTACT-EDIT-406', ex, 'core/invalid-input');
      t.check('CORE-CONTACT-EDIT-406', namesField(ex, 'name'), 'responseData.data does not name the field name', ex);
    },
  }),

  defineCheck({
    id: 'core.contacts.field-lengths',
    title: 'contact field lengths: maximum accepted, one more refused (fuzzed)',
    surface: 'core',
    rules: ['CORE-CONTACT-FIELD-LENGTHS'],
    maxRequests: 1 + 1 + LENGTH_FIELDS.length + 3,
    async run(t) {
      const rule = 'CORE-CONTACT-FIELD-LENGTHS';
      const id = await createContact(t);
      // All maxima in one edit; every over-length value alone, so a refusal names one field.
      const atMax = Object.fromEntries(LENGTH_FIELDS.map((f) => [f, 'm'.repeat(CONTACT_MAX_LENGTHS[f])]));
      expectAccepted(t, rule, await edit(t, id, atMax), 'every field at its maximum length');
      const cases = LENGTH_FIELDS.flatMap((field) => lengthAround(CONTACT_MAX_LENGTHS[field]).boundaries.filter((n) => n > CONTACT_MAX_LENGTHS[field]).map((length) => ({ field, length })));
      await explore(t, {
        arbitrary: fc.constantFrom(...LENGTH_FIELDS).chain((field) => lengthAround(CONTACT_MAX_LENGTHS[field]).arbitrary.filter((n) => n >= 1).map((length) => ({ field, length }))),
        boundaries: cases,
        randomRuns: 3,
        property: async ({ field, length }) => {
          const value = fc.sample(plainText(length), { numRuns: 1, seed: t.seed + length })[0] as string;
          const ex = await edit(t, id, { [field]: value });
          if (length <= CONTACT_MAX_LENGTHS[field]) expectAccepted(t, rule, ex, `${field} of ${length} characters`);
          else expectRefused(t, rule, ex, field, `${field} of ${length} characters (max ${CONTACT_MAX_LENGTHS[field]})`);
        },
      });
    },
  }),

  defineCheck({
    id: 'core.contacts.externalurl-max',
    title: 'ExternalUrl: 3 items accepted, 4 refused',
    surface: 'core',
    rules: ['CORE-CONTACT-EXTERNALURL-MAX'],
    maxRequests: 4,
    async run(t) {
      const rule = 'CORE-CONTACT-EXTERNALURL-MAX';
      const id = await createContact(t);
      const urls = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `CRM${i}`, url: `https://crm.example.com/c/${i}` }));
      await explore(t, {
        arbitrary: fc.integer({ min: 0, max: 6 }),
        boundaries: [EXTERNAL_URL_MAX_ITEMS, EXTERNAL_URL_MAX_ITEMS + 1],
        randomRuns: 1,
        property: async (count) => {
          const ex = await edit(t, id, { ExternalUrl: urls(count) });
          if (count <= EXTERNAL_URL_MAX_ITEMS) expectAccepted(t, rule, ex, `${count} ExternalUrl items`);
          else expectRefused(t, rule, ex, 'ExternalUrl', `${count} ExternalUrl items`);
        },
      });
    },
  }),

  defineCheck({
    id: 'core.contacts.email',
    title: 'ContactEmail must be a valid address (fuzzed)',
    surface: 'core',
    rules: ['CORE-CONTACT-EMAIL-VALID'],
    maxRequests: 1 + 1 + INVALID_EMAIL_BOUNDARIES.length + 3,
    async run(t) {
      const rule = 'CORE-CONTACT-EMAIL-VALID';
      const id = await createContact(t);
      await explore(t, {
        arbitrary: fc.oneof(plainEmail().map((email) => ({ email, valid: true })), notAnEmail().map((email) => ({ email, valid: false }))),
        boundaries: [{ email: 'first.last@example.com', valid: true }, ...INVALID_EMAIL_BOUNDARIES.map((email) => ({ email, valid: false }))],
        randomRuns: 3,
        property: async ({ email, valid }) => {
          const ex = await edit(t, id, { ContactEmail: [{ email }] });
          if (valid) expectAccepted(t, rule, ex, `e-mail ${JSON.stringify(email)}`);
          else expectRefused(t, rule, ex, 'mail', `e-mail ${JSON.stringify(email)}`);
        },
      });
    },
  }),

  defineCheck({
    id: 'core.contacts.types',
    title: 'a field of the wrong type is refused with 406',
    surface: 'core',
    rules: ['CORE-CONTACT-FIELD-TYPES'],
    maxRequests: 4,
    async run(t) {
      const id = await createContact(t);
      for (const value of ['abc', true, { id: 1 }]) {
        expectRefused(t, 'CORE-CONTACT-FIELD-TYPES', await edit(t, id, { country_id: value }), 'country_id', `country_id ${JSON.stringify(value)}`);
      }
    },
  }),
];
