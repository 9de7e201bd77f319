import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { companyOf, type MockContext } from '../../../context.ts';
import { type CallScript, nextSeq, resourcesOf } from '../../../state/dialer-resources.ts';
import { cursorPage } from './cursor.ts';
import { checkName, invalid, isObject, missing, now, optionalString, readOnlyChanges } from './resource-common.ts';
import { wrapped } from './dialect.ts';
import { params, serve } from './route.ts';

/** A call script as the API shows it: `{ id, name, content, createdAt, updatedAt }`. */
export function renderScript(script: CallScript): Record<string, unknown> {
  return { id: script.id, name: script.name, content: script.content, createdAt: script.createdAt, updatedAt: script.updatedAt };
}

/**
 * Call scripts: create (201), partial update, cursor list. There is no delete. An update takes back `id`,
 * `createdAt` and `updatedAt` as listed and moves `updatedAt` only when it changed the script.
 */
export function scriptRoutes(app: FastifyInstance, ctx: MockContext): void {
  const { faults } = ctx;

  serve(app, ctx, 'scripts.list', (req, reply) => {
    // The fault's server lists the call scripts of every company, not only the requester's.
    const companies = faults.on('dialer-scripts-cross-company-list') ? [...ctx.state.companies.values()] : [companyOf(req)];
    const scripts = companies.flatMap((company) => [...resourcesOf(company).scripts.values()]).sort((a, b) => a.seq - b.seq);
    return cursorPage(ctx, req, reply, faults.on('dialer-scripts-list-stale') ? scripts.slice(0, -1) : scripts, renderScript, {
      lenientCursor: faults.on('dialer-scripts-cursor-lenient'),
      emptyCursorRefused: faults.on('dialer-scripts-empty-cursor-400'),
      list: 'scripts',
    });
  });

  serve(app, ctx, 'scripts.create', (req, reply) => {
    const company = companyOf(req);
    const body = req.body;
    if (!isObject(body)) return invalid(ctx, reply, ['body must be a JSON object']);
    const name = checkName(ctx, body, true, {
      blankAccepted: faults.on('dialer-script-create-whitespace-name-accepted'),
      paddingRefused: faults.on('dialer-script-name-padding-refused'),
    });
    const content = optionalString(body, 'content');
    const errors = [...('errors' in name ? name.errors : []), ...(content.error ? [content.error] : [])];
    if (errors.length > 0 || !('name' in name)) return invalid(ctx, reply, errors);
    const at = now();
    const script: CallScript = { id: randomUUID(), name: name.name, content: content.value ?? '', createdAt: at, updatedAt: at, seq: nextSeq(company) };
    resourcesOf(company).scripts.set(script.id, script);
    return reply.code(faults.on('dialer-script-create-200') ? 200 : 201).send(wrapped(ctx, renderScript(script)));
  });

  serve(app, ctx, 'scripts.update', (req, reply) => {
    const body = req.body;
    if (!isObject(body)) return invalid(ctx, reply, ['body must be a JSON object']);
    const name = checkName(ctx, body, false, {
      blankAccepted: faults.on('dialer-script-update-whitespace-name-accepted'),
      paddingRefused: faults.on('dialer-script-name-padding-refused'),
    });
    const content = optionalString(body, 'content');
    const errors = [...('errors' in name ? name.errors : []), ...(content.error ? [content.error] : [])];
    if (errors.length > 0) return invalid(ctx, reply, errors);
    const script = resourcesOf(companyOf(req)).scripts.get(params(req).scriptId ?? '');
    if (!script) return missing(ctx, reply, 'Call script');
    const unchangeable = readOnlyChanges(body, { id: script.id, createdAt: script.createdAt, updatedAt: script.updatedAt });
    if (unchangeable.length > 0) return invalid(ctx, reply, unchangeable);
    if (!faults.on('dialer-script-update-ignored')) {
      const before = { name: script.name, content: script.content };
      if ('name' in name) script.name = name.name;
      if (content.value !== undefined) script.content = content.value;
      if (script.name !== before.name || script.content !== before.content) script.updatedAt = now();
    }
    return reply.code(200).send(wrapped(ctx, renderScript(script)));
  });
}
