import fc from 'fast-check';
import { defineCheck } from '../../../lib/checks/define.ts';
import type { CheckContext } from '../../../lib/checks/context.ts';
import { INVALID_EMAIL_BOUNDARIES, INVALID_EMAIL_SAMPLES, lengthAround, notAnEmail, plainEmail } from '../../../lib/fuzz/arbitraries.ts';
import { explore } from '../../../lib/fuzz/property.ts';
import type { Exchange } from '../../../lib/http/exchange.ts';
import { CONTACT_MAX_LENGTHS, type ContactLengthField, EXTERNAL_URL_MAX_ITEMS } from '../../../lib/contract/limits.ts';
import {
  CONTACT_LIST_PROPERTIES,
  contactEntryKey,
  createContact,
  isCleared,
  leavesContacts,
  namesField,
  showContact,
  shownField,
  shownList,
} from '../fixtures/steps.ts';
import { fictionalNumber } from '../../shared/inert-values.ts';
import { isObject } from '../../shared/json.ts';
import { recordOf } from '../../shared/core-reads.ts';
import type { RuleId } from '../../../lib/rules/index.ts';
import {
  COUNTRY_ID_WRONG_TYPES,
  CONTACT_REFUSALS,
  editsRefusingTogether,
  externalUrls,
  judgedTogether,
  overLength,
  shortestValue,
  valueOfLength,
} from '../fixtures/refusals-together.ts';
import { ATTRIBUTES, FIRST_TAGS, pooledContact, sharedList, UNKNOWN_CONTACT_EDIT } from '../fixtures/shared-records.ts';

type LengthField = ContactLengthField;

/**
 * A value for every scalar of the contact edit payload with a length (Limits) but the name, which carries the
 * run's prefix: each one no server rewrites, within its length.
 */
const EVERY_SCALAR_BUT_NAME: Readonly<Record<Exclude<LengthField, 'name'>, string>> = {
  title: 'Ing.',
  company: 'Conformance Ltd',
  industry: 'it',
  website: 'https://example.com/contact',
  address: 'Main Street 1',
  city: 'Bratislava',
  zip: '81101',
  state: 'Bratislava Region',
};
const LENGTH_FIELDS = Object.keys(CONTACT_MAX_LENGTHS) as LengthField[];

/** A list property holding at least one entry. */
function isFilled(value: unknown): boolean {
  return Array.isArray(value) && value.length > 0;
}

const recordField = (item: unknown, field: string): unknown => (isObject(item) ? item[field] : undefined);

const edit = (t: CheckContext, id: string, body: unknown): Promise<Exchange> => t.core('POST', `/contacts/edit/${id}.json`).json(body).send();

/** An edit that must be accepted: 200 and the acknowledgement. */
function expectAccepted(t: CheckContext, rule: RuleId, ex: Exchange, what: string): void {
  t.check(rule, ex.status === 200, () => `${what} must be accepted with 200, got ${ex.status}`, ex);
}

/** An edit that must be refused: 406 'Invalid input data.' naming the field. */
function expectRefused(t: CheckContext, rule: RuleId, ex: Exchange, field: string, what: string): void {
  t.expectCoreError(rule, ex, 406, 'Invalid input data.');
  t.check(rule, namesField(ex, field), () => `the 406 for ${what} does not name ${field} in responseData.data`, ex);
}

/** The name of a tag the company already has, so editing contacts creates no tags of ours (vendor reference list, shared). */
async function existingTagName(t: CheckContext): Promise<string | undefined> {
  const { items } = await sharedList(t, FIRST_TAGS);
  const name = recordOf(items[0], 'Tag')?.name;
  return typeof name === 'string' ? name : undefined;
}

/** A contact attribute of the company (vendor reference path and item shape, shared), or undefined when none can be read. */
async function attributeId(t: CheckContext): Promise<number | undefined> {
  const ex = await t.shared(ATTRIBUTES);
  const list = isObject(ex.json) ? ex.json.responseData : undefined;
  const id = Number(Array.isArray(list) ? recordOf(list[0], 'ContactAttribute')?.id : undefined);
  return Number.isInteger(id) ? id : undefined;
}

