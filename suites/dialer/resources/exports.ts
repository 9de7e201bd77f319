import { setTimeout as sleep } from 'node:timers/promises';
import type { CheckContext } from '../../../lib/checks/context.ts';
import { defineCheck } from '../../../lib/checks/define.ts';
import type { Exchange } from '../../../lib/http/exchange.ts';
import { campaignOf } from '../fixtures/campaigns.ts';
import { dialer } from '../../shared/dialer-requests.ts';
import { classifyJobId } from '../fixtures/export-formats.ts';
import { is2xx, type Json, NEEDS_EXPORTS, recordOf } from '../fixtures/resources.ts';
import type { RuleId } from '../../../lib/rules/index.ts';
import { LANE_CAMPAIGN, type SharedCampaign } from '../fixtures/shared-records.ts';

/**
 * Data exports: 202 with a jobId, status by jobId, the download link once complete, and the window a
 * job resolves when dateFrom or dateTo is missing. Filter validation (v1.0.21) is in export-filters.ts.
 */
export const requestExport = (t: CheckContext, campaignId: string, body: Json = {}): Promise<Exchange> =>
  dialer(t, 'campaign.export', { campaignId }).json(body).send();

/** The jobId a 202 carries, at the top level or in data. */
export function jobIdOf(ex: Exchange): string | undefined {
  const id = recordOf(ex)?.jobId;
  return typeof id === 'string' ? id : undefined;
}

/** Judges a 202 under `rule`: status, the schema, and a jobId in UUID form. */
export function judgeAccepted(t: CheckContext, rule: RuleId, ex: Exchange, what: string): string {
  t.check(rule, ex.status === 202, () => `${what}: expected 202, got ${ex.status}`, ex);
  t.expectSchema(rule, ex, 'dialer/export-accepted', recordOf(ex) ?? null);
  const jobId = jobIdOf(ex) as string;
  const form = classifyJobId(jobId);
  t.check(rule, form !== 'not', `${what}: jobId ${JSON.stringify(jobId)} is not a UUID`, ex);
  if (form === 'unjudged') t.note(rule, `jobId ${jobId} is in a UUID form validators disagree on`);
  return jobId;
}

