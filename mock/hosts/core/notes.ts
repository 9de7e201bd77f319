import type { FastifyInstance } from 'fastify';
import { companyOf, type MockContext } from '../../context.ts';
import { type Company, type MockState, type Note, nextId } from '../../state/model.ts';
import { iso } from '../../state/seed-tools.ts';
import { done, missing, NOT_AN_OBJECT, type Outcome, refusal, sendOutcome } from './outcome.ts';
import { sendPage, type FieldErrors } from './replies.ts';
import { addError, checkId, checkReadOnly, checkString, integerId, isObject, pathId } from './validate.ts';

/** Longest note the mock stores; neither document gives one, so it is generous. */
const NOTE_MAX = 65_535;

export function renderNote(n: Note): Record<string, unknown> {
  // contact_id and user_id are integers, as the vendor's ContactNote schema types them; the note's own id a string, as every record id.
  // A note assigned to no agent leaves user_id out: the vendor reference types it integer, never null.
  return {
    ContactNote: { id: String(n.id), contact_id: n.contact_id, ...(n.user_id === null ? {} : { user_id: n.user_id }), note: n.note, created: n.created },
  };
}

/** The fields a note payload may carry; `contact_id` names the contact of an edit, the path the one of an add. */
function checkNote(company: Company, body: Record<string, unknown>, errors: FieldErrors, withContact: boolean): { contactId?: number; userId?: number } {
  checkString(body, 'note', NOTE_MAX, errors, true);
  const userId = checkId(body, 'user_id', errors);
  if (userId !== undefined && !company.agents.has(userId)) addError(errors, 'user_id', 'Unknown agent.');
  if (!withContact) return { userId };
  const contactId = checkId(body, 'contact_id', errors, true);
  if (contactId !== undefined && !company.contacts.has(contactId)) addError(errors, 'contact_id', 'Unknown contact.');
  return { contactId, userId };
}

/** Add note (vendor reference): `note` required, `user_id` an agent of the company. */
export function addNote(state: MockState, company: Company, contactId: number | undefined, body: unknown): Outcome {
  if (contactId === undefined || !company.contacts.has(contactId)) return missing;
  if (!isObject(body)) return NOT_AN_OBJECT;
  const errors: FieldErrors = {};
  const { userId } = checkNote(company, body, errors, false);
  const refused = refusal(errors);
  if (refused) return refused;
  const id = nextId(state, 'note');
  company.notes.set(id, { id, contact_id: contactId, user_id: userId ?? null, note: body.note as string, created: iso(Date.now()) });
  return done(201, { id: String(id) });
}

/** Edit note (vendor reference): `contact_id` and `note` required; the note may move to another contact. */
export function editNote(company: Company, noteId: number | undefined, body: unknown): Outcome {
  const note = noteId === undefined ? undefined : company.notes.get(noteId);
  if (!note) return missing;
  if (!isObject(body)) return NOT_AN_OBJECT;
  const errors: FieldErrors = {};
  checkReadOnly(body, { id: String(note.id), created: note.created }, errors);
  const { contactId, userId } = checkNote(company, body, errors, true);
  const refused = refusal(errors);
  if (refused) return refused;
  note.contact_id = contactId as number;
  note.note = body.note as string;
  if (userId !== undefined) note.user_id = userId;
  return done(200);
}

export function deleteNote(company: Company, noteId: number | undefined): Outcome {
  return noteId !== undefined && company.notes.delete(noteId) ? done(200) : missing;
}

/** Notes and activities follow their contact out. */
export function forgetContactHistory(company: Company, contactId: number): void {
  for (const [id, n] of company.notes) if (n.contact_id === contactId) company.notes.delete(id);
  for (const [id, a] of company.activities) if (a.contact_id === contactId) company.activities.delete(id);
}

export function noteRoutes(app: FastifyInstance, ctx: MockContext): void {
  const { state } = ctx;

  app.get('/notes/index.json', (req, reply) => {
    const company = companyOf(req);
    const q = req.query as Record<string, string | undefined>;
    const contactId = q.contact_id === undefined ? undefined : integerId(q.contact_id);
    const userId = q.user_id === undefined ? undefined : integerId(q.user_id);
    const keyword = q.keyword?.toLowerCase();
    const items = [...company.notes.values()].filter(
      (n) =>
        (q.contact_id === undefined || n.contact_id === contactId) &&
        (q.user_id === undefined || n.user_id === userId) &&
        (keyword === undefined || n.note.toLowerCase().includes(keyword)),
    );
    return sendPage(ctx, req, reply, items, renderNote);
  });

  app.put<{ Params: { contactId: string } }>('/notes/add/:contactId.json', (req, reply) =>
    sendOutcome(ctx, reply, addNote(state, companyOf(req), pathId(req.params.contactId), req.body)),
  );
  app.post<{ Params: { noteId: string } }>('/notes/edit/:noteId.json', (req, reply) =>
    sendOutcome(ctx, reply, editNote(companyOf(req), pathId(req.params.noteId), req.body)),
  );
  app.delete<{ Params: { noteId: string } }>('/notes/delete/:noteId.json', (req, reply) =>
    sendOutcome(ctx, reply, deleteNote(companyOf(req), pathId(req.params.noteId))),
  );
}
