import type { CheckContext } from '../../../lib/checks/context.ts';
import { defineCheck, type CheckDefinition } from '../../../lib/checks/define.ts';
import type { DialerRouteName } from '../../../lib/dialer/routes.ts';
import type { RequestSpec } from '../../../lib/requests/request-spec.ts';
import type { SharedRecord } from '../../../lib/checks/shared-records.ts';
import type { Exchange } from '../../../lib/http/exchange.ts';
import { unknownCampaignId } from '../fixtures/campaigns.ts';
import { cursorListChecks, OTHER_CURSOR_LISTS, SCRIPT_LIST, smallestPage, SURVEY_LIST } from '../pagination/cursor-lists.ts';
import { confirmRouted, dialerAsIs, isRouteNotFound, ROUTE_NOT_FOUND } from '../../shared/dialer-requests.ts';
import { BUTTON_CHECKS } from './buttons.ts';
import { EXPORT_FILTER_CHECKS } from './export-filters.ts';
import { EXPORT_CHECKS } from './exports.ts';
import { expectDialerError, isObject, type Json, listOf, UNKNOWN_JOB_ID, unknownIdLike } from '../fixtures/resources.ts';
import { SCRIPT_SURVEY_CHECKS } from './scripts.ts';
import { STATISTICS_CHECKS } from './statistics.ts';
import { TAG_ASSOCIATION_CHECKS } from './tags.ts';
import { LANE_CAMPAIGN, LISTED_CAMPAIGNS } from '../fixtures/shared-records.ts';

/** The first id a list's shared read shows, to make up a missing one in the same form; none from a list that is not routed. */
async function sampleId(t: CheckContext, read: SharedRecord<Exchange>): Promise<unknown> {
  return (listOf(await t.shared(read)) ?? []).find(isObject)?.id;
}

/** A missing record asked for on one route, and how to ask that route something a routed target answers otherwise. */
interface MissingProbe {
  readonly what: string;
  readonly route: DialerRouteName;
  readonly params: Readonly<Record<string, string>>;
  readonly body?: Json;
  readonly confirmation: () => Promise<RequestSpec>;
}

/** A body with a name of the wrong type: refused by validation, so no record is touched. */
const WRONG_NAME = { name: 42 };
const MALFORMED_JOB_ID = 'cc-conformance-not-a-uuid';
/** A window whose end is before its start: 422 with no job from v1.0.21 on. */
const BACKWARDS = { filters: { dateFrom: '2026-09-02T10:00:00Z', dateTo: '2026-09-01T10:00:00Z' } };

/** The reads an id of each form comes from: the campaign list's head and the smallest pages of the script and survey lists, each shared. */
const ID_FORMS: readonly SharedRecord<Exchange>[] = [LISTED_CAMPAIGNS, smallestPage(SCRIPT_LIST), smallestPage(SURVEY_LIST)];

