import fc from 'fast-check';
import type { CheckContext } from '../../../lib/checks/context.ts';
import { defineCheck, type Figure } from '../../../lib/checks/define.ts';
import type { DialerRouteName } from '../../../lib/dialer/routes.ts';
import { explore } from '../../../lib/fuzz/property.ts';
import type { Exchange } from '../../../lib/http/exchange.ts';
import { DIALER_LIMIT } from '../../../lib/contract/limits.ts';
import { judgePaddedNameKept, judgePaddedNameWrite, subErrorsMention } from '../fixtures/campaigns.ts';
import { CERTAIN_WHITESPACE, DISPUTED_WHITESPACE, isCertainlyBlank, show } from '../fixtures/campaign-values.ts';
import { walkJudged } from '../fixtures/cursor-page.ts';
import { dialer } from '../../shared/dialer-requests.ts';
import {
  type Created,
  expectDialerError,
  FIRST_QUESTIONS,
  idOf,
  is2xx,
  isObject,
  type Json,
  NEEDS_RECORDS,
  recordOf,
  runScript,
  runSurvey,
} from '../fixtures/resources.ts';
import { SUB_ERRORS, skipBeforeRefusals, subErrorsJudge } from '../errors/sub-errors.ts';
import type { RuleId } from '../../../lib/rules/index.ts';

/**
 * Call scripts and surveys: create, update, list, and survey questions replaced wholesale. The API has
 * no delete for either, so the run makes one of each (CC_EFFECTS=dialer-records) and every check shares it.
 */
/** Pages of the default size read looking for the run's record: an account with more is not searched further. */
const WALK_PAGES = 4;
const LIMIT_ONE_PAGES = 2;
/** The requests a list check may spend. */
const LIST_REQUESTS: Figure = { 'a walk at the default size': WALK_PAGES, 'pages of one': LIMIT_ONE_PAGES };

interface Kind {
  readonly what: 'call script' | 'survey';
  readonly list: DialerRouteName;
  readonly update: DialerRouteName;
  readonly param: 'scriptId' | 'surveyId';
  readonly listRule: RuleId;
}

const SCRIPT: Kind = { what: 'call script', list: 'scripts.list', update: 'scripts.update', param: 'scriptId', listRule: 'DIALER-SCRIPTS-LIST' };
const SURVEY: Kind = { what: 'survey', list: 'surveys.list', update: 'surveys.update', param: 'surveyId', listRule: 'DIALER-SURVEYS-LIST' };

/**
 * The create of a name sent with whitespace around it (DIALER-NAME-TRIMMED), judged before the id the check
 * builds on: not refused for its name, and the record it answers named with the name trimmed or as sent.
 */
function judgePaddedCreate(t: CheckContext, made: Created, what: Kind['what']): void {
  const rule = 'DIALER-NAME-TRIMMED';
  const sent = String(made.sent.name);
  if (judgePaddedNameWrite(t, rule, made.ex, sent, `the ${what} create`) !== 'accepted') return;
  const stored = recordOf(made.ex)?.name;
  if (stored === undefined) return t.skipRule(rule, `the ${what} create answer holds no name to read back`);
  judgePaddedNameKept(t, rule, sent, stored, made.ex, `the ${what} created`);
}

/** The create: 201 and the schema. */
function judgeCreate(t: CheckContext, rule: RuleId, schema: string, made: Created): Json {
  t.expectStatus(rule, made.ex, 201);
  const record = recordOf(made.ex);
  t.expectSchema(rule, made.ex, schema, record ?? null);
  return record as Json;
}

/**
 * The list walked at the default page size until the run's record is found, then two pages of one item:
 * the limit is kept and the cursor moves on. Returns the listed record.
 */
async function judgeList(t: CheckContext, kind: Kind, id: string): Promise<Json | undefined> {
  const rule = kind.listRule;
  const walk = await walkJudged<Json>(t, rule, (cursor) => dialer(t, kind.list).query({ cursor }), { maxPages: WALK_PAGES, limit: DIALER_LIMIT.default });
  const found = walk.pages.flatMap((p) => p.data).find((item) => String(item.id) === id);
  if (!found && !walk.complete) t.skip(`more than ${WALK_PAGES * DIALER_LIMIT.default} ${kind.what}s: the run's one was not reached`);
  t.check(rule, found !== undefined, `the run's ${kind.what} ${id} is not in the list walked to its end (${walk.keys.length} items)`, walk.pages.at(-1)?.ex);
  const small = await walkJudged<Json>(t, rule, (cursor) => dialer(t, kind.list).query({ limit: 1, cursor }), { maxPages: LIMIT_ONE_PAGES, limit: 1 });
  const first = small.pages[0];
  t.check(rule, first !== undefined && first.data.length === 1, 'limit=1 on a list that is not empty served no item', first?.ex);
  if (walk.complete && walk.keys.length > 1)
    t.check(rule, first?.nextCursor !== null, `limit=1 of ${walk.keys.length} ${kind.what}s answered meta.nextCursor null`, first?.ex);
  t.note(rule, `${walk.keys.length} ${kind.what}s over ${walk.pages.length} page(s)${walk.complete ? '' : ' (walk stopped early)'}`);
  return found;
}

