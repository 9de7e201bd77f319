import type { Assertions } from '../../../lib/checks/assertions.ts';
import type { CheckContext } from '../../../lib/checks/context.ts';
import type { Exchange } from '../../../lib/http/exchange.ts';
import type { RuleId } from '../../../lib/rules/index.ts';
import { defineCheck } from '../../../lib/checks/define.ts';
import { credentialChecks } from '../../shared/credentials.ts';
import { type ContactView, contactViewOf, createContact, leavesContacts, showContact, shownField } from '../fixtures/steps.ts';
import { readPage, recordOf, responseData } from '../../shared/core-reads.ts';
import { listedIds, recordId } from '../fixtures/shapes.ts';
import { LANE_CONTACT, LANE_CONTACT_SHARES } from '../fixtures/shared-records.ts';

/**
 * The check's own contact, with a name and an industry no other record has. Lists are narrowed by the
 * industry: List contacts lists that filter, and a value only one contact has matches it under any reading.
 * What a keyword matches is not shown, so a read narrowed by one could hold nothing on a target whose
 * keyword leaves names out, and judge nothing.
 */
async function createNarrowedContact(t: CheckContext): Promise<{ id: string; name: string; industry: string }> {
  const name = t.uniqueName();
  const industry = t.uniqueName();
  return { id: await createContact(t, { name, industry }), name, industry };
}

/** A core 401's body: exactly the core envelope of 401 'Unauthorized'. */
export function judgeCore401Body(t: Assertions, ex: Exchange): void {
  t.expectSchema('CORE-AUTH-401-BODY', ex, 'core/unauthorized');
}

/** A core request refused for its credentials: 401 under `rule`, and then the 401's body. */
export function expectCore401(t: Assertions, rule: RuleId, ex: Exchange): void {
  // The body rule is of a 401: an answer that is none has no 401 body to judge.
  if (t.expectStatus(rule, ex, 401)) judgeCore401Body(t, ex);
  else t.blockRule('CORE-AUTH-401-BODY', rule);
}

