import type { Assertions } from '../../../lib/checks/assertions.ts';
import { defineCheck } from '../../../lib/checks/define.ts';
import type { Exchange } from '../../../lib/http/exchange.ts';
import { contactViewOf, noteAckStatus, putAgent } from '../fixtures/steps.ts';
import { responseData } from '../../shared/core-reads.ts';
import {
  AGENTS,
  BLACKLIST_SAMPLE,
  CALL_SAMPLE,
  editsPooledContact,
  CONTACTS_LIMIT_1,
  FIRST_NUMBERS,
  FIRST_TAGS,
  GROUPS,
  LANE_CONTACT,
  LANE_CONTACT_SHARES,
  pooledContact,
  type SharedAnswer,
  UNKNOWN_CONTACT_EDIT,
  UNKNOWN_TAG_DELETE,
} from '../fixtures/shared-records.ts';

/**
 * Lists the spec calls collections: Call history and List blacklist, with the paths it shows. Each is a page
 * other checks read too (fixtures/shared-records.ts), judged here as it came.
 */
const SPEC_COLLECTIONS = [CALL_SAMPLE, BLACKLIST_SAMPLE] as const;
/** List contacts is a collection in the spec, which does not show its path: this one is the vendor reference's. */
const CONTACT_LIST = CONTACTS_LIMIT_1;
/**
 * Lists the spec never calls collections (agents, groups, tags, numbers; vendor reference paths), as other checks
 * read them. The spec says some list endpoints return no paging fields, so their envelope is only noted.
 */
const OTHER_LISTS = [AGENTS, GROUPS, FIRST_TAGS, FIRST_NUMBERS] as const;

/** The answers the collection check judges or notes. */
const COLLECTION_READS: readonly SharedAnswer[] = [...SPEC_COLLECTIONS, CONTACT_LIST, ...OTHER_LISTS];

/** A core failure's body: the error envelope, its status the HTTP status (CORE-ERR-ENVELOPE). */
export function judgeCoreFailure(t: Assertions, ex: Exchange): void {
  t.check('CORE-ERR-ENVELOPE', ex.status >= 400, `expected a failure, got ${ex.status}`, ex);
  t.expectSchema('CORE-ERR-ENVELOPE', ex, 'core/error');
  t.expectEqual('CORE-ERR-ENVELOPE', responseData<{ status?: unknown }>(ex).status, ex.status, 'responseData.status against the HTTP status', ex);
}

/** An acknowledgement: responseData = { status: <integer> }, optionally with data (CORE-ENV-ACK); its status noted. */
export function judgeAck(t: Assertions, ex: Exchange): void {
  t.expectSchema('CORE-ENV-ACK', ex, 'core/ack');
  noteAckStatus(t, 'CORE-ENV-ACK', ex);
}

/** A read of a list the spec calls a collection: 200 with the collection envelope (CORE-ENV-COLLECTION). */
export function judgeCollection(t: Assertions, ex: Exchange): void {
  t.expectStatus('CORE-ENV-COLLECTION', ex, 200);
  t.expectSchema('CORE-ENV-COLLECTION', ex, 'core/collection');
}

/** A single contact as read: directly in responseData, no pagination fields (CORE-ENV-SINGLE). */
export function judgeSingle(t: Assertions, ex: Exchange): void {
  t.expectSchema('CORE-ENV-SINGLE', ex, 'core/single');
}

export const envelopeChecks = [
  defineCheck({
    id: 'core.envelopes.collection',
    title: 'the lists the spec calls collections answer the collection envelope',
    surface: 'core',
    rules: ['CORE-ENV-COLLECTION'],
    cost: { requests: 0 },
    records: { shares: COLLECTION_READS },
    async run(t) {
      const rule = 'CORE-ENV-COLLECTION';
      for (const read of SPEC_COLLECTIONS) judgeCollection(t, await t.shared(read));
      const contacts = await t.shared(CONTACT_LIST);
      if (contacts.status === 404) t.note(rule, `List contacts not judged: ${CONTACT_LIST.path} (vendor reference path) answered 404`);
      else judgeCollection(t, contacts);
      t.done(rule);
      for (const read of OTHER_LISTS) {
        const ex = await t.shared(read);
        const paged = ex.status === 200 && t.validate('core/collection', ex.json).ok;
        t.note(
          rule,
          `${read.path} (not judged: the spec does not call it a collection) answered ${ex.status}${ex.status === 200 ? (paged ? ' with the collection envelope' : ' without the collection envelope') : ''}`,
        );
      }
    },
  }),

  defineCheck({
    id: 'core.envelopes.single',
    title: 'a single contact sits directly in responseData, with no pagination fields',
    surface: 'core',
    rules: ['CORE-ENV-SINGLE'],
    cost: { requests: { "the contact's read": 1 } },
    records: { shares: LANE_CONTACT_SHARES },
    async run(t) {
      const { id } = await t.shared(LANE_CONTACT);
      const ex = await t.core('GET', `/contacts/show/${id}.json`).send();
      // Path and record shape are the vendor reference's: the read and finding the contact in it are prerequisites.
      t.expectOk(ex, `reading contact ${id}`);
      const shown = contactViewOf(ex)?.fields.id;
      t.prerequisite(
        String(shown) === id,
        `Inspect a contact shows id ${JSON.stringify(shown)} neither in responseData.Contact.id (vendor reference) nor in responseData.id, not ${id}`,
        ex,
      );
      judgeSingle(t, ex);
    },
  }),

  defineCheck({
    id: 'core.envelopes.ack',
    title: 'Edit contact acknowledges with exactly { responseData: { status: 200 } }',
    surface: 'core',
    rules: ['CORE-ENV-ACK', 'CORE-CONTACT-EDIT-200'],
    ...editsPooledContact(1),
    async run(t) {
      const id = await pooledContact(t);
      const ex = await t.core('POST', `/contacts/edit/${id}.json`).json({ title: 'Dr.' }).send();
      judgeAck(t, ex);
      t.expectStatus('CORE-CONTACT-EDIT-200', ex, 200);
      t.expectEqual('CORE-CONTACT-EDIT-200', ex.json, { responseData: { status: 200 } }, 'Edit contact body', ex);
    },
  }),

  defineCheck({
    id: 'core.envelopes.error',
    title: 'failures carry { responseData: { status, message } } with the HTTP status',
    surface: 'core',
    rules: ['CORE-ERR-ENVELOPE'],
    cost: { requests: { 'an agent added without its email and password': 1 } },
    // Two of the failures are answers the checks of their endpoint's 404 judge too (fixtures/shared-records.ts).
    records: { shares: [UNKNOWN_CONTACT_EDIT, UNKNOWN_TAG_DELETE] },
    async run(t) {
      const failures = [() => t.shared(UNKNOWN_CONTACT_EDIT), () => t.shared(UNKNOWN_TAG_DELETE), () => putAgent(t, { email: undefined, pass: undefined })];
      for (const failure of failures) {
        judgeCoreFailure(t, await failure());
      }
    },
  }),
];
