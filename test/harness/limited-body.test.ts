import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { limitedBodyProblem } from '../../lib/budget/limited-body.ts';
import { schemas } from '../../lib/schemas/registry.ts';

/**
 * Both engines judge a 429's body with limited-body.ts (k6 cannot run ajv); the published schemas say the
 * same shapes. They must accept exactly the same bodies, so a change to one without the other fails here.
 */
const value = fc.oneof(
  fc.constant(429),
  fc.constant(428),
  fc.constant('429'),
  fc.constant('Too Many Requests'),
  fc.constant('too many requests'),
  fc.constant(''),
  fc.constant('abc-123'),
  fc.constant(null),
  fc.constant(true),
  fc.constant([]),
);
const coreLike = fc.record({ responseData: fc.oneof(fc.record({ status: value, message: value }, { requiredKeys: [] }), value) }, { requiredKeys: [] });
const dialerLike = fc.record(
  { statusCode: value, message: value, error: value, correlationId: value, code: value, responseData: fc.record({ status: value }, { requiredKeys: [] }) },
  { requiredKeys: [] },
);
// The limiter-ahead shape, mostly whole, so the property reaches both of its branches often.
const limiterLike = fc.record({ code: value, message: value, correlationId: value }, { requiredKeys: ['code'] });
const body = fc.oneof(coreLike, dialerLike, limiterLike, value, fc.constant(undefined));

describe('the 429 body judge and the published schemas accept the same bodies', () => {
  for (const surface of ['core', 'dialer'] as const) {
    test(surface, () => {
      const registry = schemas();
      const name = `${surface}/too-many-requests`;
      fc.assert(
        fc.property(body, (json) => {
          const bySchema = json !== undefined && registry.validate(name, json).ok;
          expect(limitedBodyProblem(surface, json) === undefined, JSON.stringify(json)).toBe(bySchema);
        }),
        { numRuns: 3000 },
      );
    });
  }

  test('the documented bodies pass and say nothing; a wrong one says what is wrong', () => {
    expect(limitedBodyProblem('core', { responseData: { status: 429, message: 'Too Many Requests' } })).toBeUndefined();
    expect(limitedBodyProblem('dialer', { statusCode: 429, message: 'slow down', error: 'Too Many Requests', correlationId: 'c-1' })).toBeUndefined();
    expect(limitedBodyProblem('dialer', { responseData: { status: 429 }, statusCode: 429, message: 'm', error: 'Too Many Requests' })).toMatch(/responseData/);
    // A limiter ahead of the service may answer as the authentication layer does; any non-empty code.
    expect(limitedBodyProblem('dialer', { code: 'TOO_MANY_REQUESTS', message: 'Rate limit exceeded' })).toBeUndefined();
    expect(limitedBodyProblem('dialer', { code: '', message: 'm' })).toMatch(/code/);
    expect(limitedBodyProblem('core', { code: 'TOO_MANY_REQUESTS', message: 'm' })).toMatch(/responseData/);
    expect(limitedBodyProblem('core', { responseData: { status: 429, message: 'Slow down' } })).toMatch(/message/);
  });
});