const scriptLifecycle = defineCheck({
  id: 'dialer.scripts.lifecycle',
  title: 'call scripts: create 201 with a name padded with whitespace, PATCH changes what it sends, the list finds it',
  surface: 'ai',
  rules: ['DIALER-SCRIPT-CREATE-201', 'DIALER-NAME-TRIMMED', 'DIALER-SCRIPT-UPDATE', 'DIALER-SCRIPTS-LIST'],
  cost: { requests: { "the run's script": 1, 'the update': 1, 'the list': LIST_REQUESTS } },
  needs: NEEDS_RECORDS,
  async run(t) {
    const made = await runScript(t);
    judgePaddedCreate(t, made, 'call script');
    const id = idOf(t, made, 'call script');
    const record = judgeCreate(t, 'DIALER-SCRIPT-CREATE-201', 'dialer/script', made);
    const name = t.uniqueName();
    const ex = await dialer(t, 'scripts.update', { scriptId: id }).json({ name }).send();
    t.check('DIALER-SCRIPT-UPDATE', is2xx(ex.status), `PATCH of the name answered ${ex.status}`, ex);
    const after = recordOf(ex);
    if (after && ex.status !== 204) {
      t.expectEqual('DIALER-SCRIPT-UPDATE', after.name, name, 'name after the PATCH', ex);
      if (typeof record.content === 'string') t.expectEqual('DIALER-SCRIPT-UPDATE', after.content, record.content, 'content, not sent', ex);
    }
    const listed = await judgeList(t, SCRIPT, id);
    // A script the list does not show is the list rule's failure; the read-back then could not be judged.
    if (listed === undefined) t.blockRule('DIALER-SCRIPT-UPDATE', SCRIPT.listRule);
    else t.expectEqual('DIALER-SCRIPT-UPDATE', listed.name, name, 'name of the script as listed after the PATCH');
  },
});

const texts = (questions: unknown): unknown => (Array.isArray(questions) ? questions.map((q) => (isObject(q) ? q.text : q)) : questions);

const surveyLifecycle = defineCheck({
  id: 'dialer.surveys.lifecycle',
  title: 'surveys: create 201, PATCH keeps the questions, a PUT replaces them wholesale as the list then shows, the list finds it',
  surface: 'ai',
  rules: ['DIALER-SURVEY-CREATE-201', 'DIALER-NAME-TRIMMED', 'DIALER-SURVEY-QUESTIONS-PUT', 'DIALER-SURVEY-UPDATE', 'DIALER-SURVEYS-LIST'],
  cost: { requests: { "the run's survey": 1, 'the update': 1, 'the questions replaced': 1, 'the list': LIST_REQUESTS } },
  needs: NEEDS_RECORDS,
  async run(t) {
    const made = await runSurvey(t);
    judgePaddedCreate(t, made, 'survey');
    const id = idOf(t, made, 'survey');
    const record = judgeCreate(t, 'DIALER-SURVEY-CREATE-201', 'dialer/survey', made);
    const first = FIRST_QUESTIONS.map((q) => q.text);
    t.expectEqual('DIALER-SURVEY-CREATE-201', texts(record.questions), first, 'questions of the created survey', made.ex);
    // The PATCH comes first, so the list read last shows both writes and a question the survey then lacks
    // can only be the PUT's doing.
    const name = t.uniqueName();
    const patch = await dialer(t, 'surveys.update', { surveyId: id }).json({ name }).send();
    t.check('DIALER-SURVEY-UPDATE', is2xx(patch.status), `PATCH of the name answered ${patch.status}`, patch);
    const afterPatch = recordOf(patch);
    if (afterPatch && patch.status !== 204) {
      t.expectEqual('DIALER-SURVEY-UPDATE', afterPatch.name, name, 'name after the PATCH', patch);
      t.expectEqual('DIALER-SURVEY-UPDATE', texts(afterPatch.questions), first, 'questions, not sent with the PATCH', patch);
    }
    const replacement = [{ text: `Replacement question ${t.uniqueName()}?`, options: ['a', 'b'] }];
    const put = await dialer(t, 'surveys.questions', { surveyId: id }).json({ questions: replacement }).send();
    t.check('DIALER-SURVEY-QUESTIONS-PUT', is2xx(put.status), `PUT of the questions answered ${put.status}`, put);
    const wanted = replacement.map((q) => q.text);
    const afterPut = recordOf(put);
    if (afterPut && put.status !== 204)
      t.expectEqual('DIALER-SURVEY-QUESTIONS-PUT', texts(afterPut.questions), wanted, 'questions after the PUT (the earlier ones must be gone)', put);
    // The survey list is the only route of the table that reads a survey back: what the PUT answered is not enough.
    const listed = await judgeList(t, SURVEY, id);
    if (listed === undefined) {
      t.blockRule('DIALER-SURVEY-UPDATE', SURVEY.listRule);
      return t.blockRule('DIALER-SURVEY-QUESTIONS-PUT', SURVEY.listRule);
    }
    t.expectEqual('DIALER-SURVEY-UPDATE', listed.name, name, 'name of the survey as listed after the PATCH');
    if (listed?.questions === undefined)
      return t.skipRule(
        'DIALER-SURVEY-QUESTIONS-PUT',
        'the survey list shows no questions, and no other route of the table reads a survey back: the questions the PUT wrote could not be read back',
      );
    t.expectEqual(
      'DIALER-SURVEY-QUESTIONS-PUT',
      texts(listed.questions),
      wanted,
      'questions of the survey as listed after the PUT (exactly those sent, none of the earlier ones)',
    );
  },
});

