import type { FastifyInstance, FastifyReply } from 'fastify';
import { companyOf, type MockContext } from '../../context.ts';
import { isObject } from '../core/validate.ts';

/**
 * The CueCard host ({cuecard_url}, prefix /api): Create CueCard on the vendor reference's path
 * POST /cuecards, delivered to the agent on a live call; 424 when there is no such active call.
 * The spec shows no error body here; the vendor reference's { success, errors } is used.
 */
export function cuecardError(reply: FastifyReply, status: number, errors: string[]): FastifyReply {
  return reply.code(status).send({ success: false, errors });
}

const REQUIRED = ['call_uuid', 'type', 'title', 'content'] as const;
const OPTIONAL = ['subtitle', 'icon_url'] as const;

/** Vendor reference CueCardRequest: strings, and a content that is HTML text or an array of blocks. */
export function cuecardProblems(body: unknown): string[] {
  if (!isObject(body)) return ['body must be a JSON object'];
  const problems: string[] = [];
  for (const field of REQUIRED) {
    if (body[field] === undefined) problems.push(`field validation for '${field}' failed (required)`);
  }
  for (const field of [...REQUIRED.filter((f) => f !== 'content'), ...OPTIONAL]) {
    if (body[field] !== undefined && typeof body[field] !== 'string') problems.push(`field validation for '${field}' failed (string)`);
  }
  const content = body.content;
  if (content !== undefined && typeof content !== 'string' && !(Array.isArray(content) && content.every(isObject)))
    problems.push("field validation for 'content' failed (html or blocks)");
  return problems;
}

/** Create CueCard; registered on the CueCard host, and elsewhere only under a wrong-host fault. */
export function cuecardRoutes(app: FastifyInstance, ctx: MockContext): void {
  const { faults } = ctx;
  app.post('/cuecards', (req, reply) => {
    const problems = cuecardProblems(req.body);
    if (problems.length > 0) return cuecardError(reply, 400, problems);
    const company = companyOf(req);
    const uuid = (req.body as { call_uuid: string }).call_uuid;
    // The card goes to the agent on that live call; with no such call the prerequisite is missing.
    if (!company.activeCalls.has(uuid)) {
      if (faults.on('cuecard-no-call-200')) return reply.code(200).send({ success: true });
      // The fault's host also takes a card for a call it has no record of (the spec leaves that answer open);
      // a call it knows that is not live still gets the 424.
      const unknown = ![...company.calls.values()].some((call) => call.uuid === uuid);
      if (!(faults.on('cuecard-success-text-plain') && unknown))
        return cuecardError(reply, faults.on('cuecard-no-call-404') ? 404 : 424, ['no such active call']);
    }
    // The fault's host labels its success bodies text/plain, as a misconfigured serializer would; its errors stay JSON.
    if (faults.on('cuecard-success-text-plain'))
      return reply
        .code(200)
        .type('text/plain; charset=utf-8')
        .send(JSON.stringify({ success: true }));
    return reply.code(200).send({ success: true });
  });
  if (faults.on('cuecard-get-served')) app.get('/cuecards', (_req, reply) => reply.code(200).send({ success: true, data: [] }));
}
