import type { Assertions } from '../../../lib/checks/assertions.ts';
import fc from 'fast-check';
import type { CheckContext } from '../../../lib/checks/context.ts';
import { defineCheck } from '../../../lib/checks/define.ts';
import { OUTCOME_KINDS, OUTCOMES, type OutcomeKind } from '../../../lib/dialer/outcomes.ts';
import { explore } from '../../../lib/fuzz/property.ts';
import type { Exchange } from '../../../lib/http/exchange.ts';
import type { SharedRecord } from '../../../lib/checks/shared-records.ts';
import { dialer } from '../../shared/dialer-requests.ts';
import {
  archivedTagId,
  type CallTag,
  DISPOSITION_TAGS,
  dispositionTags,
  expectDialerError,
  is2xx,
  isObject,
  type Json,
  listOf,
  namedArchivedTag,
  NEEDS_ARCHIVED,
  sameId,
  UNKNOWN_INT_ID,
} from '../fixtures/resources.ts';
import { SUB_ERRORS, subErrorsJudge } from '../errors/sub-errors.ts';
import { LANE_CAMPAIGN, LISTED, LISTED_CAMPAIGNS } from '../fixtures/shared-records.ts';

/**
 * A campaign's disposition buttons: read, replace wholesale, resolved fields, and the replace's refusals.
 * The writes go to the lane's campaign: each replace is judged on its own answer and the read after it.
 */
interface ButtonEntry {
  readonly tag_id: string | number;
  readonly outcome_kind: unknown;
}

export const putButtons = (t: CheckContext, campaignId: string, buttons: readonly ButtonEntry[]): Promise<Exchange> =>
  dialer(t, 'campaign.buttons.replace', { campaignId }).json({ buttons }).send();

export const getButtons = (t: CheckContext, campaignId: string): Promise<Exchange> => dialer(t, 'campaign.buttons.get', { campaignId }).send();

/** Why a 400 to a button replace leaves its rules unjudged: the outcome_kind values are the project's reference, the spec shows none. */
export const KINDS_REFUSED = `the target refused outcome_kind values of the project reference (${OUTCOME_KINDS.join(', ')}; lib/dialer/outcomes.ts): its enumeration is not shown (GAP-DIALER-OUTCOME-KINDS)`;

/** The outcome_kind values are the project's reference (the spec shows none): a 400 to them says the target's vocabulary differs. */
export function expectKinds(t: CheckContext, ex: Exchange): void {
  t.prerequisite(ex.status !== 400, KINDS_REFUSED, ex);
}

const pair = (b: { tag_id?: unknown; outcome_kind?: unknown }): string => `${String(b.tag_id)}/${String(b.outcome_kind)}`;

/**
 * Tags a button may use: not the archived one, whichever release lists it, and none this run made (its name
 * starts with the run's prefix): a check of another lane adds such a tag and deletes it again while this one runs.
 */
export function usableTags(t: CheckContext, tags: readonly CallTag[]): CallTag[] {
  const archived = archivedTagId(t);
  return tags.filter((tag) => (archived === undefined || !sameId(tag.id, archived)) && !String(tag.name ?? '').startsWith(t.runPrefix));
}

/**
 * A replace of the lane campaign's buttons the target must take, sent once a run (lib/checks/shared-records.ts):
 * one button of the first usable tag with outcome_kind 'positive' of the project reference. The checks whose
 * refusals tell a target's own vocabulary apart from a refused tag or kind only after a replace it accepts (the
 * refusals, the archived-tag probe) each take it as they would their own, a prerequisite, judged by neither;
 * the button it leaves no sharer reads, since the next replace sets the buttons wholesale. Its make reads the
 * disposition tag list and the lane's campaign, which its sharers declare too.
 */
