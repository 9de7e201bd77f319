import { defineCheck } from '../../lib/checks/define.js';
import { credentialChecks } from '../shared/credentials.js';
import { createContact, readPage, responseData, showContact, shownField } from './fixtures.js';
import { listedIds, recordId } from './shapes.js';

export const authChecks = [
  // A cheap authenticated read probes every credential variant.
  ...credentialChecks({
    name: 'core',
    surface: 'core',
    rules: { missing: 'CORE-AUTH-MISSING-401', incorrect: 'CORE-AUTH-INCORRECT-401', malformed: 'CORE-AUTH-MALFORMED-401', revoked: 'CORE-AUTH-REVOKED-401' },
    bodyRules: ['CORE-AUTH-401-BODY'],
    probes: [{ method: 'GET', path: '/countries/index.json' }],
    expect401(t, rule, ex) {
      t.expectStatus(rule, ex, 401);
      t.expectSchema('CORE-AUTH-401-BODY', ex, 'core/unauthorized');
    },
  }),

  defineCheck({
    id: 'core.auth.key-scope',
    title: 'two key pairs of one company read the same data',
    surface: 'core',
    rules: ['CORE-AUTH-KEY-SCOPE'],
    maxRequests: 3,
    needs: { keys: ['second'] },
    async run(t) {
      const rule = 'CORE-AUTH-KEY-SCOPE';
      // Another integration may write between two reads: only the check's own contact, and the records both reads hold, are compared.
      const name = t.session.uniqueName();
      const id = await createContact(t, { name });
      const first = await readPage(t, '/contacts/index.json', { keyword: name, limit: 10 });
      const firstIds = listedIds(first.page.data, 'Contact');
      t.prerequisite(firstIds?.has(id) === true, `List contacts with keyword=${name} does not show contact ${id} to the key that created it`, first.ex);
      const second = await t.core('GET', '/contacts/index.json').as('second').query({ keyword: name, limit: 10 }).send();
      t.expectStatus(rule, second, 200);
      const items = responseData<{ data?: unknown }>(second).data;
      const byId = new Map((Array.isArray(items) ? items : []).map((item) => [recordId(item, 'Contact'), item]));
      t.check(rule, byId.has(id), `the second key's List contacts with keyword=${name} does not hold contact ${id}, created with the first key`, second);
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
    maxRequests: 4,
    needs: { keys: ['other'] },
    async run(t) {
      const name = t.session.uniqueName();
      const id = await createContact(t, { name });
      // The read path is the vendor reference's: only when it shows the contact to its own company does
      // another company's 404 there say anything.
      t.prerequisite(shownField(t, await showContact(t, id), 'name') === name, `Inspect a contact (vendor reference path) does not show contact ${id} by its name to its own company`);
      const shown = await t.core('GET', `/contacts/show/${id}.json`).as('other').send();
      t.check('CORE-ISOLATION-READ', !shown.text.includes(name), `the other company's key read the contact's name through /contacts/show/${id}.json`, shown);
      t.check('CORE-ISOLATION-READ', [200, 401, 404].includes(shown.status), `expected 401 or 404 for another company's identifier, got ${shown.status}`, shown);
      t.note('CORE-ISOLATION-READ', shown.status === 200 ? `identifier ${id} also names a record of the other company (identifiers overlap across companies)` : `another company's identifier answered ${shown.status}`);
      const listed = await t.core('GET', '/contacts/index.json').as('other').query({ keyword: name, limit: 10 }).send();
      t.check('CORE-ISOLATION-READ', !listed.text.includes(name), "the other company's contact list holds the contact", listed);
    },
  }),

  defineCheck({
    id: 'core.isolation.write',
    title: "another company's key never edits this company's contact",
    surface: 'core',
    rules: ['CORE-ISOLATION-WRITE'],
    maxRequests: 4,
    needs: { keys: ['other'] },
    async run(t) {
      const name = t.session.uniqueName();
      const id = await createContact(t, { name });
      const peek = await t.core('GET', `/contacts/show/${id}.json`).as('other').send();
      // With overlapping identifiers the edit would change the other company's own record: never do that.
      if (peek.status === 200) t.skip(`identifier ${id} also names a record of the other company; editing it would change that company's data`);
      const edit = await t.core('POST', `/contacts/edit/${id}.json`).as('other').json({ name: `${name}-intruder` }).send();
      t.check('CORE-ISOLATION-WRITE', [401, 404].includes(edit.status), `expected 401 or 404 for another company's edit, got ${edit.status}`, edit);
      t.note('CORE-ISOLATION-WRITE', `another company's edit answered ${edit.status}`);
      // Inspect a contact's path and shape come from the vendor reference: reading back is a prerequisite, the name a verdict.
      const after = await showContact(t, id);
      t.expectEqual('CORE-ISOLATION-WRITE', shownField(t, after, 'name'), name, 'contact name after the foreign edit');
    },
  }),
];
