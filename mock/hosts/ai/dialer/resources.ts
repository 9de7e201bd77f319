import type { FastifyInstance } from 'fastify';
import type { MockContext } from '../../../context.ts';
import { associationRoutes } from './associations.ts';
import { dispositionRoutes } from './dispositions.ts';
import { exportRoutes } from './exports.ts';
import { scriptRoutes } from './scripts.ts';
import { statisticsRoutes } from './statistics.ts';
import { surveyRoutes } from './surveys.ts';

/**
 * The Dialer's resources other than campaigns: call scripts, surveys, a campaign's associations,
 * disposition buttons, statistics and exports, and the disposition tag list. `DELETE /dialer/surveys/{surveyId}`
 * is deliberately not among them (spec: Endpoints > Dialer).
 */
export function resourceRoutes(app: FastifyInstance, ctx: MockContext): void {
  scriptRoutes(app, ctx);
  surveyRoutes(app, ctx);
  associationRoutes(app, ctx);
  dispositionRoutes(app, ctx);
  statisticsRoutes(app, ctx);
  exportRoutes(app, ctx);
}