const notFound = defineCheck({
  id: 'dialer.resources.not-found',
  title: "a missing campaign, script, survey or export job: 404 with the endpoint's own message",
  surface: 'ai',
  rules: ['DIALER-RES-404'],
  cost: {
    // One confirmation of a 'Route not found', on the lane's campaign where one is needed: the first ends the
    // check, as a skip (the route is not routed) or a fail (it is). The id forms come from shared reads.
    requests: { probes: 9, 'a confirmation': 1 },
  },
  records: {
    // The confirmations read the lane's campaign, or replace its buttons or associations with none: an answer other than 'Route not found' is all they need.
    shares: [...ID_FORMS, LANE_CAMPAIGN],
  },
  async run(t) {
    const rule = 'DIALER-RES-404';
    const campaignId = unknownCampaignId(await sampleId(t, LISTED_CAMPAIGNS));
    const scriptId = unknownIdLike(await sampleId(t, smallestPage(SCRIPT_LIST)), 'c0c0c0c0-0000-4000-8000-00000005c417');
    const surveyId = unknownIdLike(await sampleId(t, smallestPage(SURVEY_LIST)), 'c0c0c0c0-0000-4000-8000-000000005a77');
    const onLaneCampaign = (route: DialerRouteName, body?: Json) => async (): Promise<RequestSpec> => {
      const request = dialerAsIs(t, route, { campaignId: (await t.shared(LANE_CAMPAIGN)).id });
      return body ? request.json(body) : request;
    };
    const exportConfirmation = async (): Promise<RequestSpec> => {
      // Before v1.0.21 the backwards window is queued as a job, which the API cannot delete.
      if (!t.atLeast('1.0.21') && !t.target.effects.has('dialer-exports'))
        t.skip(
          `route campaign.export answered ${ROUTE_NOT_FOUND} for a missing campaign; telling whether it is routed would queue an export job (CC_EFFECTS=dialer-exports)`,
        );
      return onLaneCampaign('campaign.export', BACKWARDS)();
    };
    const probes: readonly MissingProbe[] = [
      { what: 'disposition buttons', route: 'campaign.buttons.get', params: { campaignId }, confirmation: onLaneCampaign('campaign.buttons.get') },
      {
        what: 'button replace',
        route: 'campaign.buttons.replace',
        params: { campaignId },
        body: { buttons: [] },
        confirmation: onLaneCampaign('campaign.buttons.replace', { buttons: [] }),
      },
      {
        what: 'associations',
        route: 'campaign.associations',
        params: { campaignId },
        body: { associations: [] },
        confirmation: onLaneCampaign('campaign.associations', { associations: [] }),
      },
      { what: 'statistics', route: 'campaign.statistics', params: { campaignId }, confirmation: onLaneCampaign('campaign.statistics') },
      { what: 'export', route: 'campaign.export', params: { campaignId }, body: {}, confirmation: exportConfirmation },
      {
        what: 'script update',
        route: 'scripts.update',
        params: { scriptId },
        body: { name: 'cc-conformance-missing' },
        confirmation: async () => dialerAsIs(t, 'scripts.update', { scriptId }).json(WRONG_NAME),
      },
      {
        what: 'survey update',
        route: 'surveys.update',
        params: { surveyId },
        body: { name: 'cc-conformance-missing' },
        confirmation: async () => dialerAsIs(t, 'surveys.update', { surveyId }).json(WRONG_NAME),
      },
      {
        what: 'export status',
        route: 'exports.status',
        params: { jobId: UNKNOWN_JOB_ID },
        confirmation: async () => dialerAsIs(t, 'exports.status', { jobId: MALFORMED_JOB_ID }),
      },
      {
        what: 'export download',
        route: 'exports.download',
        params: { jobId: UNKNOWN_JOB_ID },
        confirmation: async () => dialerAsIs(t, 'exports.download', { jobId: MALFORMED_JOB_ID }),
      },
    ];
    for (const probe of probes) {
      const request = dialerAsIs(t, probe.route, probe.params);
      const ex = await (probe.body ? request.json(probe.body) : request).send();
      if (isRouteNotFound(ex)) await confirmRouted(t, probe.route, await probe.confirmation());
      expectDialerError(t, rule, ex, 404);
      const message = (ex.json as { message?: unknown }).message;
      t.check(
        rule,
        typeof message === 'string' && message !== '' && message !== ROUTE_NOT_FOUND,
        () => `${probe.what}: message ${JSON.stringify(message)} is not the endpoint's own, though the route is routed`,
        ex,
      );
    }
  },
});

/** The resource suite in run order: the run's script and survey are made by the first checks that need them. */
export const RESOURCE_CHECKS: readonly CheckDefinition[] = [
  ...SCRIPT_SURVEY_CHECKS,
  ...OTHER_CURSOR_LISTS.flatMap(cursorListChecks),
  ...TAG_ASSOCIATION_CHECKS,
  ...BUTTON_CHECKS,
  ...STATISTICS_CHECKS,
  ...EXPORT_CHECKS,
  ...EXPORT_FILTER_CHECKS,
  notFound,
];
