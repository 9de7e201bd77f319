import type { CheckContext } from '../../lib/checks/context.js';
import { defineCheck, type CheckDefinition } from '../../lib/checks/define.js';
import type { DialerRouteName } from '../../lib/dialer/routes.js';
import type { Exchange } from '../../lib/http/exchange.js';
import { unknownCampaignId } from './campaign-fixtures.js';
import { dialer } from './fixtures.js';
import { BUTTON_CHECKS } from './resource-buttons.js';
import { EXPORT_FILTER_CHECKS } from './resource-export-filters.js';
import { EXPORT_CHECKS } from './resource-exports.js';
import { expectDialerError, isObject, listOf, UNKNOWN_JOB_ID, unknownIdLike } from './resource-fixtures.js';
import { SCRIPT_SURVEY_CHECKS } from './resource-scripts.js';
import { STATISTICS_CHECKS } from './resource-stats.js';
import { TAG_ASSOCIATION_CHECKS } from './resource-tags.js';

/** The first id a list shows, to make up a missing one in the same form. */
async function sampleId(t: CheckContext, route: DialerRouteName): Promise<unknown> {
  const ex = await dialer(t, route).query({ limit: 1 }).send();
  return (listOf(ex) ?? []).find(isObject)?.id;
}

const notFound = defineCheck({
  id: 'dialer.resources.not-found',
  title: "a missing campaign, script, survey or export job: 404 with the endpoint's own message",
  surface: 'ai',
  rules: ['DIALER-RES-404'],
  maxRequests: 12,
  async run(t) {
    const rule = 'DIALER-RES-404';
    const campaignId = unknownCampaignId(await sampleId(t, 'campaigns.list'));
    const scriptId = unknownIdLike(await sampleId(t, 'scripts.list'), 'c0c0c0c0-0000-4000-8000-00000005c417');
    const surveyId = unknownIdLike(await sampleId(t, 'surveys.list'), 'c0c0c0c0-0000-4000-8000-000000005a77');
    const probes: [string, () => Promise<Exchange>][] = [
      ['disposition buttons', () => dialer(t, 'campaign.buttons.get', { campaignId }).send()],
      ['button replace', () => dialer(t, 'campaign.buttons.replace', { campaignId }).json({ buttons: [] }).send()],
      ['associations', () => dialer(t, 'campaign.associations', { campaignId }).json({ associations: [] }).send()],
      ['statistics', () => dialer(t, 'campaign.statistics', { campaignId }).send()],
      ['export', () => dialer(t, 'campaign.export', { campaignId }).json({}).send()],
      ['script update', () => dialer(t, 'scripts.update', { scriptId }).json({ name: 'cc-conformance-missing' }).send()],
      ['survey update', () => dialer(t, 'surveys.update', { surveyId }).json({ name: 'cc-conformance-missing' }).send()],
      ['export status', () => dialer(t, 'exports.status', { jobId: UNKNOWN_JOB_ID }).send()],
      ['export download', () => dialer(t, 'exports.download', { jobId: UNKNOWN_JOB_ID }).send()],
    ];
    for (const [what, send] of probes) {
      const ex = await send();
      expectDialerError(t, rule, ex, 404);
      const message = (ex.json as { message?: unknown }).message;
      t.check(rule, typeof message === 'string' && message !== '' && message !== 'Route not found', () => `${what}: message ${JSON.stringify(message)} is not the endpoint's own`, ex);
    }
  },
});

/** The resource suite in run order: the run's script and survey are made by the first checks that need them. */
export const RESOURCE_CHECKS: readonly CheckDefinition[] = [
  ...SCRIPT_SURVEY_CHECKS,
  ...TAG_ASSOCIATION_CHECKS,
  ...BUTTON_CHECKS,
  ...STATISTICS_CHECKS,
  ...EXPORT_CHECKS,
  ...EXPORT_FILTER_CHECKS,
  notFound,
];
