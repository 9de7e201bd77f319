import { OUR_PATH } from './dialer-campaigns.ts';
import { ANOTHER_PROJECT } from './readings.ts';
import { type Rule, required } from './types.ts';

/**
 * Another project's key against this project's Dialer records (Authentication 3 and 6), read in the same
 * two ways as on the core, analytics and AI surfaces.
 */
const AUTH = 'Authentication';

/** Why a route-table path the target does not serve skips rather than passes. */
const UNROUTED =
  "A target that answers one of these paths 'Route not found' leaves the rule skipped, naming CC_DIALER_ROUTES, since a 404 from a path it does not serve says nothing of its records.";

export const DIALER_ISOLATION_RULES = [
  required({
    id: 'DIALER-ISOLATION-READ',
    surface: 'dialer',
    section: AUTH,
    statement:
      "Another project's key never reads this project's Dialer records: asked for a campaign's id it gets 401 or 404 with none of the campaign in the body, and neither its campaign list (include_deleted=true) nor its call script list holds a campaign or call script this project's lists show.",
    reading: `${ANOTHER_PROJECT} Project B may also hold a campaign of its own under the same id (identifiers scoped to a project may overlap, as integer ids would): a 200 that shows none of project A's campaign is then accepted, and the report says so. The campaign is read on the route table's path only once project A's own key reads it there by its name. ${OUR_PATH} ${UNROUTED} Project B's lists are walked with its own cursor at limit 100, the campaign list with include_deleted=true so that no status hides the campaign, for at most three pages each; a record beyond them is not seen, and the report says how far each walk went and whether it reached the end. The call script is the one the run makes (CC_EFFECTS=dialer-records), since the API deletes none; the campaign is one the check creates and deletes again. Every campaign and call script the run read from project A's lists (the first page of 100 campaigns among them, read by this check) is also looked for in project B's: a match on the id alone is project B's own record, a match on the id and every field the spec names that both show (a campaign's name, status, mode, schedule_policy and calling_policy; a script's name) is a leak.`,
  }),
  required({
    id: 'DIALER-ISOLATION-WRITE',
    surface: 'dialer',
    section: AUTH,
    statement:
      "Another project's key never changes this project's Dialer campaign: a PATCH of its name and a DELETE of it get 401 or 404, and the campaign then reads back to its own project not deleted, with the name, status, mode and policies it had.",
    reading: `Credentials of another project give 401 (Authentication 6), yet the credentials alone decide which project's data is written and identifiers are scoped to a project (Authentication 3), so a PATCH or a DELETE sent with project B's valid key for project A's campaign may be refused as foreign credentials (401) or find no such campaign in project B (404). Both are accepted and the report names the one the target chose; under either, nothing of project A's campaign may change: read back with project A's key it must still be there, not deleted (a deleted campaign keeps its record with status deleted, States and transitions, so the read shows a delete), with the name, status, mode, schedule_policy and calling_policy it had before. Only those fields, the ones the spec names for a campaign, are compared, so a target that moves a timestamp on a read is not failed here. Before any write project B's key reads the id: a 200 that shows some other campaign means the id also names a campaign of project B (overlapping identifiers), and then nothing is sent, since it would change project B's own record, and the rule is skipped. ${OUR_PATH} ${UNROUTED}`,
  }),
] as const satisfies readonly Rule[];
