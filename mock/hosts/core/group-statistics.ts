import type { FastifyInstance } from 'fastify';
import { companyOf, type MockContext } from '../../context.ts';
import type { Company, Group } from '../../state/model.ts';

/** Members of a group: the agents with a membership of it. */
function operators(company: Company, group: Group): number {
  let count = 0;
  for (const membership of company.memberships) if (membership.endsWith(`:${group.id}`)) count += 1;
  return count;
}

/**
 * Group statistics (vendor reference: GET /statistics/realtime/groups.json). The mock places no calls in
 * groups, so only `operators` is more than zero. The vendor reference's schema puts `groups` directly in
 * responseData while its example wraps it in `data`: the reference dialect follows the example, the variant
 * the schema.
 */
export function groupStatisticsRoutes(app: FastifyInstance, ctx: MockContext): void {
  app.get('/statistics/realtime/groups.json', (req, reply) => {
    const company = companyOf(req);
    const groups = [...company.groups.values()].map((group) => ({
      name: group.internal_name,
      id: group.id,
      operators: operators(company, group),
      answered: 0,
      unanswered: 0,
      abandon_rate: 0,
      avg_waiting_time: 0,
      max_waiting_time: 0,
      avg_call_duration: 0,
      real_time: { waiting_queue: 0, avg_waiting_time: 0, max_waiting_time: 0, avg_abandonment_time: 0 },
    }));
    const responseData = ctx.dialect === 'variant' ? { groups } : { data: { groups } };
    return reply.code(200).send({ responseData });
  });
}
