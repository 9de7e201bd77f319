import { createHash } from 'node:crypto';
import type { FastifyError, FastifyInstance } from 'fastify';
import { companyOf, type MockContext } from '../../context.ts';
import { nextId } from '../../state/model.ts';
import { attributeProblems, createVoiceAgent, isPlainObject, type VoiceAgentAttributes, type VoiceAgentRecord } from '../../state/voice-agents.ts';
import { requestId, serviceError } from './errors.ts';
import { acceptFormBodies, readPayload, writeAttributes } from './va-dialect.ts';
import { voiceAgentCallRoutes } from './va-calls.ts';
import { reject } from './va-errors.ts';

/**
 * VoiceAgent (spec: Endpoints > Voice agent). Choices where the spec shows nothing:
 * - create answers 201 and requires a non-blank agentName (success status and required attributes not shown);
 * - a payload that does not fit the attribute model (unknown or response-only members, wrong types) is 400, once
 *   the variant dialect's binder has converted what it takes (./va-dialect.ts);
 * - an id the company does not hold is 404, whoever else holds it (identifiers are scoped to a project);
 * - every error, body-parse errors and wrong content types included, uses the nested shape the spec
 *   documents for create and get, with a requestId; the call routes (suites/ai/voice-agents/calls.ts) follow suit;
 * - while `ctx.outage.voiceAgent` counts down, each VoiceAgent request is 503 with `Retry-After: 1`
 *   (spec: Errors, 503 "dependency unavailable; retry with backoff").
 * Only the documented methods are routed; PUT, PATCH and DELETE fall to the host's 404.
 */
export function voiceAgentRoutes(app: FastifyInstance, ctx: MockContext): void {
  // A plugin of its own, so the error handler and the outage hook cover exactly the VoiceAgent routes.
  app.register(async (va) => {
    acceptFormBodies(ctx, va);
    va.setErrorHandler((err: FastifyError, req, reply) => {
      const status = err.statusCode ?? 500;
      if (status < 500) {
        if (ctx.faults.on('va-parse-error-generic')) return serviceError(ctx, reply, 400, 'Bad Request', ['body must be valid JSON']);
        if (status === 415) return reject(ctx, reply, 400, 'UNSUPPORTED_MEDIA_TYPE', 'Send the body as application/json.', 'body');
        if (status === 413) return reject(ctx, reply, 400, 'PAYLOAD_TOO_LARGE', 'The body is too large.', 'body');
        return reject(ctx, reply, 400, 'INVALID_JSON', 'The body is not valid JSON.', 'body');
      }
      req.log.error(err);
      return reject(ctx, reply, 500, 'INTERNAL_ERROR', 'Something went wrong.', 'service');
    });

    va.addHook('onRequest', async (_req, reply) => {
      if (ctx.outage.voiceAgent <= 0) return undefined;
      ctx.outage.voiceAgent -= 1;
      reply.header('retry-after', '1');
      return reject(ctx, reply, 503, 'SERVICE_UNAVAILABLE', 'A dependency of the VoiceAgent service is unavailable; retry with backoff.', 'service');
    });

    voiceAgentResourceRoutes(va, ctx);
    voiceAgentCallRoutes(va, ctx);
  });
}

function newId(ctx: MockContext): string {
  const n = nextId(ctx.state, 'voice-agent');
  return createHash('sha256').update(`${ctx.state.seed}:voice-agent:${n}`).digest('hex').slice(0, 24);
}

/** Fault of a store that keeps floats at one decimal. */
function roundNumbers(a: VoiceAgentAttributes): void {
  const round = (n: number | undefined) => (n === undefined ? undefined : Math.round(n * 10) / 10);
  for (const key of ['similarity', 'stability', 'temperature'] as const) if (a[key] !== undefined) a[key] = round(a[key]);
  const sound = a.voiceProviderSettings?.backgroundSound;
  if (sound?.volume !== undefined) sound.volume = round(sound.volume);
}

