import { OLDER_SIDE_UNSTATED } from './dialer-readings.js';
import { observed, type Rule, required } from './types.js';

/** Rules of the Dialer as a whole: authentication and unmatched routes (its budget: budget.ts). */
const S = {
  auth: 'Authentication',
  errors: 'Errors > Errors on the {ai_url} host',
  dialer: 'Endpoints > Dialer',
} as const;

export const DIALER_RULES: readonly Rule[] = [
  required({
    id: 'DIALER-X-API-KEY-401',
    surface: 'dialer',
    section: S.auth,
    statement: 'A Dialer request carrying an x-api-key header gets 401, with or without valid Basic credentials.',
    reading:
      "Authentication 2 says a request carrying an x-api-key header is rejected with 401, and Versioning adds that the x-api-key scheme was never deployed; the sentence names no exception for a request that also carries valid Basic credentials, so it is read literally: the header alone earns the 401, and a target that serves such a request on the strength of its Basic credentials fails.",
  }),
  required({ id: 'DIALER-SAME-KEY', surface: 'dialer', section: S.auth, statement: 'The Dialer authenticates with the standard Basic key pair: a valid key lists campaigns with 200.' }),
  required({
    id: 'DIALER-BASE-PATH',
    surface: 'dialer',
    section: 'What the service does > Hosts',
    statement: 'The Dialer is served on the AI host under /v1/dialer: GET {ai_url}/dialer/campaigns, the one path the spec shows for reading, answers 200 with a cursor page.',
    reading:
      'The path is sent as the spec writes it, not from the route table, so a CC_DIALER_ROUTES override cannot hide a Dialer served elsewhere; that {ai_url} itself ends in /v1 is judged on the configured URL by AI-BASE-PATH.',
  }),
  required({
    id: 'DIALER-GET-SAFE',
    surface: 'dialer',
    section: 'What the service does > HTTP method conventions',
    statement: "Dialer GET requests change nothing: after a campaign, its disposition buttons, contacts and statistics, and the Dialer's lists are read, the campaign, its buttons and its statistics read back exactly as before.",
    reading:
      "'GET reads', as for the core API's 'never modifies data'. The check reads a campaign of its own, so no other writer changes it; every member is compared, updatedAt included. Paths other than the campaign list are this project's (lib/dialer/routes.ts).",
  }),
  required({
    id: 'DIALER-ROUTE-NOT-FOUND',
    surface: 'dialer',
    section: S.errors,
    since: '1.0.21',
    statement: "A Dialer path or method that is not routed (DELETE /dialer/surveys/{surveyId} among them) gets 404 in the service shape with message 'Route not found' and a correlationId, and the body repeats neither the path nor the query.",
  }),
  observed({
    id: 'DIALER-ROUTE-NOT-FOUND-LEGACY',
    surface: 'dialer',
    section: 'Versioning',
    until: '1.0.21',
    statement: "What a release before v1.0.21 answers to an unmatched Dialer route: 404 without the fixed body ('Route not found' with a correlationId), as the mock plays it, or otherwise.",
    reading: `The v1.0.21 line says the 'unmatched-route 404 body' was 'fixed to Route not found with correlationId': 'fixed' may mean repaired or made constant, and neither says what the body was before, nor whether it was the same for every route. ${OLDER_SIDE_UNSTATED}`,
  }),
];
