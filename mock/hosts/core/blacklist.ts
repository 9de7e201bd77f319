import type { FastifyInstance } from 'fastify';
import { companyOf, type MockContext } from '../../context.ts';
import { type BlacklistEntry, type BlacklistType, nextId } from '../../state/model.ts';
import { ack, invalidInput, notFound, sendPage, type FieldErrors } from './replies.ts';
import { addError, checkReadOnly, isObject, pathId, rejectUnknown } from './validate.ts';

const TYPES: readonly BlacklistType[] = ['all', 'incoming', 'outgoing'];

/** Every number each entry had before an edit, which the fault's stale index still finds it by (blacklist-edit-keeps-old-number). */
const formerNumbers = new WeakMap<BlacklistEntry, Set<number>>();

/** Filter names follow the vendor reference: the spec lists the filters but not their names. */
export function blacklistRoutes(app: FastifyInstance, ctx: MockContext): void {
  const { faults, state } = ctx;

  app.get('/blacklist/index.json', (req, reply) => {
    const company = companyOf(req);
    const q = req.query as Record<string, string | undefined>;
    let items = [...company.blacklist.values()];
    if (q.id !== undefined && !faults.on('blacklist-ignores-id')) items = items.filter((e) => String(e.id) === q.id);
    if (q.type !== undefined && !faults.on('blacklist-ignores-type')) items = items.filter((e) => e.type === q.type);
    if (q.country_code !== undefined && !faults.on('blacklist-ignores-country')) {
      const code = q.country_code.replace(/^\+/, '');
      items = items.filter((e) => String(e.public_number).startsWith(code));
    }
    if (q.public_number !== undefined && !faults.on('blacklist-ignores-number')) {
      const digits = q.public_number.replace(/^\+/, '');
      // The fault's index is written on add and never cleared on edit: an entry is found by any number it had.
      items = items.filter(
        (e) => String(e.public_number) === digits || (faults.on('blacklist-edit-keeps-old-number') && formerNumbers.get(e)?.has(Number(digits))),
      );
    }
    return sendPage(ctx, req, reply, items, (e) => {
      const entry = { id: String(e.id), type: e.type, public_number: e.public_number };
      if (faults.on('blacklist-unwrapped')) return entry;
      // A second model key beside Blacklist, as a join that leaks its other table would list.
      return faults.on('blacklist-item-extra-key') ? { Blacklist: entry, Contact: { id: null } } : { Blacklist: entry };
    });
  });

  /**
   * Add and Edit number on blacklist share one payload. A number already on the company's blacklist is
   * refused: the spec names no status for a duplicate, the vendor reference documents 406 as the only
   * refusal of both operations, so 406 naming public_number.
   */
  const parseEntry = (
    body: unknown,
    selfId: number | undefined,
    companyEntries: Iterable<BlacklistEntry>,
  ): { errors: FieldErrors; type: BlacklistType; number: number } => {
    const errors: FieldErrors = {};
    if (!isObject(body)) return { errors: { body: ['Must be a JSON object.'] }, type: 'all', number: 0 };
    if (selfId === undefined) rejectUnknown(body, new Set(['type', 'public_number']), errors);
    // An entry read and written back carries its id, which an edit does not change.
    else checkReadOnly(body, { id: String(selfId) }, errors);
    if (!TYPES.includes(body.type as BlacklistType)) addError(errors, 'type', 'Must be all, incoming or outgoing.');
    const raw =
      typeof body.public_number === 'number' ? String(body.public_number) : typeof body.public_number === 'string' ? body.public_number.replace(/^\+/, '') : '';
    if (!/^[1-9][0-9]{5,14}$/.test(raw))
      addError(errors, 'public_number', `Please supply only valid numbers. Number ${String(body.public_number)} is not valid.`);
    else if ([...companyEntries].some((e) => e.public_number === Number(raw) && e.id !== selfId)) {
      addError(errors, 'public_number', `Number ${raw} is already on the blacklist.`);
    }
    return { errors, type: body.type as BlacklistType, number: Number(raw) };
  };

  app.put('/blacklist/add.json', (req, reply) => {
    const company = companyOf(req);
    const { errors, type, number } = parseEntry(req.body, undefined, company.blacklist.values());
    if (Object.keys(errors).length > 0) return invalidInput(ctx, reply, errors);
    const id = nextId(state, 'blacklist');
    company.blacklist.set(id, { id, type, public_number: number });
    return ack(ctx, reply, 201, { id: String(id) });
  });

  app.post<{ Params: { id: string } }>('/blacklist/edit/:id.json', (req, reply) => {
    const company = companyOf(req);
    const id = pathId(req.params.id);
    const entry = id === undefined ? undefined : company.blacklist.get(id);
    if (!entry) return notFound(ctx, reply);
    const { errors, type, number } = parseEntry(req.body, entry.id, company.blacklist.values());
    if (Object.keys(errors).length > 0) return invalidInput(ctx, reply, errors);
    if (faults.on('blacklist-edit-keeps-old-number') && entry.public_number !== number)
      formerNumbers.set(entry, (formerNumbers.get(entry) ?? new Set()).add(entry.public_number));
    entry.type = type;
    entry.public_number = number;
    return ack(ctx, reply, 200);
  });

  app.delete<{ Params: { id: string } }>('/blacklist/delete/:id.json', (req, reply) => {
    const company = companyOf(req);
    if (!/^\d+$/.test(req.params.id) || !company.blacklist.delete(Number(req.params.id))) return notFound(ctx, reply);
    return ack(ctx, reply, 200);
  });
}