export const authChecks = [
  // A cheap authenticated read probes every credential variant.
  ...credentialChecks({
    name: 'core',
    surface: 'core',
    rules: { missing: 'CORE-AUTH-MISSING-401', incorrect: 'CORE-AUTH-INCORRECT-401', malformed: 'CORE-AUTH-MALFORMED-401', revoked: 'CORE-AUTH-REVOKED-401' },
    bodyRules: ['CORE-AUTH-401-BODY'],
    probes: [{ method: 'GET', path: '/countries/index.json' }],
    expect401: expectCore401,
  }),

  defineCheck({
    id: 'core.auth.key-scope',
    title: 'two key pairs of one company read the same data',
    surface: 'core',
    rules: ['CORE-AUTH-KEY-SCOPE'],
    cost: { requests: 3 },
    records: { batched: leavesContacts(1) },
    needs: { keys: ['second'] },
    async run(t) {
      const rule = 'CORE-AUTH-KEY-SCOPE';
      // Another integration may write between two reads: only the check's own contact, and the records both reads hold, are compared.
      const { id, industry } = await createNarrowedContact(t);
      const query = { industry, limit: 1000 };
      const first = await readPage(t, '/contacts/index.json', query);
      const firstIds = listedIds(first.page.data, 'Contact');
      t.prerequisite(firstIds?.has(id) === true, `List contacts with industry=${industry} does not show contact ${id} to the key that created it`, first.ex);
      const second = await t.core('GET', '/contacts/index.json').as('second').query(query).send();
      t.expectStatus(rule, second, 200);
      const items = responseData<{ data?: unknown }>(second).data;
      const byId = new Map((Array.isArray(items) ? items : []).map((item) => [recordId(item, 'Contact'), item]));
      t.check(rule, byId.has(id), `the second key's List contacts with industry=${industry} does not hold contact ${id}, created with the first key`, second);
      for (const item of first.page.data) {
        const key = recordId(item, 'Contact');
        if (byId.has(key)) t.expectEqual(rule, byId.get(key), item, `contact ${key} as the second key reads it`, second);
      }
    },
  }),

  defineCheck({
    id: 'core.isolation.read',
    title: "another company's key never reads this company's contact",
    surface: 'core',
    rules: ['CORE-ISOLATION-READ'],
    cost: {
      requests: {
        'the contact and the narrowed list, read by its own company': 2,
        'both read by the other': 2,
        'the first page unnarrowed, by each company': 2,
      },
    },
    records: {
      // Only read, by either company: the lane's contact (fixtures/shared-records.ts), which has a name and an industry no other record has.
      shares: LANE_CONTACT_SHARES,
    },
    needs: { keys: ['other'] },
    async run(t) {
      const rule = 'CORE-ISOLATION-READ';
      const { id, name, industry } = await t.shared(LANE_CONTACT);
      // Both paths are only judged where they show the contact to its own company: another company's 404
      // there, or a list without it, says nothing otherwise.
      t.prerequisite(
        shownField(t, await showContact(t, id), 'name') === name,
        `Inspect a contact (vendor reference path) does not show contact ${id} by its name to its own company`,
      );
      const query = { industry, limit: 1000 };
      const own = await readPage(t, '/contacts/index.json', query);
      t.prerequisite(
        listedIds(own.page.data, 'Contact')?.has(id) === true || own.ex.text.includes(name),
        `List contacts with industry=${industry} does not show contact ${id} to its own company`,
        own.ex,
      );
      const shown = await t.core('GET', `/contacts/show/${id}.json`).as('other').send();
      t.check(rule, !shown.text.includes(name), `the other company's key read the contact's name through /contacts/show/${id}.json`, shown);
      t.check(rule, [200, 401, 404].includes(shown.status), `expected 401 or 404 for another company's identifier, got ${shown.status}`, shown);
      t.note(
        rule,
        shown.status === 200
          ? `identifier ${id} also names a record of the other company (identifiers overlap across companies)`
          : `another company's identifier answered ${shown.status}`,
      );
      const listed = await readPage(t, '/contacts/index.json', query, 'other');
      t.check(rule, !listed.ex.text.includes(name), `the other company's List contacts with industry=${industry} holds the contact's name`, listed.ex);
      t.check(
        rule,
        listedIds(listed.page.data, 'Contact')?.has(id) !== true,
        `the other company's List contacts with industry=${industry} holds contact ${id}`,
        listed.ex,
      );
      t.note(rule, `the other company's List contacts with industry=${industry} holds ${listed.page.data.length} item(s)`);
      // Every contact the run read from this company, whoever made it (its first page is read here, the check running
      // first of its lane), against what the other company's key reads.
      await readPage(t, '/contacts/index.json', { limit: 1000 });
      const widest = await readPage(t, '/contacts/index.json', { limit: 1000 }, 'other');
      const read = [
        ...listed.page.data,
        ...widest.page.data,
        ...(shown.status === 200 ? [recordOf(responseData(shown), 'Contact') ?? responseData(shown)] : []),
      ];
      const { matches, seen } = t.seenOfCompany('contact', read, 'Contact');
      t.check(
        rule,
        matches.length === 0,
        () =>
          `the other company's key reads ${matches.length} contact(s) of this company, each with its id and ${matches[0]?.fields.join(', ')} as this company's lists show them: ${matches.map((m) => m.id).join(', ')}`,
        widest.ex,
      );
      t.note(rule, `the other company's reads (${read.length} records) were compared with the ${seen} contacts the run read from this company's lists`);
    },
  }),

  defineCheck({
    id: 'core.isolation.write',
    title: "another company's key never edits or deletes this company's contact",
    surface: 'core',
    rules: ['CORE-ISOLATION-WRITE'],
    cost: { requests: { create: 1, 'a read by its own company': 1, "the other's peek, edit and delete": 3, 'the read back': 1 } },
    records: { batched: leavesContacts(1) },
    needs: { keys: ['other'] },
    async run(t) {
      const rule = 'CORE-ISOLATION-WRITE';
      const name = t.uniqueName();
      const id = await createContact(t, { name });
      // Inspect a contact's path and shape come from the vendor reference: only once it shows the contact to
      // its own company does a 404 for it after the foreign requests mean the contact is gone.
      t.prerequisite(
        shownField(t, await showContact(t, id), 'name') === name,
        `Inspect a contact (vendor reference path) does not show contact ${id} by its name to its own company`,
      );
      const peek = await t.core('GET', `/contacts/show/${id}.json`).as('other').send();
      // With overlapping identifiers the edit and the delete would change the other company's own record: never
      // send them. A 200 showing this company's contact is a leak, judged by CORE-ISOLATION-READ, and no reason to stop.
      if (peek.status === 200 && !peek.text.includes(name))
        t.skip(`identifier ${id} also names a record of the other company; editing or deleting it would change that company's data`);
      const edit = await t
        .core('POST', `/contacts/edit/${id}.json`)
        .as('other')
        .json({ name: `${name}-intruder` })
        .send();
      t.check(rule, [401, 404].includes(edit.status), `expected 401 or 404 for another company's edit, got ${edit.status}`, edit);
      const removal = await t.core('DELETE', `/contacts/delete/${id}.json`).as('other').send();
      t.check(rule, [401, 404].includes(removal.status), `expected 401 or 404 for another company's delete, got ${removal.status}`, removal);
      t.note(rule, `another company's edit answered ${edit.status}, its delete ${removal.status}`);
      const after = await t.core('GET', `/contacts/show/${id}.json`).send();
      t.check(
        rule,
        after.status !== 404,
        `contact ${id} is gone after the other company's edit and delete: Inspect a contact answers its own company 404`,
        after,
      );
      t.expectOk(after, `reading contact ${id} back`);
      const view = contactViewOf(after);
      t.prerequisite(
        view !== undefined,
        'Inspect a contact showed the contact neither in responseData.Contact (vendor reference) nor directly in responseData',
        after,
      );
      t.expectEqual(rule, shownField(t, view as ContactView, 'name'), name, 'contact name after the foreign edit and delete', after);
    },
  }),
];