export const ACCEPTED_REPLACE: SharedRecord<Exchange> = {
  key: 'dialer.answer.accepted-button-replace',
  lane: 'dialer',
  meter: 'dialer',
  makeRequests: 1,
  removeRequests: 0,
  async make(t: CheckContext) {
    const tag = usableTags(t, (await dispositionTags(t)).tags)[0] ?? t.skip('needs a call tag in the account');
    const campaign = await t.shared(LANE_CAMPAIGN);
    return { value: await putButtons(t, campaign.id, [{ tag_id: tag.id, outcome_kind: 'positive' }]) };
  },
};

/** Reads the buttons under BUTTONS-GET and returns them. */
async function judgedButtons(t: CheckContext, campaignId: string): Promise<{ ex: Exchange; buttons: Json[] }> {
  const ex = await getButtons(t, campaignId);
  judgeButtonList(t, ex);
  return { ex, buttons: listOf(ex) as Json[] };
}

/** A campaign's disposition buttons as read (DIALER-BUTTONS-GET): 200, a list of buttons with their resolved fields. */
export function judgeButtonList(t: Assertions, ex: Exchange): void {
  t.expectStatus('DIALER-BUTTONS-GET', ex, 200);
  t.expectSchema('DIALER-BUTTONS-GET', ex, 'dialer/button-list', listOf(ex) ?? null);
}

function judgeExactly(t: CheckContext, ex: Exchange, buttons: readonly Json[], sent: readonly ButtonEntry[], when: string): void {
  const got = buttons.map(pair);
  const want = sent.map(pair);
  t.check(
    'DIALER-BUTTONS-REPLACE',
    got.length === want.length && want.every((p) => got.includes(p)),
    () => `${when}: buttons read back are ${JSON.stringify(got)}, sent ${JSON.stringify(want)}`,
    ex,
  );
  t.note('DIALER-BUTTONS-REPLACE', `${when}: order ${got.join() === want.join() ? 'kept' : 'not kept'}`);
}

const replace = defineCheck({
  id: 'dialer.buttons.replace',
  title: 'disposition buttons: PUT replaces them wholesale; name and color come from the call tag, outcome from outcome_kind',
  surface: 'ai',
  rules: ['DIALER-BUTTONS-GET', 'DIALER-BUTTONS-REPLACE', 'DIALER-BUTTON-RESOLVED'],
  cost: {
    // two replaces, each read back
    requests: 4,
  },
  records: { shares: [DISPOSITION_TAGS, LANE_CAMPAIGN] },
  async run(t) {
    const { tags } = await dispositionTags(t);
    // A tag without colour first, when the account has one: its button must show color null.
    const pool = usableTags(t, tags);
    const plain = pool.find((tag) => tag.color === null);
    const picked = [...(plain ? [plain] : []), ...pool.filter((tag) => tag !== plain)].slice(0, 2);
    if (picked.length < 2) t.skip(`needs two call tags in the account, the disposition tag list holds ${pool.length}`);
    if (!plain) t.note('DIALER-BUTTON-RESOLVED', 'no call tag without colour in the account: color null was not seen');
    const [a, b] = picked as [CallTag, CallTag];
    const campaign = await t.shared(LANE_CAMPAIGN);
    const first: ButtonEntry[] = [
      { tag_id: a.id, outcome_kind: 'neutral' },
      { tag_id: b.id, outcome_kind: 'positive' },
    ];
    const put = await putButtons(t, campaign.id, first);
    expectKinds(t, put);
    t.check('DIALER-BUTTONS-REPLACE', is2xx(put.status), `PUT of two buttons answered ${put.status}`, put);
    const read = await judgedButtons(t, campaign.id);
    judgeExactly(t, read.ex, read.buttons, first, 'after the first PUT');
    for (const button of read.buttons) {
      const tag = picked.find((x) => sameId(x.id, button.tag_id)) as CallTag;
      const kind = button.outcome_kind as OutcomeKind;
      // The tag list's fields are not shown: each is compared only when the list gives it.
      if (tag.name !== undefined) t.expectEqual('DIALER-BUTTON-RESOLVED', button.name, tag.name, `name of the button for tag ${String(tag.id)}`, read.ex);
      if (tag.color !== undefined) t.expectEqual('DIALER-BUTTON-RESOLVED', button.color, tag.color, `color of the button for tag ${String(tag.id)}`, read.ex);
      // What a kind resolves to is not shown: the outcome must be there; its value is compared with the reference only in the notes.
      t.check('DIALER-BUTTON-RESOLVED', 'outcome' in button, `the button for tag ${String(tag.id)} has no resolved outcome`, read.ex);
      if (button.outcome !== OUTCOMES[kind])
        t.note('DIALER-BUTTON-RESOLVED', `outcome_kind ${kind} resolved to ${JSON.stringify(button.outcome)}, the reference says ${OUTCOMES[kind]}`);
    }
    const second: ButtonEntry[] = [{ tag_id: b.id, outcome_kind: 'callback' }];
    const again = await putButtons(t, campaign.id, second);
    t.check('DIALER-BUTTONS-REPLACE', is2xx(again.status), `PUT of one button answered ${again.status}`, again);
    const after = await judgedButtons(t, campaign.id);
    judgeExactly(t, after.ex, after.buttons, second, 'after the second PUT');
  },
});