/** The resource as the spec returns it, `{ data: { id, type, attributes }, requestId }`, bent by the faults of each operation. */
function render(ctx: MockContext, record: VoiceAgentRecord, operation: 'create' | 'get'): Record<string, unknown> {
  const { faults } = ctx;
  const attributes = structuredClone(record.attributes);
  if (faults.on('va-llm-override-slash')) attributes.llmOverride = attributes.llmOverride?.replace(' - ', '/');
  if (faults.on('va-created-at-local')) attributes.createdAt = attributes.createdAt?.replace(/\.\d{3}Z$/, '');
  if (faults.on('va-updated-before-created') && attributes.createdAt)
    attributes.updatedAt = new Date(Date.parse(attributes.createdAt) - 3_600_000).toISOString();
  if (operation === 'get') {
    if (faults.on('va-no-resolved-llm')) delete attributes.resolvedLlm;
    if (faults.on('va-get-drops-nested')) for (const rule of attributes.skills?.transferToHuman?.rules ?? []) delete rule.groupExtension;
  }
  const id: string | number = operation === 'create' && faults.on('va-create-id-number') ? Number.parseInt(record.id.slice(0, 12), 16) : record.id;
  const data = { id, type: 'voiceAgent', attributes: writeAttributes(ctx, attributes as Record<string, unknown>) };
  return { data: operation === 'get' && faults.on('va-get-data-array') ? [data] : data, requestId: requestId() };
}

function findAnywhere(ctx: MockContext, id: string): VoiceAgentRecord | undefined {
  for (const company of ctx.state.companies.values()) {
    const found = company.voiceAgents.get(id);
    if (found) return found;
  }
  return undefined;
}

function voiceAgentResourceRoutes(va: FastifyInstance, ctx: MockContext): void {
  const { faults } = ctx;

  va.post('/voice-agents', (req, reply) => {
    const body = readPayload(ctx, req.body);
    const problems = attributeProblems(body);
    if (isPlainObject(body) && (body.agentName === undefined || (typeof body.agentName === 'string' && body.agentName.trim() === ''))) {
      problems.push({ code: 'REQUIRED', message: 'is required and must not be blank', target: 'agentName' });
    }
    // A service that knows outbound agents only, against the spec's "value inbound is used".
    if (faults.on('va-direction-inbound-refused') && isPlainObject(body) && body.direction === 'inbound')
      problems.push({ code: 'INVALID_VALUE', message: 'must be outbound', target: 'direction' });
    if (problems.length > 0) {
      // A handler that trusts the types it was sent, as a server without validation would.
      if (faults.on('va-create-500-wrong-type') && problems.some((p) => p.code === 'INVALID_TYPE'))
        throw new TypeError('cannot read properties of a value of the wrong type');
      if (faults.on('va-create-error-service-shape'))
        return serviceError(
          ctx,
          reply,
          400,
          'Bad Request',
          problems.map((p) => `${p.target} ${p.message}`),
        );
      return reject(ctx, reply, 400, 'VALIDATION_ERROR', 'The voice agent is invalid.', 'body', problems);
    }
    const record = createVoiceAgent(newId(ctx), body as VoiceAgentAttributes, new Date());
    if (faults.on('va-numbers-rounded')) roundNumbers(record.attributes);
    companyOf(req).voiceAgents.set(record.id, record);
    return reply.code(201).send(render(ctx, record, 'create'));
  });

  va.get<{ Params: { voiceAgentId: string } }>('/voice-agents/:voiceAgentId', (req, reply) => {
    const id = req.params.voiceAgentId;
    const record = faults.on('va-isolation-leak') ? findAnywhere(ctx, id) : companyOf(req).voiceAgents.get(id);
    if (!record) {
      if (faults.on('va-get-error-service-shape')) return serviceError(ctx, reply, 404, 'Voice agent not found');
      return reject(ctx, reply, 404, 'NOT_FOUND', 'Voice agent not found.', 'voiceAgentId', [
        { code: 'NOT_FOUND', message: 'the company has no voice agent with this id', target: 'voiceAgentId' },
      ]);
    }
    return reply.code(200).send(render(ctx, record, 'get'));
  });

  if (faults.on('va-put-edits')) {
    // A framework's generated update route left enabled: VoiceAgent writes are POST-only.
    va.put<{ Params: { voiceAgentId: string } }>('/voice-agents/:voiceAgentId', (req, reply) => {
      const record = companyOf(req).voiceAgents.get(req.params.voiceAgentId);
      if (!record) return reject(ctx, reply, 404, 'NOT_FOUND', 'Voice agent not found.', 'voiceAgentId');
      if (isPlainObject(req.body) && attributeProblems(req.body).length === 0) Object.assign(record.attributes, req.body);
      return reply.code(200).send(render(ctx, record, 'get'));
    });
  }
}
