/** Readings that rules of several surfaces share, written once so they cannot drift apart. */
import type { RuleReading } from './types.ts';

/** The spec's words on credentials and projects: a key pair picks its project, and another project's gets 401. */
export const ANOTHER_PROJECT_QUOTE =
  "The credentials alone decide which project's data is read or written; the host selects only the API service. Separate key pairs are needed per project, and identifiers are scoped to a project. … Missing, incorrect, malformed or revoked credentials, or credentials of another project, give `401`.";

/** Why a foreign key asking for an identifier may get either status. */
export const ANOTHER_PROJECT_TAKEN =
  "Authentication 6 gives 401 to credentials of another project. Authentication 3 says the credentials alone decide which project's data is read, and that identifiers are scoped to a project. So project B's valid key asking for project A's identifier may be refused as foreign credentials (401). Or it may be looked up in project B, where no such identifier exists (404).";

export const ANOTHER_PROJECT_ACCEPTED = 'Either 401 or 404; the report names the one the target chose.';

/**
 * A valid key of one project asking for an identifier of another: Authentication says both that
 * credentials of another project give 401 and that the credentials alone pick the project, whose
 * identifiers are its own, which makes the identifier simply unknown there.
 */
export const ANOTHER_PROJECT: RuleReading = {
  quote: ANOTHER_PROJECT_QUOTE,
  taken: `${ANOTHER_PROJECT_TAKEN} What holds under either reading, and is judged, is that none of project A's data reaches project B.`,
  accepted: ANOTHER_PROJECT_ACCEPTED,
};

/** Hosts says every response is UTF-8 JSON; the spec itself shows a bodiless 204 and an HTML 403. */
export const JSON_BODIES_QUOTE =
  'Responses are UTF-8 JSON. … no content (VoiceAgent initiate, Dialer deletes) … A `403` whose body is an HTML page is an edge block (most often a missing or disallowed `User-Agent` header), not an authorization failure.';

export const JSON_BODIES_TAKEN =
  'Hosts says responses are UTF-8 JSON, yet the error table documents 204 with no content. Authentication 7 documents a 403 whose body is an HTML page, an edge block produced ahead of the API. The sentence is read as covering the bodies the API itself sends: every other response with a body must be JSON.';

export const JSON_BODIES_ACCEPTED = 'A bodiless answer, and an HTML edge-block 403: neither is judged here.';

/** Authentication 6 on a host other than the core: the same 401 for every kind of bad credentials. */
export const EVERY_HOST_QUOTE =
  'Every request on every host is authenticated with HTTP Basic … Missing, incorrect, malformed or revoked credentials, or credentials of another project, give `401`.';

export const EVERY_HOST_TAKEN =
  'Authentication 6 gives 401 for missing, malformed and revoked credentials alike, and Authentication 1 applies it on every host.';

/** A revoked key on a host other than the core. */
export const REVOKED_EVERY_HOST: RuleReading = {
  quote: EVERY_HOST_QUOTE,
  taken: 'Authentication 6 gives 401 for revoked credentials, and Authentication 1 applies it on every host.',
  method: 'Judged with the revoked key pair of CC_REVOKED_KEY_ID; skipped without it.',
};

/** Where a base path shows: only in the URL the user configures. */
export function configuredBase(variable: string, judged = 'the rule'): string {
  return `A base path shows only in the URL a user configures, so ${judged} is judged on ${variable} itself, and the report says so.`;
}