/** Strings no enumeration of outcome_kind holds (values of another type would judge type checks, not the enumeration). */
const unknownKind = fc
  .string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz_'), minLength: 1, maxLength: 12 })
  .map((s) => `cc_${s}`)
  .filter((v) => !(OUTCOME_KINDS as readonly string[]).includes(v));

const refusals = defineCheck({
  id: 'dialer.buttons.refusals',
  title: 'button replace: unknown outcome_kind 400, repeated tag_id 409, a tag_id that is no call tag of the account 422',
  surface: 'ai',
  rules: ['DIALER-BUTTON-OUTCOME-KIND-400', 'DIALER-BUTTON-DUP-409', 'DIALER-BUTTON-TAG-422', SUB_ERRORS],
  cost: {
    requests: { 'outcome kinds': 4, 'a repeated tag': 1, 'an unknown tag': 1, "another company's tag list and one of its tags": 2 },
    // Two of the four outcome kinds are random.
    randomValues: { count: 2, requestsEach: 1 },
    // Another company's tag list, read on the core API.
    elsewhere: { core: 1 },
    // That list and the replace naming one of its tags are sent only where the target gives the other company's key pair.
    withKeyOnly: { key: 'other', requests: 2, elsewhere: { core: 1 } },
  },
  records: { shares: [DISPOSITION_TAGS, LANE_CAMPAIGN, ACCEPTED_REPLACE] },
  async run(t) {
    const { tags } = await dispositionTags(t);
    // The tag the shared replace names too.
    const tag = usableTags(t, tags)[0] ?? t.skip('needs a call tag in the account');
    const campaign = await t.shared(LANE_CAMPAIGN);
    // The refusals below are told apart from a vocabulary the target does not share only after a replace it accepts.
    const valid = await t.shared(ACCEPTED_REPLACE);
    t.prerequisite(
      is2xx(valid.status),
      `a button with outcome_kind 'positive' of the project reference answered ${valid.status}: the enumeration is not shown (GAP-DIALER-OUTCOME-KINDS)`,
      valid,
    );
    const subErrors = subErrorsJudge(t);
    await explore(t, {
      arbitrary: unknownKind,
      boundaries: ['', 'cc_conformance_unknown'],
      property: async (kind) => {
        const ex = await putButtons(t, campaign.id, [{ tag_id: tag.id, outcome_kind: kind }]);
        subErrors.judge(ex, `outcome_kind ${JSON.stringify(kind)} on button replace`);
        expectDialerError(t, 'DIALER-BUTTON-OUTCOME-KIND-400', ex, 400);
      },
    });
    subErrors.settle('unknown outcome_kind values');
    const dup = await putButtons(t, campaign.id, [
      { tag_id: tag.id, outcome_kind: 'positive' },
      { tag_id: tag.id, outcome_kind: 'negative' },
    ]);
    expectDialerError(t, 'DIALER-BUTTON-DUP-409', dup, 409);
    const rule = 'DIALER-BUTTON-TAG-422';
    const unknownId = typeof tag.id === 'number' ? UNKNOWN_INT_ID : String(UNKNOWN_INT_ID);
    expectDialerError(t, rule, await putButtons(t, campaign.id, [{ tag_id: unknownId, outcome_kind: 'positive' }]), 422);
    if (!t.hasKey('other') || !t.hasSurface('core')) return t.note(rule, "another company's tag was not tried: needs CC_OTHER_KEY_ID and CC_BASE_URL");
    const theirs = await t.core('GET', '/tags/index.json').as('other').query({ limit: 1 }).send();
    const item = (theirs.json as { responseData?: { data?: { Tag?: { id?: unknown } }[] } } | undefined)?.responseData?.data?.[0]?.Tag?.id;
    if (item === undefined || tags.some((x) => sameId(x.id, item)))
      return t.note(rule, "another company's tag was not tried: it lists none this account does not hold too");
    const foreign = typeof tag.id === 'number' && /^\d+$/.test(String(item)) ? Number(item) : String(item);
    expectDialerError(t, rule, await putButtons(t, campaign.id, [{ tag_id: foreign, outcome_kind: 'positive' }]), 422);
  },
});

