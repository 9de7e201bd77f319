import type { CheckContext } from '../../../lib/checks/context.ts';
import type { Exchange } from '../../../lib/http/exchange.ts';
import { errorTexts, subErrorsMention } from '../fixtures/campaigns.ts';
import type { ChangeProbe, Observation, Side } from './change.ts';
import { dialer, isRouteNotFound, notRouted } from '../../shared/dialer-requests.ts';
import { ACCEPTED_REPLACE, expectKinds, getButtons, putButtons, usableTags } from '../resources/buttons.ts';
import { jobIdOf, requestExport } from '../resources/exports.ts';
import {
  addCoreTag,
  brief,
  DISPOSITION_TAGS,
  dispositionTags,
  firstCoreId,
  is2xx,
  isObject,
  listOf,
  namedArchivedTag,
  NEEDS_ARCHIVED,
  NEEDS_EXPORTS,
  NEEDS_RECORDS,
  sameId,
  UNKNOWN_INT_ID,
} from '../fixtures/resources.ts';
import { expectVocabulary } from '../resources/tags.ts';
import { CORE_LANE_CAMPAIGN, LANE_CAMPAIGN } from '../fixtures/shared-records.ts';

/**
 * The changes of the Dialer's releases to scripts, surveys, associations, dispositions and exports.
 * Each probe sends the few requests that tell the old behaviour from the new on its lane's shared campaign,
 * and removes what it made (a call tag), except a script a release before v1.0.21 accepts with a blank
 * name: the API cannot delete scripts, so that probe runs only with CC_EFFECTS=dialer-records.
 */
const seen = (side: Side, ex: Exchange, more = ''): Observation => ({ side, evidence: `${brief(ex)}${more}`, ex });

/** The new behaviour, else the old one, else neither: an answer that is neither fits no release. */
function sideOf(isNew: boolean, isOld: boolean): Side {
  if (isNew) return 'after';
  return isOld ? 'before' : 'neither';
}

/** Whether the archived tag has a button on the campaign; undefined when the buttons could not be read. */
async function showsButton(t: CheckContext, campaignId: string, tagId: unknown): Promise<{ ex: Exchange; shown?: boolean }> {
  const ex = await getButtons(t, campaignId);
  const list = listOf(ex);
  return list === undefined || ex.status !== 200 ? { ex } : { ex, shown: list.some((b) => isObject(b) && sameId(b.tag_id, tagId)) };
}