export const contactChecks = [
  defineCheck({
    id: 'core.contacts.edit-partial',
    title: 'Edit contact updates only the fields sent: every other scalar and list reads back as before',
    surface: 'core',
    rules: ['CORE-CONTACT-EDIT-PARTIAL'],
    cost: { requests: { 'the contact': 1, 'its reads before and after the edit': 2, 'the edit': 1 } },
    records: {
      shares: [FIRST_TAGS, ATTRIBUTES],
      batched: leavesContacts(1),
    },
    async run(t) {
      const rule = 'CORE-CONTACT-EDIT-PARTIAL';
      // Every scalar the payload names with a length and every list the account gives a value for, set on create.
      const tag = await existingTagName(t);
      const attribute = await attributeId(t);
      const scalars: Record<string, string> = { name: t.uniqueName(), ...EVERY_SCALAR_BUT_NAME };
      const id = await createContact(t, {
        ...scalars,
        ExternalUrl: [{ name: 'crm', url: 'https://example.com/crm/1' }],
        ContactNumber: [{ public_number: fictionalNumber(12) }],
        ContactEmail: [{ email: `${t.uniqueName()}@example.com` }],
        ...(tag !== undefined ? { ContactsTag: [{ name: tag }] } : {}),
        ...(attribute !== undefined ? { ContactAttribute: [{ attribute_id: attribute, value: '42' }] } : {}),
      });
      // Read before the edit: what the edit must keep is what the contact held, however the add stored it.
      const before = await showContact(t, id);
      t.expectOk(await edit(t, id, { title: 'Dr.' }), 'editing the title');
      const after = await showContact(t, id);
      t.expectEqual(rule, shownField(t, after, 'title'), 'Dr.', 'the sent title');
      const unshown: string[] = [];
      for (const field of Object.keys(scalars).filter((f) => f !== 'title')) {
        if (!(field in before.fields)) unshown.push(field);
        else t.expectEqual(rule, after.fields[field], before.fields[field], `${field}, not sent`);
      }
      for (const property of CONTACT_LIST_PROPERTIES) {
        const held = before.list(property);
        if (!Array.isArray(held)) unshown.push(property);
        else {
          const keys = (list: unknown) => (Array.isArray(list) ? list.map((item) => contactEntryKey(property, item)).sort() : list);
          t.expectEqual(rule, keys(after.list(property)), keys(held), `${property}, not sent (its entries by key)`);
        }
      }
      t.note(
        rule,
        `compared after editing title: ${8 - unshown.filter((f) => f in scalars).length} of the 8 other scalars and ${CONTACT_LIST_PROPERTIES.length - unshown.filter((f) => !(f in scalars)).length} of the ${CONTACT_LIST_PROPERTIES.length} lists${unshown.length > 0 ? `; Inspect a contact does not show ${unshown.join(', ')}` : ''}`,
      );
    },
  }),

  defineCheck({
    id: 'core.contacts.edit-clear-scalar',
    title: 'an empty string clears a scalar field',
    surface: 'core',
    rules: ['CORE-CONTACT-EDIT-CLEAR-SCALAR'],
    cost: { requests: 3 },
    records: { batched: leavesContacts(1) },
    async run(t) {
      const id = await createContact(t, { city: 'Prague', zip: '11000' });
      t.expectOk(await edit(t, id, { city: '' }), 'clearing city');
      const view = await showContact(t, id);
      // zip, not sent, must still be shown: a view that shows no fields would make every field look cleared.
      t.expectEqual('CORE-CONTACT-EDIT-CLEAR-SCALAR', shownField(t, view, 'zip'), '11000', 'zip, not sent');
      t.check('CORE-CONTACT-EDIT-CLEAR-SCALAR', isCleared(view.fields.city), `city after clearing is ${JSON.stringify(view.fields.city)}`);
    },
  }),

  defineCheck({
    id: 'core.contacts.edit-clear-list',
    title: 'an empty string clears a list property',
    surface: 'core',
    rules: ['CORE-CONTACT-EDIT-CLEAR-LIST'],
    cost: { requests: { 'the contact': 1, 'its reads before and after the clearing edit': 2, 'the clearing edit': 1 } },
    records: {
      shares: [FIRST_TAGS, ATTRIBUTES],
      batched: leavesContacts(1),
    },
    async run(t) {
      const rule = 'CORE-CONTACT-EDIT-CLEAR-LIST';
      const tag = await existingTagName(t);
      const attribute = await attributeId(t);
      const lists: Record<string, unknown> = {
        ContactNumber: [{ public_number: fictionalNumber(11) }],
        ContactEmail: [{ email: `${t.uniqueName()}@example.com` }],
        ...(tag !== undefined ? { ContactsTag: [{ name: tag }] } : {}),
        ...(attribute !== undefined ? { ContactAttribute: [{ attribute_id: attribute, value: '42' }] } : {}),
      };
      const id = await createContact(t, lists);
      // Only a list seen holding its entry before can be seen cleared after: one never shown would pass unjudged.
      const before = await showContact(t, id);
      const shown = Object.keys(lists).filter((key) => isFilled(before.list(key)));
      const unseen = Object.keys(lists).filter((key) => !shown.includes(key));
      if (shown.length === 0)
        t.skip(`Inspect a contact shows none of ${unseen.join(', ')} with the entries the contact was created with; clearing them cannot be judged`);
      if (unseen.length > 0) t.note(rule, `not judged, not shown by Inspect a contact: ${unseen.join(', ')}`);
      t.expectOk(await edit(t, id, Object.fromEntries(Object.keys(lists).map((k) => [k, '']))), 'clearing the lists');
      const after = await showContact(t, id);
      for (const key of shown) {
        const value = after.list(key);
        t.check(rule, value === undefined || (Array.isArray(value) && value.length === 0), `${key} after clearing is ${JSON.stringify(value)}`);
      }
      t.note(rule, `cleared: ${shown.join(', ')} (a list no longer shown at all counts as cleared)`);
    },
  }),

  defineCheck({
    id: 'core.contacts.edit-replace-list',
    title: 'sent list entries replace all others',
    surface: 'core',
    rules: ['CORE-CONTACT-EDIT-REPLACE-LIST'],
    cost: { requests: 3 },
    records: { batched: leavesContacts(1) },
    async run(t) {
      const [a, b, c] = [fictionalNumber(21), fictionalNumber(22), fictionalNumber(23)];
      const mails = [1, 2].map((n) => `${t.uniqueName()}-${n}@example.com`);
      const id = await createContact(t, { ContactNumber: [{ public_number: a }, { public_number: b }], ContactEmail: mails.map((email) => ({ email })) });
      t.expectOk(await edit(t, id, { ContactNumber: [{ public_number: c }], ContactEmail: [{ email: mails[1] }] }), 'replacing the lists');
      const view = await showContact(t, id);
      const digits = (v: unknown) => String(v).replace(/^\+/, '');
      const numbers = shownList(t, view, 'ContactNumber');
      const emails = shownList(t, view, 'ContactEmail');
      t.expectEqual(
        'CORE-CONTACT-EDIT-REPLACE-LIST',
        numbers.map((n) => digits(recordField(n, 'public_number'))),
        [digits(c)],
        'ContactNumber after replacing',
      );
      t.expectEqual(
        'CORE-CONTACT-EDIT-REPLACE-LIST',
        emails.map((e) => recordField(e, 'email')),
        [mails[1]],
        'ContactEmail after replacing',
      );
    },
  }),

  defineCheck({
    id: 'core.contacts.edit-unknown',
    title: "editing an unknown contact: 404 'Not found.'",
    surface: 'core',
    rules: ['CORE-CONTACT-EDIT-404'],
    cost: { requests: 0 },
    records: {
      // The same edit CORE-ERR-ENVELOPE judges the envelope of (fixtures/shared-records.ts).
      shares: [UNKNOWN_CONTACT_EDIT],
    },
    async run(t) {
      t.expectCoreError('CORE-CONTACT-EDIT-404', await t.shared(UNKNOWN_CONTACT_EDIT), 404, 'Not found.');
    },
  }),

  defineCheck({
    id: 'core.contacts.edit-invalid',
    title: "invalid input: 406 'Invalid input data.' with field messages",
    surface: 'core',
    rules: ['CORE-CONTACT-EDIT-406'],
    ...editsRefusingTogether(0, 1),
    async run(t) {
      const rule = 'CORE-CONTACT-EDIT-406';
      const judge = (ex: Exchange): void => {
        t.expectSchema(rule, ex, 'core/invalid-input');
        t.check(rule, namesField(ex, 'name'), 'responseData.data does not name the field name', ex);
      };
      const name = overLength('name');
      const left = judgedTogether(t, await t.shared(CONTACT_REFUSALS), { rule, key: 'name', values: [name], judge });
      if (left.length > 0) judge(await edit(t, await pooledContact(t), { name }));
    },
  }),

  defineCheck({
    id: 'core.contacts.field-lengths',
    title: 'contact field lengths: maximum accepted, one more refused (fuzzed)',
    surface: 'core',
    rules: ['CORE-CONTACT-FIELD-LENGTHS'],
    ...editsRefusingTogether({ 'the edit at the maxima': 1, 'random lengths': 3 }, LENGTH_FIELDS.length, { randomValues: { count: 3, requestsEach: 1 } }),
    async run(t) {
      const rule = 'CORE-CONTACT-FIELD-LENGTHS';
      const together = await t.shared(CONTACT_REFUSALS);
      const over = (field: LengthField): string => `${field} of ${CONTACT_MAX_LENGTHS[field] + 1} characters (max ${CONTACT_MAX_LENGTHS[field]})`;
      // Every over-length value in the refusals together; those they did not judge alone, so a refusal names one field.
      const left = LENGTH_FIELDS.filter(
        (field) =>
          judgedTogether(t, together, {
            rule,
            key: field,
            values: [overLength(field)],
            judge: (ex) => expectRefused(t, rule, ex, field, `${over(field)}, sent with other refused values`),
          }).length > 0,
      );
      const id = await pooledContact(t);
      // All maxima in one edit.
      const atMax = Object.fromEntries(LENGTH_FIELDS.map((f) => [f, valueOfLength(f, CONTACT_MAX_LENGTHS[f], t.seed)]));
      expectAccepted(t, rule, await edit(t, id, atMax), 'every field at its maximum length');
      const cases = left.flatMap((field) =>
        lengthAround(CONTACT_MAX_LENGTHS[field])
          .boundaries.filter((n) => n > CONTACT_MAX_LENGTHS[field])
          .map((length) => ({ field, length })),
      );
      await explore(t, {
        arbitrary: fc.constantFrom(...LENGTH_FIELDS).chain((field) =>
          lengthAround(CONTACT_MAX_LENGTHS[field])
            .arbitrary.filter((n) => n >= shortestValue(field))
            .map((length) => ({ field, length })),
        ),
        boundaries: cases,
        property: async ({ field, length }) => {
          const value = valueOfLength(field, length, t.seed + length);
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
    ...editsRefusingTogether({ 'the maximum': 1, 'a random count': 1 }, 1, { randomValues: { count: 1, requestsEach: 1 } }),
    async run(t) {
      const rule = 'CORE-CONTACT-EXTERNALURL-MAX';
      const tooMany = EXTERNAL_URL_MAX_ITEMS + 1;
      const left = judgedTogether(t, await t.shared(CONTACT_REFUSALS), {
        rule,
        key: 'ExternalUrl',
        values: [externalUrls(tooMany)],
        judge: (ex) => expectRefused(t, rule, ex, 'ExternalUrl', `${tooMany} ExternalUrl items, sent with other refused values`),
      });
      const id = await pooledContact(t);
      await explore(t, {
        arbitrary: fc.integer({ min: 0, max: 6 }),
        boundaries: [EXTERNAL_URL_MAX_ITEMS, ...(left.length > 0 ? [tooMany] : [])],
        property: async (count) => {
          const ex = await edit(t, id, { ExternalUrl: externalUrls(count) });
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
    ...editsRefusingTogether({ 'a valid address': 1, samples: INVALID_EMAIL_SAMPLES.length, 'random values': 3 }, INVALID_EMAIL_BOUNDARIES.length, {
      randomValues: { count: { samples: INVALID_EMAIL_SAMPLES.length, 'random values': 3 }, requestsEach: 1 },
    }),
    async run(t) {
      const rule = 'CORE-CONTACT-EMAIL-VALID';
      const left = judgedTogether(t, await t.shared(CONTACT_REFUSALS), {
        rule,
        key: 'ContactEmail',
        named: 'mail',
        values: INVALID_EMAIL_BOUNDARIES.map((email): [{ email: string }] => [{ email }]),
        judge: (ex, [{ email }]) => expectRefused(t, rule, ex, 'mail', `e-mail ${JSON.stringify(email)}, sent with other refused values`),
      });
      const id = await pooledContact(t);
      await explore(t, {
        arbitrary: fc.oneof(
          plainEmail().map((email) => ({ email, valid: true })),
          notAnEmail().map((email) => ({ email, valid: false })),
        ),
        boundaries: [{ email: 'first.last@example.com', valid: true }, ...left.map(([{ email }]) => ({ email, valid: false }))],
        samples: INVALID_EMAIL_SAMPLES.map((email) => ({ email, valid: false })),
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
    ...editsRefusingTogether(0, COUNTRY_ID_WRONG_TYPES.length),
    async run(t) {
      const rule = 'CORE-CONTACT-FIELD-TYPES';
      const what = (value: unknown) => `country_id ${JSON.stringify(value)}`;
      const left = judgedTogether(t, await t.shared(CONTACT_REFUSALS), {
        rule,
        key: 'country_id',
        values: COUNTRY_ID_WRONG_TYPES,
        judge: (ex, value) => expectRefused(t, rule, ex, 'country_id', `${what(value)}, sent with other refused values`),
      });
      if (left.length === 0) return;
      const id = await pooledContact(t);
      for (const value of left) expectRefused(t, rule, await edit(t, id, { country_id: value }), 'country_id', what(value));
    },
  }),
];
