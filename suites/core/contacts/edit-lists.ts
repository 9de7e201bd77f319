import type { CheckContext } from '../../../lib/checks/context.ts';
import { defineCheck } from '../../../lib/checks/define.ts';
import type { Exchange } from '../../../lib/http/exchange.ts';
import { type ContactView, namesField, showContact } from '../fixtures/steps.ts';
import { responseData } from '../../shared/core-reads.ts';
import { ATTRIBUTES, attributeIdsIn, editsPooledContact, FIRST_TAGS, pooledContact, sharedPage, tagNamesIn } from '../fixtures/shared-records.ts';
import { CONTACT_REFUSALS, editsRefusingTogether, FAVORITE_AGENT_WRONG_TYPES, judgedTogether, wrongAttributeItems } from '../fixtures/refusals-together.ts';
import { fictionalNumber } from '../../shared/inert-values.ts';
import { isObject } from '../../shared/json.ts';

/**
 * Edit contact on the list properties the older checks leave aside (ContactsTag, ContactAttribute) and on
 * favorite_agent. Every step reads what the check itself wrote to a contact it created and deletes.
 */

const sendEdit = (t: CheckContext, id: string, body: unknown): Promise<Exchange> => t.core('POST', `/contacts/edit/${id}.json`).json(body).send();

/** Names of the first two tags the account already has (vendor reference list, shared), so the edits create no tag by name. */
async function firstTagNames(t: CheckContext): Promise<string[]> {
  const count = 2;
  const names = tagNamesIn((await sharedPage(t, FIRST_TAGS)).ex);
  if (names.length < count)
    t.skip(`needs ${count} tags in the account (vendor reference list GET /tags/index.json, items { Tag: { name } }), found ${names.length}`);
  return names;
}

/** Ids of `count` contact attributes of the account (vendor reference list GET /contacts/attributes.json, shared). */
async function firstAttributeIds(t: CheckContext, count: number): Promise<number[]> {
  const ex = await t.shared(ATTRIBUTES);
  t.expectOk(ex, 'reading the contact attributes');
  const ids = attributeIdsIn(ex);
  if (ids.length < count)
    t.skip(`needs ${count} contact attributes in the account (vendor reference list, items { ContactAttribute: { id } }), found ${ids.length}`);
  return ids.slice(0, count);
}

const tagNames = (view: ContactView): string[] => ((view.list('ContactsTag') ?? []) as readonly { name: string }[]).map((tag) => tag.name).sort();

/** Attribute entries as comparable text, whichever way the target renders attribute_id. */
const attributePairs = (items: readonly { attribute_id: unknown; value: unknown }[]): string[] =>
  items.map((a) => `${String(a.attribute_id)}=${String(a.value)}`).sort();

interface ExternalUrl {
  readonly name: string;
  readonly url: string;
}

/** What is wrong with ExternalUrl as read back, or undefined: every item { name: string, url: string }, each sent one among them. */
function externalUrlProblem(shown: unknown, sent: readonly ExternalUrl[]): string | undefined {
  if (!Array.isArray(shown)) return `ExternalUrl reads back as ${JSON.stringify(shown)}, not a list`;
  const misshapen = shown.find((item) => !isObject(item) || typeof item.name !== 'string' || typeof item.url !== 'string');
  if (misshapen !== undefined) return `an ExternalUrl item reads back as ${JSON.stringify(misshapen)}, not { name: string, url: string }`;
  const missing = sent.filter((s) => !(shown as ExternalUrl[]).some((item) => item.name === s.name && item.url === s.url));
  return missing.length === 0 ? undefined : `ExternalUrl read back as ${JSON.stringify(shown)} lacks the sent ${JSON.stringify(missing)}`;
}

const digitsOf = (number: string): string => number.replace(/\D/g, '');

/** What is wrong with ContactNumber as read back, or undefined: every public_number a string, each sent number among them by its digits. */
function contactNumberProblem(shown: unknown, sent: readonly string[]): string | undefined {
  if (!Array.isArray(shown)) return `ContactNumber reads back as ${JSON.stringify(shown)}, not a list`;
  const misshapen = shown.find((item) => !isObject(item) || typeof item.public_number !== 'string');
  if (misshapen !== undefined) return `a ContactNumber item reads back as ${JSON.stringify(misshapen)}: public_number must be a string`;
  const shownDigits = (shown as { public_number: string }[]).map((item) => digitsOf(item.public_number));
  const missing = sent.filter((number) => !shownDigits.includes(digitsOf(number)));
  return missing.length === 0 ? undefined : `ContactNumber read back as ${JSON.stringify(shown)} lacks the sent ${missing.join(', ')}`;
}

