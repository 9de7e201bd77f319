import { OUR_PATH } from './dialer-campaigns.ts';
import { type Rule, required } from './types.ts';

/**
 * Another project's key against this project's Dialer records (Authentication 3 and 6), read in the same
 * two ways as on the core, analytics and AI surfaces.
 */
const AUTH = 'Authentication';

/** Why a route-table path the target does not serve skips rather than passes: a `method` to add to a reading. */
const UNROUTED =
  "A target that answers one of these paths 'Route not found' leaves the rule skipped, naming CC_DIALER_ROUTES. A 404 from a path it does not serve says nothing of its records.";

/** The sentences of Authentication 3 and 6 both rules start from. */
const ANOTHER_KEY =
  "The credentials alone decide which project's data is read or written … identifiers are scoped to a project. … Missing, incorrect, malformed or revoked credentials, or credentials of another project, give `401`.";
/** What either rule accepts of the two statuses. */
const EITHER = 'Both 401 and 404 are accepted, and the report names the one the target chose.';

export const DIALER_ISOLATION_RULES = [
  required({
    id: 'DIALER-ISOLATION-READ',
    surface: 'dialer',
    section: AUTH,
    statement:
      "Another project's key never reads this project's Dialer records: asked for a campaign's id it gets 401 or 404 with none of the campaign in the body, and neither its campaign list (include_deleted=true) nor its call script list holds a campaign or call script this project's lists show.",
    reading: {
      quote: ANOTHER_KEY,
      taken:
        "Another project's credentials give 401 (Authentication 6). Yet the credentials alone pick the project, and identifiers are scoped to a project (Authentication 3). So project B's valid key asking for project A's identifier may be refused as foreign (401), or looked up in project B and not found (404). Either way, none of project A's data may reach project B, and that is judged.",
      accepted: `${EITHER} Project B may also hold a campaign of its own under the same id, as identifiers of two projects may overlap. A 200 that shows none of project A's campaign is then accepted, and the report says so. A list match on the id alone is project B's own record too.`,
      method: `The check creates the campaign and deletes it again. Project B asks for it only once project A's own key has read it on the route table's path by its name. ${OUR_PATH} ${UNROUTED} Project B's lists are walked with its own cursor at limit 100, at most three pages each. The campaign list is walked with include_deleted=true, so that no status hides the campaign. The report says how far each walk went and whether it reached the end. The call script is the one the run makes (CC_EFFECTS=dialer-records), since the API deletes none. Every campaign and call script the run read from project A's lists is looked for, the first page of 100 campaigns that this check reads among them. A leak is a match on the id and every field the spec names that both show. These are a campaign's name, status, mode, schedule_policy and calling_policy, and a script's name.`,
    },
  }),
  required({
    id: 'DIALER-ISOLATION-WRITE',
    surface: 'dialer',
    section: AUTH,
    statement:
      "Another project's key never changes this project's Dialer campaign: a PATCH of its name and a DELETE of it get 401 or 404, and the campaign then reads back to its own project not deleted, with the name, status, mode and policies it had.",
    reading: {
      quote: ANOTHER_KEY,
      taken:
        "Another project's credentials give 401 (Authentication 6). Yet the credentials alone pick the project written, and identifiers are scoped to a project (Authentication 3). So a PATCH or DELETE with project B's key for project A's campaign may be refused as foreign (401), or find no such campaign in project B (404). Either way, nothing of project A's campaign may change.",
      accepted: `${EITHER} Only the fields the spec names for a campaign are compared, so a target that moves a timestamp on a read is not failed here.`,
      method: `Read back with project A's key, the campaign must still be there, not deleted, with the name, status, mode, schedule_policy and calling_policy it had. A deleted campaign keeps its record with status deleted (States and transitions), so the read shows a delete. Before any write, project B's key reads the id. A 200 that shows some other campaign means the id also names a campaign of project B. Then nothing is sent, since it would change project B's own record, and the rule is skipped. ${OUR_PATH} ${UNROUTED}`,
    },
  }),
] as const satisfies readonly Rule[];
