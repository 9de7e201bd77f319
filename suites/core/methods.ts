import { defineCheck } from '../../lib/checks/define.js';
import { is2xx } from '../shared/json.js';
import { createContact, readPage, responseData, showContact } from './fixtures.js';


export const methodChecks = [
  defineCheck({
    id: 'core.methods.put-creates',
    title: 'PUT /contacts/add.json creates: 201 and the contact can be read',
    surface: 'core',
    rules: ['CORE-CONTACT-ADD-201', 'CORE-METHOD-PUT-CREATES'],
    maxRequests: 2,
    async run(t) {
      const name = t.session.uniqueName();
      const ex = await t.core('PUT', '/contacts/add.json').json({ name }).send();
      const id = responseData<{ data?: { id?: unknown } }>(ex).data?.id;
      if (is2xx(ex.status) && id !== undefined) t.undo(`delete contact ${String(id)}`, t.core('DELETE', `/contacts/delete/${String(id)}.json`));
      t.expectStatus('CORE-CONTACT-ADD-201', ex, 201);
      t.check('CORE-METHOD-PUT-CREATES', typeof id === 'string' || typeof id === 'number', 'the 201 carries no responseData.data.id', ex);
      const shown = await t.core('GET', `/contacts/show/${String(id)}.json`).send();
      t.expectStatus('CORE-METHOD-PUT-CREATES', shown, 200);
      t.expectEqual('CORE-METHOD-PUT-CREATES', responseData<{ Contact?: { name?: unknown } }>(shown).Contact?.name, name, 'name of the created contact', shown);
    },
  }),

  defineCheck({
    id: 'core.methods.post-create',
    title: 'POST /contacts/add.json does not create',
    surface: 'core',
    rules: ['CORE-METHOD-POST-CREATE-FAILS'],
    maxRequests: 2,
    async run(t) {
      const name = t.session.uniqueName();
      const ex = await t.core('POST', '/contacts/add.json').json({ name }).send();
      const id = responseData<{ data?: { id?: unknown } }>(ex).data?.id;
      if (id !== undefined) t.undo(`delete contact ${String(id)}`, t.core('DELETE', `/contacts/delete/${String(id)}.json`));
      t.check('CORE-METHOD-POST-CREATE-FAILS', !is2xx(ex.status), `POST to create answered ${ex.status}`, ex);
      // Only the name is compared: a keyword filter that misbehaves must not be blamed on the method.
      const { ex: listed } = await readPage(t, '/contacts/index.json', { keyword: name });
      t.check('CORE-METHOD-POST-CREATE-FAILS', !listed.text.includes(name), 'the POST created a contact', listed);
    },
  }),

  defineCheck({
    id: 'core.methods.no-patch',
    title: 'PATCH on an edit path neither succeeds nor edits',
    surface: 'core',
    rules: ['CORE-METHOD-NO-PATCH'],
    maxRequests: 3,
    async run(t) {
      const name = t.session.uniqueName();
      const id = await createContact(t, { name });
      const ex = await t.core('PATCH', `/contacts/edit/${id}.json`).json({ name: `${name}-patched` }).send();
      t.check('CORE-METHOD-NO-PATCH', !is2xx(ex.status), `PATCH answered ${ex.status}`, ex);
      const view = await showContact(t, id);
      t.expectEqual('CORE-METHOD-NO-PATCH', view.Contact.name, name, 'name after the PATCH');
    },
  }),

  defineCheck({
    id: 'core.methods.get-safe',
    title: 'GET on a delete path deletes nothing',
    surface: 'core',
    rules: ['CORE-METHOD-GET-SAFE'],
    maxRequests: 3,
    async run(t) {
      const id = await createContact(t);
      await t.core('GET', `/contacts/delete/${id}.json`).send();
      const after = await t.core('GET', `/contacts/show/${id}.json`).send();
      t.expectStatus('CORE-METHOD-GET-SAFE', after, 200);
    },
  }),
];