/** Campaigns whose buttons are searched for the archived tag (the head of the list): reading more costs a request each. */
const ARCHIVED_SEARCH = LISTED;

const archivedOmitted = defineCheck({
  id: 'dialer.buttons.archived-omitted',
  title: "a campaign's disposition buttons never include the archived call tag",
  surface: 'ai',
  rules: ['DIALER-ARCHIVED-BUTTONS-OMITTED'],
  cost: { requests: ARCHIVED_SEARCH },
  records: { shares: [LISTED_CAMPAIGNS] },
  needs: NEEDS_ARCHIVED,
  async run(t) {
    const rule = 'DIALER-ARCHIVED-BUTTONS-OMITTED';
    const archived = namedArchivedTag(t);
    // The first campaigns listed: the ones set up earliest, the likeliest to carry a tag archived since. The
    // run's own are none of them: their buttons are those the run put there.
    const list = await t.shared(LISTED_CAMPAIGNS);
    t.expectOk(list, 'listing campaigns');
    const ours = (campaign: Json) =>
      String(campaign.name ?? '')
        .trim()
        .startsWith(t.runPrefix);
    const campaigns = (listOf(list) ?? [])
      .filter(isObject)
      .filter((campaign) => !ours(campaign))
      .slice(0, ARCHIVED_SEARCH);
    if (campaigns.length === 0) t.skip('the account has no campaign whose buttons could show the archived tag');
    let buttons = 0;
    for (const campaign of campaigns) {
      const ex = await getButtons(t, String(campaign.id));
      t.expectOk(ex, `reading the buttons of campaign ${String(campaign.id)}`);
      const shown = (listOf(ex) ?? []).filter(isObject);
      buttons += shown.length;
      t.check(
        rule,
        !shown.some((b) => sameId(b.tag_id, archived)),
        () => `campaign ${String(campaign.id)} shows a button for archived tag ${String(archived)}`,
        ex,
      );
    }
    // With no button to search, the omission was never put to the test.
    if (buttons === 0) t.skip(`the first ${campaigns.length} campaigns carry no disposition button: there was nothing the archived tag could show up in`);
    t.note(rule, `searched ${buttons} buttons of ${campaigns.length} campaigns`);
  },
});

export const BUTTON_CHECKS = [replace, refusals, archivedOmitted];
