import { defineCheck } from '../../lib/checks/define.js';
import { createContact, putAgent, responseData, UNKNOWN_ID } from './fixtures.js';

/** Collection endpoints of the core API (paths from the vendor reference where the spec names none). */
export const CORE_COLLECTIONS = [
  '/calls/index.json',
  '/contacts/index.json',
  '/agents/index.json',
  '/groups/index.json',
  '/tags/index.json',
  '/blacklist/index.json',
  '/numbers/index.json',
] as const;

export const envelopeChecks = [
  defineCheck({
    id: 'core.envelopes.collection',
    title: 'every core collection answers the collection envelope',
    surface: 'core',
    rules: ['CORE-ENV-COLLECTION'],
    maxRequests: CORE_COLLECTIONS.length,
    async run(t) {
      for (const path of CORE_COLLECTIONS) {
        const ex = await t.core('GET', path).query({ limit: 2 }).send();
        t.expectStatus('CORE-ENV-COLLECTION', ex, 200);
        t.expectSchema('CORE-ENV-COLLECTION', ex, 'core/collection');
      }
    },
  }),

  defineCheck({
    id: 'core.envelopes.single',
    title: 'a single contact sits directly in responseData',
    surface: 'core',
    rules: ['CORE-ENV-SINGLE'],
    maxRequests: 2,
    async run(t) {
      const id = await createContact(t);
      const ex = await t.core('GET', `/contacts/show/${id}.json`).send();
      t.expectStatus('CORE-ENV-SINGLE', ex, 200);
      t.expectSchema('CORE-ENV-SINGLE', ex, 'core/single');
      t.expectEqual('CORE-ENV-SINGLE', String(responseData<{ Contact?: { id?: unknown } }>(ex).Contact?.id), id, 'responseData.Contact.id', ex);
    },
  }),

  defineCheck({
    id: 'core.envelopes.ack',
    title: 'Edit contact acknowledges with exactly { responseData: { status: 200 } }',
    surface: 'core',
    rules: ['CORE-ENV-ACK', 'CORE-CONTACT-EDIT-200'],
    maxRequests: 2,
    async run(t) {
      const id = await createContact(t);
      const ex = await t.core('POST', `/contacts/edit/${id}.json`).json({ title: 'Dr.' }).send();
      t.expectSchema('CORE-ENV-ACK', ex, 'core/ack');
      t.expectEqual('CORE-ENV-ACK', responseData<{ status?: unknown }>(ex).status, ex.status, 'responseData.status against the HTTP status', ex);
      t.expectStatus('CORE-CONTACT-EDIT-200', ex, 200);
      t.expectEqual('CORE-CONTACT-EDIT-200', ex.json, { responseData: { status: 200 } }, 'Edit contact body', ex);
    },
  }),

  defineCheck({
    id: 'core.envelopes.error',
    title: 'failures carry { responseData: { status, message } } with the HTTP status',
    surface: 'core',
    rules: ['CORE-ERR-ENVELOPE'],
    maxRequests: 3,
    async run(t) {
      const failures = [
        () => t.core('POST', `/contacts/edit/${UNKNOWN_ID}.json`).json({ name: 'x' }).send(),
        () => t.core('DELETE', `/tags/delete/${UNKNOWN_ID}.json`).send(),
        () => putAgent(t, { email: undefined, pass: undefined }),
      ];
      for (const failure of failures) {
        const ex = await failure();
        t.check('CORE-ERR-ENVELOPE', ex.status >= 400, `expected a failure, got ${ex.status}`, ex);
        t.expectSchema('CORE-ERR-ENVELOPE', ex, 'core/error');
        t.expectEqual('CORE-ERR-ENVELOPE', responseData<{ status?: unknown }>(ex).status, ex.status, 'responseData.status against the HTTP status', ex);
      }
    },
  }),
];