export const RESOURCE_CHANGES: readonly ChangeProbe[] = [
  {
    id: 'c21-script-name-whitespace',
    release: '1.0.21',
    line: 'whitespace-only name rejected (call scripts)',
    rules: { after: 'DIALER-SCRIPT-SURVEY-NAME-400', before: 'DIALER-SCRIPT-SURVEY-NAME-ACCEPTED' },
    cost: { requests: 1 },
    needs: NEEDS_RECORDS,
    async probe(t) {
      const ex = await dialer(t, 'scripts.create').json({ name: ' \t ', content: 'blank-name probe of the conformance suite' }).send();
      return seen(sideOf(ex.status === 400 && subErrorsMention(ex, 'name should not be empty'), is2xx(ex.status)), ex);
    },
  },
  {
    id: 'c21-export-filters-400',
    release: '1.0.21',
    line: 'export filters validated with 400 (filter ids of at least 1)',
    rules: { after: 'DIALER-EXPORT-IDS-400', before: 'DIALER-EXPORT-IDS-UNVALIDATED' },
    cost: {
      // The export request: a job, if queued, is one of the run's campaign.
      requests: 1,
    },
    records: { shares: [LANE_CAMPAIGN] },
    needs: NEEDS_EXPORTS,
    async probe(t) {
      const campaign = await t.shared(LANE_CAMPAIGN);
      const ex = await requestExport(t, campaign.id, { filters: { contactId: 0 } });
      return seen(sideOf(ex.status === 400, ex.status === 202 && jobIdOf(ex) !== undefined), ex);
    },
  },
  {
    id: 'c21-export-422',
    release: '1.0.21',
    line: 'export windows validated with 422, no job enqueued on 422',
    rules: { after: 'DIALER-EXPORT-DATES-422', before: 'DIALER-EXPORT-DATES-UNVALIDATED' },
    cost: { requests: 1 },
    records: { shares: [LANE_CAMPAIGN] },
    needs: NEEDS_EXPORTS,
    async probe(t) {
      const campaign = await t.shared(LANE_CAMPAIGN);
      const ex = await requestExport(t, campaign.id, { filters: { dateFrom: '2026-09-02T10:00:00Z', dateTo: '2026-09-01T10:00:00Z' } });
      const refused = ex.status === 422 && errorTexts(ex).includes('dateTo must be after dateFrom') && jobIdOf(ex) === undefined;
      return seen(sideOf(refused, ex.status === 202 && jobIdOf(ex) !== undefined), ex);
    },
  },
  {
    id: 'c21-jobid-400',
    release: '1.0.21',
    line: 'malformed jobId is 400 rather than 500',
    rules: { after: 'DIALER-JOBID-400', before: 'DIALER-JOBID-500' },
    cost: { requests: 1 },
    async probe(t) {
      const ex = await dialer(t, 'exports.status', { jobId: 'cc-conformance-not-a-uuid' }).send();
      const message = isObject(ex.json) ? ex.json.message : undefined;
      return seen(sideOf(ex.status === 400 && message === 'Validation failed (uuid is expected)', ex.status === 500), ex);
    },
  },
  {
    id: 'c21-ref-id-unchecked',
    release: '1.0.21',
    line: 'association ref_id values are not checked for existence',
    rules: { after: 'DIALER-ASSOC-REF-UNCHECKED', before: 'DIALER-ASSOC-REF-CHECKED' },
    cost: {
      requests: { 'an agent of the account': 1, 'an association the target must take': 1, 'one naming nobody': 1 },
      elsewhere: { core: 1 },
    },
    records: {
      // Its associations are replaced wholesale by whichever check writes them next.
      shares: [CORE_LANE_CAMPAIGN],
    },
    needs: { surfaces: ['core'] },
    // It names the first agent of the core list, which a core check may be adding and deleting meanwhile.
    lane: 'core',
    async probe(t) {
      const agent =
        (await firstCoreId(t, '/agents/index.json', 'Agent')) ??
        t.skip('needs an agent in the account: an association naming it tells the type vocabulary apart from a refused ref_id');
      const campaign = await t.shared(CORE_LANE_CAMPAIGN);
      const put = (refId: number) =>
        dialer(t, 'campaign.associations', { campaignId: campaign.id })
          .json({ associations: [{ ref_id: refId, type: 'agent' }] })
          .send();
      const known = await put(agent);
      expectVocabulary(t, known);
      t.expectOk(known, `an association naming agent ${agent}`);
      const ex = await put(UNKNOWN_INT_ID);
      return seen(sideOf(is2xx(ex.status), ex.status >= 400 && ex.status < 500), ex);
    },
  },
  {
    id: 'undated-archived-replace-422',
    release: 'latest',
    line: 'archived dispositions refused with 422 on button replace',
    rules: { after: 'DIALER-ARCHIVED-REPLACE-422', before: 'DIALER-ARCHIVED-REPLACE-ACCEPTED' },
    // A button the target must take comes first (shared).
    cost: { requests: { "the archived tag's button": 1, 'a read': 1 } },
    records: { shares: [DISPOSITION_TAGS, LANE_CAMPAIGN, ACCEPTED_REPLACE] },
    needs: NEEDS_ARCHIVED,
    async probe(t) {
      const archived = namedArchivedTag(t);
      // The shared replace names the first usable tag.
      if (usableTags(t, (await dispositionTags(t)).tags).length === 0)
        t.skip('needs a call tag that is not archived, to tell the outcome_kind vocabulary apart from a refused tag');
      const campaign = await t.shared(LANE_CAMPAIGN);
      expectKinds(t, await t.shared(ACCEPTED_REPLACE));
      const ex = await putButtons(t, campaign.id, [{ tag_id: archived, outcome_kind: 'negative' }]);
      if (ex.status === 422) return seen('after', ex);
      if (!is2xx(ex.status)) return seen('neither', ex);
      const read = await showsButton(t, campaign.id, archived);
      return seen(read.shown === true ? 'before' : 'neither', ex, `; then ${brief(read.ex)}`);
    },
  },
  {
    id: 'undated-archived-tag-list',
    release: 'latest',
    line: 'archived dispositions omitted from the disposition tag list',
    rules: { after: 'DIALER-ARCHIVED-TAGLIST-OMITTED', before: 'DIALER-ARCHIVED-TAGLIST-SHOWN' },
    cost: { requests: 0 },
    records: { shares: [DISPOSITION_TAGS] },
    needs: NEEDS_ARCHIVED,
    async probe(t) {
      const archived = namedArchivedTag(t);
      const ex = await t.shared(DISPOSITION_TAGS);
      if (isRouteNotFound(ex)) t.skip(notRouted('dispositions.tags'));
      const list = ex.status === 200 ? listOf(ex) : undefined;
      if (list === undefined) return seen('neither', ex);
      return seen(list.some((tag) => isObject(tag) && sameId(tag.id, archived)) ? 'before' : 'after', ex);
    },
  },
  {
    id: 'undated-deleted-tag-buttons',
    release: 'latest',
    line: 'buttons of a deleted disposition are no longer returned',
    rules: { after: 'DIALER-DELETED-BUTTONS-OMITTED', before: 'DIALER-DELETED-BUTTONS-KEPT' },
    cost: {
      // a tag, its button, a read of it, the tag's deletion, a read after, the tag's undo
      requests: 6,
      elsewhere: { core: 3 },
    },
    records: {
      // Its buttons are replaced wholesale by whichever check writes them next.
      shares: [CORE_LANE_CAMPAIGN],
    },
    needs: { surfaces: ['core'] },
    // It adds and deletes a core call tag, which core checks pick from the tag list; its undo may delete it again.
    lane: 'core',
    async probe(t) {
      // A tag no call carries is deleted, not archived, when removed.
      const tagId = await addCoreTag(t);
      const campaign = await t.shared(CORE_LANE_CAMPAIGN);
      t.expectOk(await putButtons(t, campaign.id, [{ tag_id: tagId, outcome_kind: 'neutral' }]), 'putting the new tag on a button');
      // A button gone after the deletion says something only if it was there before it.
      const present = await showsButton(t, campaign.id, tagId);
      if (present.shown !== true)
        t.skip(
          `the button of call tag ${String(tagId)} was not among the campaign's buttons before the tag's deletion (${brief(present.ex)}): the precondition did not hold`,
        );
      t.expectOk(await t.core('DELETE', `/tags/delete/${tagId}.json`).send(), 'deleting the tag through the core API');
      const read = await showsButton(t, campaign.id, tagId);
      if (read.shown === undefined) return seen('neither', read.ex);
      return seen(read.shown ? 'before' : 'after', read.ex);
    },
  },
];