/** The four places a name is validated, taken in turn by the values explored: the creates, then the updates of the same kinds. */
const NAME_TARGETS: readonly { what: string; send: (t: CheckContext, name: string) => Promise<Exchange> }[] = [
  { what: 'script create', send: (t, name) => dialer(t, 'scripts.create').json({ name, content: 'blank-name probe' }).send() },
  { what: 'survey create', send: (t, name) => dialer(t, 'surveys.create').json({ name, questions: [] }).send() },
  {
    what: 'script update',
    send: async (t, name) =>
      dialer(t, SCRIPT.update, { [SCRIPT.param]: idOf(t, await runScript(t), 'call script') })
        .json({ name })
        .send(),
  },
  {
    what: 'survey update',
    send: async (t, name) =>
      dialer(t, SURVEY.update, { [SURVEY.param]: idOf(t, await runSurvey(t), 'survey') })
        .json({ name })
        .send(),
  },
];

/**
 * A name every trim removes for each of the four places in turn, so each clause of the rule is judged by the
 * boundaries alone, then one of disputed whitespace (which goes to an update).
 */
const BLANK_NAME_BOUNDARIES: readonly string[] = [' ', '\t\n', '\r', ' \n ', ' \v\f\r '];

const blankNames = defineCheck({
  id: 'dialer.scripts-surveys.blank-name',
  title: "whitespace-only names on script and survey create and update: 400 'name should not be empty' (fuzzed)",
  surface: 'ai',
  rules: ['DIALER-SCRIPT-SURVEY-NAME-400', SUB_ERRORS],
  cost: {
    requests: {
      boundaries: BLANK_NAME_BOUNDARIES.length,
      'a random value': 1,
      // which the updates need
      "the run's script and survey": 2,
      // a name of the run again after each of the (at most two) names of disputed whitespace an update accepted
      'names given back': 2,
    },
    randomValues: { count: 1, requestsEach: 1 },
  },
  needs: NEEDS_RECORDS,
  async run(t) {
    const rule = 'DIALER-SCRIPT-SURVEY-NAME-400';
    skipBeforeRefusals(t, rule);
    let turn = 0;
    const lenient: string[] = [];
    const subErrors = subErrorsJudge(t);
    await explore(t, {
      arbitrary: fc.string({ unit: fc.constantFrom(...CERTAIN_WHITESPACE, ...DISPUTED_WHITESPACE), minLength: 1, maxLength: 8 }),
      boundaries: BLANK_NAME_BOUNDARIES,
      property: async (name) => {
        const at = turn++ % NAME_TARGETS.length;
        const certain = isCertainlyBlank(name);
        // A name some trims keep may be accepted, so it goes to the update of the same kind: an accepted create
        // would leave a call script or survey the API cannot delete.
        const target = NAME_TARGETS[certain ? at : (at % 2) + 2] as (typeof NAME_TARGETS)[number];
        const ex = await target.send(t, name);
        const label = `${target.what} with name ${show(name)}`;
        subErrors.judge(ex, label);
        if (!certain) {
          const refused = ex.status === 400 && subErrorsMention(ex, 'name should not be empty');
          t.check(rule, refused || is2xx(ex.status), `${label} answered ${ex.status}: neither refused as empty nor accepted`, ex);
          // The run's record now has a blank name: it gets one of the run's again, so a prefix cleanup still finds it.
          if (!refused) t.expectOk(await target.send(t, t.uniqueName()), `renaming the run's record after ${label} was accepted`);
          return void lenient.push(`${label} ${refused ? 'refused' : 'accepted'}`);
        }
        t.check(rule, ex.status === 400, () => `${label} answered ${ex.status}, not 400`, ex);
        expectDialerError(t, rule, ex, 400);
        t.check(rule, subErrorsMention(ex, 'name should not be empty'), () => `${label}: subErrors lack 'name should not be empty'`, ex);
      },
    });
    if (lenient.length > 0) t.note(rule, lenient.join('; '));
    subErrors.settle('whitespace-only script and survey names');
  },
});

export const SCRIPT_SURVEY_CHECKS = [scriptLifecycle, surveyLifecycle, blankNames];
