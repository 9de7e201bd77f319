import type { FastifyInstance } from 'fastify';

/**
 * The `echo-request-headers` fault: every answer carries back each header of its request, as an
 * `x-echo-<name>` header and in the body, Authorization included, as a debugging proxy might. The body
 * keeps its type where it can (a JSON object gains a field, a JSON array an element, text a trailer), so
 * the run goes on and only the checks that read those bodies closely fail.
 */
export function echoRequestHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (req, reply, payload) => {
    const echoed: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (value === undefined) continue;
      echoed[name] = Array.isArray(value) ? value.join(', ') : value;
      reply.header(`x-echo-${name}`, echoed[name]);
    }
    // A body only where one may be sent, and only one already serialised to text.
    if (typeof payload !== 'string' || payload === '' || reply.statusCode === 204 || reply.statusCode === 304 || req.method === 'HEAD') return payload;
    reply.removeHeader('content-length');
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload);
    } catch {
      return `${payload}\n${Object.entries(echoed)
        .map(([name, value]) => `${name}: ${value}`)
        .join('\n')}\n`;
    }
    if (Array.isArray(parsed)) return JSON.stringify([...parsed, { echoedRequestHeaders: echoed }]);
    if (typeof parsed === 'object' && parsed !== null) return JSON.stringify({ ...parsed, echoedRequestHeaders: echoed });
    return payload;
  });
}