/** The download link: the first member that is an absolute http(s) URL (its name is not shown). */
function linkOf(record: Json | undefined): string | undefined {
  return Object.values(record ?? {}).find((v): v is string => typeof v === 'string' && /^https?:\/\//i.test(v));
}

/** Polls before each download read; a live export may take a while. */
const DOWNLOAD_WAITS_MS = [0, 1000, 2000, 4000];
/** Clock difference allowed between the suite and the target. */
const SKEW_MS = 5 * 60_000;

/** Whether two instants are the same, allowing one side to be given to the second only. */
function sameInstant(a: unknown, b: unknown): boolean {
  if (typeof a !== 'string' || typeof b !== 'string') return false;
  const [x, y] = [Date.parse(a), Date.parse(b)];
  if (Number.isNaN(x) || Number.isNaN(y)) return false;
  if (x === y) return true;
  const wholeSecond = (s: string) => !/\.\d*[1-9]/.test(s);
  return (wholeSecond(a) || wholeSecond(b)) && Math.floor(x / 1000) === Math.floor(y / 1000);
}

function creationTime(campaign: SharedCampaign): unknown {
  const record = campaignOf(campaign.ex);
  return record?.createdAt ?? record?.created_at;
}

const lifecycle = defineCheck({
  id: 'dialer.exports.lifecycle',
  title: 'campaign export: 202 with a UUID jobId, status by jobId, a download link once complete, the default window',
  surface: 'ai',
  rules: ['DIALER-EXPORT-202', 'DIALER-EXPORT-STATUS', 'DIALER-EXPORT-DOWNLOAD', 'DIALER-EXPORT-WINDOW-DEFAULTS'],
  cost: { requests: { 'two exports': 2, 'a status': 1, 'the downloads polled': DOWNLOAD_WAITS_MS.length, 'the status once complete': 1 } },
  records: { shares: [LANE_CAMPAIGN] },
  needs: NEEDS_EXPORTS,
  async run(t) {
    const campaign = await t.shared(LANE_CAMPAIGN);
    const requestedAt = Date.now();
    const jobId = judgeAccepted(t, 'DIALER-EXPORT-202', await requestExport(t, campaign.id), 'an export without filters');
    const filters = { contactId: 1, userId: 1, dateFrom: '2026-01-01T00:00:00Z', dateTo: '2026-01-02T00:00:00+01:00' };
    judgeAccepted(t, 'DIALER-EXPORT-202', await requestExport(t, campaign.id, { filters }), 'an export with valid filters');

    const status = await dialer(t, 'exports.status', { jobId }).send();
    t.expectStatus('DIALER-EXPORT-STATUS', status, 200);
    t.expectSchema('DIALER-EXPORT-STATUS', status, 'dialer/export-job', recordOf(status) ?? null);
    const named = recordOf(status)?.jobId;
    if (named === undefined) t.note('DIALER-EXPORT-STATUS', 'the status does not repeat the jobId');
    else
      t.check('DIALER-EXPORT-STATUS', String(named).toLowerCase() === jobId.toLowerCase(), `the status names job ${String(named)}, asked for ${jobId}`, status);

    let link: Exchange | undefined;
    const seen: string[] = [];
    for (const wait of DOWNLOAD_WAITS_MS) {
      if (wait > 0) await sleep(wait);
      link = await dialer(t, 'exports.download', { jobId }).send();
      seen.push(String(link.status));
      if (is2xx(link.status)) break;
    }
    const download = link as Exchange;
    if (!is2xx(download.status))
      t.skip(`the export did not complete within ${DOWNLOAD_WAITS_MS.reduce((a, b) => a + b, 0)} ms (download answered ${seen.join(', ')})`);
    if (seen.length > 1) t.note('DIALER-EXPORT-DOWNLOAD', `download answered ${seen.join(', ')} while the job ran`);
    t.expectStatus('DIALER-EXPORT-DOWNLOAD', download, 200);
    const url = linkOf(recordOf(download));
    t.check(
      'DIALER-EXPORT-DOWNLOAD',
      url !== undefined && /^https?:\/\/[^/\s]+/i.test(url) && URL.canParse(url),
      `the download answer holds no absolute http(s) URL (found ${JSON.stringify(url)})`,
      download,
    );
    // The spec's HTTPS-only sentences speak of its hosts; a link may point to a file store elsewhere (the rule's reading).
    const address = new URL(url as string);
    t.note('DIALER-EXPORT-DOWNLOAD', `link ${address.origin}/…${address.protocol === 'https:' ? '' : ': plain http, reported, not judged'}`);

    const rule = 'DIALER-EXPORT-WINDOW-DEFAULTS';
    const created = creationTime(campaign);
    if (created === undefined) t.skip("the campaign's create answer shows no createdAt: its creation time cannot be compared");
    const done = await dialer(t, 'exports.status', { jobId }).send();
    t.expectOk(done, 'reading the status of the completed job');
    const window = recordOf(done)?.window as { dateFrom?: unknown; dateTo?: unknown } | null | undefined;
    // Where a job shows its resolved window is not shown: a target without the reference's `window` is not judged.
    if (window === undefined)
      t.skip("the job status holds no window { dateFrom, dateTo } (the reference's name; the spec shows none), so the resolved bounds cannot be read");
    t.check(rule, typeof window === 'object' && window !== null, 'the completed job names no window { dateFrom, dateTo }', done);
    const { dateFrom, dateTo } = window as { dateFrom?: unknown; dateTo?: unknown };
    t.check(
      rule,
      sameInstant(dateFrom, created),
      `window.dateFrom ${JSON.stringify(dateFrom)} is not the campaign's creation time ${JSON.stringify(created)}`,
      done,
    );
    const end = typeof dateTo === 'string' ? Date.parse(dateTo) : Number.NaN;
    t.check(
      rule,
      end >= requestedAt - SKEW_MS && end <= Date.now() + SKEW_MS,
      `window.dateTo ${JSON.stringify(dateTo)} is not the time the job ran (requested ${new Date(requestedAt).toISOString()})`,
      done,
    );
  },
});

export const EXPORT_CHECKS = [lifecycle];