export const contactEditChecks = [
  defineCheck({
    id: 'core.contacts.edit-tags',
    title: 'several ContactsTag entries are kept; sent tags replace all others',
    surface: 'core',
    rules: ['CORE-CONTACT-TAGS-SEVERAL', 'CORE-CONTACT-EDIT-REPLACE-LIST'],
    ...editsPooledContact({ 'two edits each read back': 4 }, [FIRST_TAGS]),
    async run(t) {
      const [first, second] = (await firstTagNames(t)) as [string, string];
      const id = await pooledContact(t);
      const both = await sendEdit(t, id, { ContactsTag: [{ name: first }, { name: second }] });
      t.check('CORE-CONTACT-TAGS-SEVERAL', both.status === 200, () => `an edit with two tags must be accepted with 200, got ${both.status}`, both);
      const tagged = await showContact(t, id);
      t.prerequisite(
        Array.isArray(tagged.list('ContactsTag')),
        'Inspect a contact shows no ContactsTag list (vendor reference), so the tags cannot be read back',
      );
      t.expectEqual('CORE-CONTACT-TAGS-SEVERAL', tagNames(tagged), [first, second].sort(), 'ContactsTag after an edit sending two tags');
      t.done('CORE-CONTACT-TAGS-SEVERAL');
      const one = await sendEdit(t, id, { ContactsTag: [{ name: second }] });
      t.check(
        'CORE-CONTACT-EDIT-REPLACE-LIST',
        one.status === 200,
        () => `an edit sending one of the two tags must be accepted with 200, got ${one.status}`,
        one,
      );
      t.expectEqual('CORE-CONTACT-EDIT-REPLACE-LIST', tagNames(await showContact(t, id)), [second], 'ContactsTag after an edit sending one of its two tags');
    },
  }),

  defineCheck({
    id: 'core.contacts.edit-attributes',
    title: 'ContactAttribute items: shape accepted and read back, wrong types refused, sent entries replace all others',
    surface: 'core',
    rules: ['CORE-CONTACT-ATTRIBUTE-ITEM', 'CORE-CONTACT-EDIT-REPLACE-LIST'],
    ...editsRefusingTogether({ 'two accepted edits, each read back': 4 }, 2),
    async run(t) {
      const rule = 'CORE-CONTACT-ATTRIBUTE-ITEM';
      const [a, b] = (await firstAttributeIds(t, 2)) as [number, number];
      const left = judgedTogether(t, await t.shared(CONTACT_REFUSALS), {
        rule,
        key: 'ContactAttribute',
        values: wrongAttributeItems(a).map((item) => [item]),
        judge: (ex) => t.expectCoreError(rule, ex, 406, 'Invalid input data.'),
      });
      const id = await pooledContact(t);
      for (const items of left) t.expectCoreError(rule, await sendEdit(t, id, { ContactAttribute: items }), 406, 'Invalid input data.');
      // Values of digits: a server that stores them as numbers shows it on the way back.
      const sent = [
        { attribute_id: a, value: '11' },
        { attribute_id: b, value: '22' },
      ];
      const accepted = await sendEdit(t, id, { ContactAttribute: sent });
      t.check(
        rule,
        accepted.status === 200,
        () => `an edit with two { attribute_id, value } items must be accepted with 200, got ${accepted.status}`,
        accepted,
      );
      const shown = await t.core('GET', `/contacts/show/${id}.json`).send();
      t.expectOk(shown, `reading contact ${id}`);
      const items = responseData<{ ContactAttribute?: unknown }>(shown).ContactAttribute;
      t.prerequisite(Array.isArray(items), 'Inspect a contact shows no ContactAttribute list (vendor reference), so the items cannot be read back', shown);
      t.expectSchema(rule, shown, 'core/contact-attributes', items);
      t.expectEqual(rule, attributePairs(items as { attribute_id: unknown; value: unknown }[]), attributePairs(sent), 'ContactAttribute read back', shown);
      t.done(rule);
      const kept = { attribute_id: b, value: '33' };
      const one = await sendEdit(t, id, { ContactAttribute: [kept] });
      t.check('CORE-CONTACT-EDIT-REPLACE-LIST', one.status === 200, () => `an edit sending one attribute must be accepted with 200, got ${one.status}`, one);
      const view = await showContact(t, id);
      t.expectEqual(
        'CORE-CONTACT-EDIT-REPLACE-LIST',
        attributePairs((view.list('ContactAttribute') ?? []) as readonly { attribute_id: unknown; value: unknown }[]),
        attributePairs([kept]),
        'ContactAttribute after an edit sending one entry',
      );
    },
  }),

  defineCheck({
    id: 'core.contacts.edit-urls-numbers',
    title: 'ExternalUrl items read back as { name, url } and ContactNumber public_number as a string',
    surface: 'core',
    rules: ['CORE-CONTACT-EXTERNALURL-ITEM', 'CORE-CONTACT-NUMBER-ITEM'],
    ...editsPooledContact(3),
    async run(t) {
      const id = await pooledContact(t);
      const urls: ExternalUrl[] = [
        { name: 'CRM', url: `https://crm.example.com/contacts/${id}` },
        { name: 'Helpdesk', url: `https://help.example.com/users/${id}` },
      ];
      const numbers = [fictionalNumber(31), fictionalNumber(32)];
      // One edit per list, so a refusal is laid on the list refused.
      const lists = [
        { rule: 'CORE-CONTACT-EXTERNALURL-ITEM' as const, key: 'ExternalUrl', sent: urls, problem: (shown: unknown) => externalUrlProblem(shown, urls) },
        {
          rule: 'CORE-CONTACT-NUMBER-ITEM' as const,
          key: 'ContactNumber',
          sent: numbers.map((public_number) => ({ public_number })),
          problem: (shown: unknown) => contactNumberProblem(shown, numbers),
        },
      ];
      const accepted: typeof lists = [];
      for (const list of lists) {
        const ex = await sendEdit(t, id, { [list.key]: list.sent });
        if (
          t.judge(
            list.rule,
            ex.status === 200,
            () => `an edit setting ${list.key} to ${JSON.stringify(list.sent)} must be accepted with 200, got ${ex.status}`,
            ex,
          )
        )
          accepted.push(list);
      }
      if (accepted.length === 0) return;
      const view = await showContact(t, id);
      for (const { rule, key, problem } of accepted) {
        const shown = view.list(key);
        if (shown === undefined) {
          t.skipRule(rule, `Inspect a contact (vendor reference) shows no ${key} property, so its items cannot be read back`);
          continue;
        }
        const found = problem(shown);
        t.judge(rule, found === undefined, () => found as string);
      }
    },
  }),

  defineCheck({
    id: 'core.contacts.favorite-agent-type',
    title: 'a favorite_agent that is not an integer is refused with 406',
    surface: 'core',
    rules: ['CORE-CONTACT-FAVORITE-AGENT-TYPE'],
    ...editsRefusingTogether(0, FAVORITE_AGENT_WRONG_TYPES.length),
    async run(t) {
      const rule = 'CORE-CONTACT-FAVORITE-AGENT-TYPE';
      const judge = (ex: Exchange, value: unknown, what: string): void => {
        t.expectCoreError(rule, ex, 406, 'Invalid input data.');
        t.check(
          rule,
          namesField(ex, 'favorite_agent'),
          () => `the 406 for favorite_agent ${JSON.stringify(value)}${what} does not name favorite_agent in responseData.data`,
          ex,
        );
      };
      const left = judgedTogether(t, await t.shared(CONTACT_REFUSALS), {
        rule,
        key: 'favorite_agent',
        values: FAVORITE_AGENT_WRONG_TYPES,
        judge: (ex, value) => judge(ex, value, ', sent with other refused values,'),
      });
      if (left.length === 0) return;
      const id = await pooledContact(t);
      for (const value of left) judge(await sendEdit(t, id, { favorite_agent: value }), value, '');
    },
  }),
];
