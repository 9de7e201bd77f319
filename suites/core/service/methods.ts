import type { Exchange } from '../../../lib/http/exchange.ts';
import type { Assertions } from '../../../lib/checks/assertions.ts';
import { defineCheck } from '../../../lib/checks/define.ts';
import { is2xx } from '../../shared/json.ts';
import { CONTACT_DELETIONS, createContact, leavesContacts, showContact, shownField } from '../fixtures/steps.ts';
import { readPage } from '../../shared/core-reads.ts';
import { createdId } from '../fixtures/shapes.ts';

/** Add contact's answer to a create (CORE-CONTACT-ADD-201): 201. */
export function judgeContactAdded(t: Assertions, ex: Exchange): void {
  t.expectStatus('CORE-CONTACT-ADD-201', ex, 201);
}

export const methodChecks = [
  defineCheck({
    id: 'core.methods.put-creates',
    title: 'PUT /contacts/add.json creates: 201, and Edit contact then finds the contact',
    surface: 'core',
    rules: ['CORE-CONTACT-ADD-201', 'CORE-METHOD-PUT-CREATES'],
    cost: { requests: 2 },
    records: { batched: leavesContacts(1) },
    async run(t) {
      const name = t.uniqueName();
      const ex = await t.core('PUT', '/contacts/add.json').json({ name }).send();
      const id = createdId(ex);
      if (is2xx(ex.status) && id !== undefined) t.deleteWhenLaneEnds(CONTACT_DELETIONS, String(id));
      judgeContactAdded(t, ex);
      t.done('CORE-CONTACT-ADD-201');
      t.check('CORE-METHOD-PUT-CREATES', is2xx(ex.status), `PUT to create answered ${ex.status}`, ex);
      t.prerequisite(
        id !== undefined,
        'the add answer carries the new id neither in responseData.data.id (vendor reference) nor in responseData.id; the spec does not show it',
        ex,
      );
      // Edit contact's path and its 404 for an unknown contact are the spec's: a 200 says the contact exists.
      const found = await t
        .core('POST', `/contacts/edit/${String(id)}.json`)
        .json({ name })
        .send();
      t.check(
        'CORE-METHOD-PUT-CREATES',
        found.status === 200,
        `Edit contact of the contact PUT created (id ${String(id)}) answered ${found.status}, not 200`,
        found,
      );
    },
  }),

  defineCheck({
    id: 'core.methods.post-create',
    title: 'POST /contacts/add.json does not create',
    surface: 'core',
    rules: ['CORE-METHOD-POST-CREATE-FAILS'],
    cost: { requests: 2 },
    async run(t) {
      const name = t.uniqueName();
      // An industry no other record has finds the contact if the POST made one: the spec does not say what a
      // keyword matches, and industry is a filter List contacts documents.
      const industry = t.uniqueName();
      const ex = await t.core('POST', '/contacts/add.json').json({ name, industry }).send();
      const id = createdId(ex);
      if (id !== undefined) t.undo(`delete contact ${String(id)}`, t.core('DELETE', `/contacts/delete/${String(id)}.json`));
      t.check('CORE-METHOD-POST-CREATE-FAILS', !is2xx(ex.status), `POST to create answered ${ex.status}`, ex);
      // The page is searched for the name, so a filter that lists more than it should blames nothing on the method.
      const { ex: listed } = await readPage(t, '/contacts/index.json', { industry, limit: 1000 });
      t.check('CORE-METHOD-POST-CREATE-FAILS', !listed.text.includes(name), 'the POST created a contact', listed);
    },
  }),

  defineCheck({
    id: 'core.methods.no-patch',
    title: 'PATCH on an edit path neither succeeds nor edits',
    surface: 'core',
    rules: ['CORE-METHOD-NO-PATCH'],
    cost: { requests: 3 },
    records: { batched: leavesContacts(1) },
    async run(t) {
      const name = t.uniqueName();
      const id = await createContact(t, { name });
      const ex = await t
        .core('PATCH', `/contacts/edit/${id}.json`)
        .json({ name: `${name}-patched` })
        .send();
      t.check('CORE-METHOD-NO-PATCH', !is2xx(ex.status), `PATCH answered ${ex.status}`, ex);
      const view = await showContact(t, id);
      t.expectEqual('CORE-METHOD-NO-PATCH', shownField(t, view, 'name'), name, 'name after the PATCH');
    },
  }),

  defineCheck({
    id: 'core.methods.get-safe',
    title: 'GET on the delete path of a tag deletes nothing',
    surface: 'core',
    rules: ['CORE-METHOD-GET-SAFE'],
    cost: { requests: 4 },
    async run(t) {
      const rule = 'CORE-METHOD-GET-SAFE';
      // Add a tag: path and payload from the vendor reference. Delete a tag's path and answers are the spec's.
      const created = await t.core('PUT', '/tags/add.json').json({ name: t.uniqueName() }).send();
      t.expectOk(created, 'creating a tag');
      const id = createdId(created);
      t.prerequisite(id !== undefined, 'creating a tag returned no id in responseData.data.id or responseData.id', created);
      const path = `/tags/delete/${String(id)}.json`;
      t.undo(`delete tag ${String(id)}`, t.core('DELETE', path));
      await t.core('GET', path).send();
      // The tag must still be there to delete: 200, where a tag already gone gets 404.
      const removed = await t.core('DELETE', path).send();
      t.check(rule, removed.status !== 404, `after GET ${path}, deleting the tag answered 404: the GET deleted it`, removed);
      t.prerequisite(
        removed.status === 200,
        `deleting the tag after the GET answered ${removed.status}, so whether the GET left it in place cannot be told`,
        removed,
      );
    },
  }),
];
