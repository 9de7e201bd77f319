import type { FastifyInstance } from 'fastify';
import type { MockContext } from '../../../context.js';
import { associationRoutes } from './associations.js';
import { dispositionRoutes } from './dispositions.js';
import { exportRoutes } from './exports.js';
import { scriptRoutes } from './scripts.js';
import { statisticsRoutes } from './statistics.js';
import { surveyRoutes } from './surveys.js';

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
