import { defineCheck } from '../../lib/checks/define.js';
import type { CheckContext } from '../../lib/checks/context.js';
import type { RequestSpec } from '../../lib/checks/request.js';
import { createContact, readPage, responseData } from './fixtures.js';

/** A cheap authenticated read used to probe credentials. */
const probe = (t: CheckContext): RequestSpec => t.core('GET', '/countries/index.json');

async function expect401(t: CheckContext, rule: string, spec: RequestSpec): Promise<void> {
  const ex = await spec.send();
  t.expectStatus(rule, ex, 401);
  t.expectSchema('CORE-AUTH-401-BODY', ex, 'core/unauthorized');
}

const b64 = (text: string): string => Buffer.from(text).toString('base64');

export const authChecks = [
  defineCheck({
    id: 'core.auth.missing',
    title: 'no credentials: 401 with the core body',
    surface: 'core',
    rules: ['CORE-AUTH-MISSING-401', 'CORE-AUTH-401-BODY'],
    maxRequests: 1,
    run: (t) => expect401(t, 'CORE-AUTH-MISSING-401', probe(t).noAuth()),
  }),

  defineCheck({
    id: 'core.auth.incorrect',
    title: 'unknown key ID and wrong secret: 401',
    surface: 'core',
    rules: ['CORE-AUTH-INCORRECT-401', 'CORE-AUTH-401-BODY'],
    maxRequests: 2,
    async run(t) {
      const unknownId = t.session.uniqueName('CCUNKNOWN');
      await expect401(t, 'CORE-AUTH-INCORRECT-401', probe(t).authorization(`Basic ${b64(`${unknownId}:not-a-secret`)}`, 'unknown key ID'));
      const primary = t.target.keys.primary;
      if (!primary) return t.skip('needs CC_KEY_ID');
      await expect401(t, 'CORE-AUTH-INCORRECT-401', probe(t).authorization(`Basic ${b64(`${primary.id}:${primary.secret}x`)}`, 'primary key ID with a wrong secret'));
    },
  }),

  defineCheck({
    id: 'core.auth.malformed',
    title: 'malformed Authorization headers: 401',
    surface: 'core',
    rules: ['CORE-AUTH-MALFORMED-401', 'CORE-AUTH-401-BODY'],
    maxRequests: 4,
    async run(t) {
      const malformed: [string, string][] = [
        ['Bearer abcdef0123456789', 'another scheme (Bearer)'],
        ['Basic !!!not-base64!!!', 'Basic with undecodable base64'],
        [`Basic ${b64('no-colon-in-here')}`, 'Basic without a colon'],
        ['Basic', 'Basic without credentials'],
      ];
      for (const [header, label] of malformed) await expect401(t, 'CORE-AUTH-MALFORMED-401', probe(t).authorization(header, label));
    },
  }),

  defineCheck({
    id: 'core.auth.revoked',
    title: 'revoked key pair: 401',
    surface: 'core',
    rules: ['CORE-AUTH-REVOKED-401', 'CORE-AUTH-401-BODY'],
    maxRequests: 1,
    needs: { keys: ['revoked'] },
    run: (t) => expect401(t, 'CORE-AUTH-REVOKED-401', probe(t).as('revoked')),
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
