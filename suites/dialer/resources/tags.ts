import type { Assertions } from '../../../lib/checks/assertions.ts';
import type { CheckContext } from '../../../lib/checks/context.ts';
import { defineCheck } from '../../../lib/checks/define.ts';
import { ASSOCIATION_TYPES } from '../../../lib/dialer/outcomes.ts';
import type { Exchange } from '../../../lib/http/exchange.ts';
import { dialer } from '../../shared/dialer-requests.ts';
import { addCoreTag, firstCoreId, is2xx, isObject, listOf, sameId } from '../fixtures/resources.ts';
import { CORE_LANE_CAMPAIGN } from '../fixtures/shared-records.ts';

/** The disposition tag list, and a campaign's associations (agent, target tag, queue group). */
const tagList = defineCheck({
  id: 'dialer.tags.list',
  title: 'the disposition tag list answers a list of call tags with ids; whether a tag added through the core API is among them is noted',
  surface: 'ai',
  rules: ['DIALER-TAG-LIST'],
  cost: {
    requests: { 'a core call tag added and deleted again': 2, 'the disposition tag list': 1 },
    // The tag's add and its deletion go to the core API: the Dialer gets the list alone.
    elsewhere: { core: 2 },
  },
  // It adds a core call tag, which core checks pick from the tag list, and deletes it again.
  lane: 'core',
  async run(t) {
    const rule = 'DIALER-TAG-LIST';
    // The spec does not say that a core tag is a call tag a disposition can use: the tag only informs a note.
    const added = t.hasSurface('core') ? await addCoreTag(t) : undefined;
    const ex = await dialer(t, 'dispositions.tags').send();
    const tags = judgeTagList(t, ex);
    t.note(rule, `${(tags as unknown[]).length} tags listed`);
    if (added === undefined) return;
    const listed = (tags as unknown[]).some((tag) => isObject(tag) && sameId(tag.id, added));
    t.note(rule, `tag ${String(added)}, just added through the core API, ${listed ? 'is' : 'is not'} among them`);
  },
});

type Entry = { ref_id: number; type: (typeof ASSOCIATION_TYPES)[number] };
const key = (e: { ref_id?: unknown; type?: unknown }): string => `${String(e.type)}:${String(e.ref_id)}`;

/** The association types are the project's reference (lib/dialer/outcomes.ts): a 400 to them says the target's vocabulary differs. */
export function expectVocabulary(t: CheckContext, ex: Exchange): void {
  t.prerequisite(
    ex.status !== 400,
    `the target refused association types of the project reference (${ASSOCIATION_TYPES.join(', ')}; lib/dialer/outcomes.ts): the spec names an agent, a target tag and a queue group without their type values`,
    ex,
  );
}

function judgeAnswer(t: CheckContext, ex: Exchange, sent: readonly Entry[], when: string): void {
  const rule = 'DIALER-ASSOC-REPLACE';
  expectVocabulary(t, ex);
  t.check(rule, is2xx(ex.status), `${when}: PUT answered ${ex.status}`, ex);
  const entries = listOf(ex);
  // No endpoint reads associations back: without entries in the answer, the replace cannot be seen.
  if (entries === undefined) t.skip(`${when}: the PUT answered ${ex.status} without the entries, and no endpoint reads them back`);
  t.expectSchema(rule, ex, 'dialer/association-list', entries);
  const got = (entries as unknown[]).filter(isObject).map(key).sort();
  t.expectEqual(rule, got, sent.map(key).sort(), `${when}: entries answered`, ex);
}

const associations = defineCheck({
  id: 'dialer.associations.replace',
  title: "a campaign's associations: PUT with an agent, a target tag and a queue group, then PUT with one, leaves exactly what each sent",
  surface: 'ai',
  rules: ['DIALER-ASSOC-REPLACE'],
  cost: {
    requests: { 'the three core lists': 3, 'two replaces': 2 },
    elsewhere: { core: 3 },
  },
  records: {
    // Each replace is judged on its own answer: what another check's replace left is replaced wholesale.
    shares: [CORE_LANE_CAMPAIGN],
  },
  needs: { surfaces: ['core'] },
  // It names the first agent, tag and group of the core lists, which core checks add and delete meanwhile.
  lane: 'core',
  async run(t) {
    // Real records, so a release that still checks ref_id existence (before v1.0.21) takes them too.
    const agent = await firstCoreId(t, '/agents/index.json', 'Agent');
    const tag = await firstCoreId(t, '/tags/index.json', 'Tag');
    const group = await firstCoreId(t, '/groups/index.json', 'Group');
    if (agent === undefined || tag === undefined || group === undefined) t.skip('needs an agent, a tag and a group in the account');
    const all: Entry[] = [
      { ref_id: agent as number, type: 'agent' },
      { ref_id: tag as number, type: 'target_tag' },
      { ref_id: group as number, type: 'queue_group' },
    ];
    const campaign = await t.shared(CORE_LANE_CAMPAIGN);
    const put = (entries: readonly Entry[]) => dialer(t, 'campaign.associations', { campaignId: campaign.id }).json({ associations: entries }).send();
    judgeAnswer(t, await put(all), all, 'the first PUT');
    const one = all.slice(0, 1);
    judgeAnswer(t, await put(one), one, 'the second PUT');
  },
});

/** The disposition tag list as read (DIALER-TAG-LIST): 200, call tags each with an id, no core envelope. Returns the list. */
export function judgeTagList(t: Assertions, ex: Exchange): unknown[] | undefined {
  t.expectStatus('DIALER-TAG-LIST', ex, 200);
  const tags = listOf(ex);
  t.expectSchema('DIALER-TAG-LIST', ex, 'dialer/disposition-tag-list', tags ?? null);
  return tags;
}

export const TAG_ASSOCIATION_CHECKS = [tagList, associations];
