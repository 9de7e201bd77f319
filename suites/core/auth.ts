import { defineCheck } from '../../lib/checks/define.js';
import { credentialChecks } from '../shared/credentials.js';
import { createContact, readPage, responseData } from './fixtures.js';

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
    maxRequests: 2,
    needs: { keys: ['second'] },
    async run(t) {
      const first = await readPage(t, '/contacts/index.json', { limit: 20 });
      const second = await t.core('GET', '/contacts/index.json').as('second').query({ limit: 20 }).send();
      t.expectStatus('CORE-AUTH-KEY-SCOPE', second, 200);
      t.expectEqual('CORE-AUTH-KEY-SCOPE', responseData(second), first.page, 'List contacts read with the second key', second);
    },
  }),

  defineCheck({
    id: 'core.isolation.read',
    title: "another company's key never reads this company's contact",
    surface: 'core',
    rules: ['CORE-ISOLATION-READ'],
    maxRequests: 3,
    needs: { keys: ['other'] },
    async run(t) {
      const name = t.session.uniqueName('ccisolation');
      const id = await createContact(t, { name });
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
      const name = t.session.uniqueName('ccisolation');
      const id = await createContact(t, { name });
      const peek = await t.core('GET', `/contacts/show/${id}.json`).as('other').send();
      // With overlapping identifiers the edit would change the other company's own record: never do that.
      if (peek.status === 200) t.skip(`identifier ${id} also names a record of the other company; editing it would change that company's data`);
      const edit = await t.core('POST', `/contacts/edit/${id}.json`).as('other').json({ name: `${name}-intruder` }).send();
      t.check('CORE-ISOLATION-WRITE', [401, 404].includes(edit.status), `expected 401 or 404 for another company's edit, got ${edit.status}`, edit);
      t.note('CORE-ISOLATION-WRITE', `another company's edit answered ${edit.status}`);
      const after = await t.core('GET', `/contacts/show/${id}.json`).send();
      t.expectOk(after, 'reading the contact back');
      t.expectEqual('CORE-ISOLATION-WRITE', responseData<{ Contact?: { name?: unknown } }>(after).Contact?.name, name, 'contact name after the foreign edit', after);
    },
  }),
];
