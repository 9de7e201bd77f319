import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CheckContext } from '../../lib/checks/context.ts';
import { type CheckDefinition, defineCheck } from '../../lib/checks/define.ts';
import { runCheck } from '../../lib/checks/runner.ts';
import { Session } from '../../lib/checks/session.ts';
import { RuleViolation } from '../../lib/checks/signals.ts';
import { targetFromSettings } from '../../lib/config/load.ts';
import { DefinitionError, RequestAllowanceError, TransportError } from '../../lib/errors.ts';
import type { Exchange } from '../../lib/http/exchange.ts';
import type { CheckOutcome, RuleVerdict } from '../../lib/results/outcome.ts';
import { rule } from '../../lib/rules/index.ts';
import { type RunningMock, startMock } from '../../mock/start.ts';
import { ALL_CHECKS } from '../../suites/index.ts';
import { literalTarget } from './support.ts';
import type { RuleId } from '../../lib/rules/index.ts';

const DELETE_404 = 'CORE-TAG-DELETE-404';
const DELETE_200 = 'CORE-TAG-DELETE-200';
const GROUP_404 = 'CORE-GROUP-REMOVE-404';
const PAST_LAST = 'CORE-PAGE-PAST-LAST';

function check(def: Partial<CheckDefinition> & Pick<CheckDefinition, 'rules' | 'run'>): CheckDefinition {
  return defineCheck({
    id: 'harness.runner',
    title: 'a check of the runner',
    surface: 'core',
    cost: { requests: 0 },
    ...def,
  });
}

function verdict(outcome: CheckOutcome, ruleId: string): RuleVerdict {
  const found = outcome.verdicts.find((v) => v.rule === ruleId);
  if (!found) throw new Error(`no verdict for ${ruleId}`);
  return found;
}

/** An answer as the client records it, for evidence; no request is needed to build one. */
const answer: Exchange = {
  request: { method: 'DELETE', url: 'https://127.0.0.1:1/api/tags/delete/1.json', headers: { authorization: 'Basic [redacted]' }, credentials: 'primary key' },
  status: 500,
  headers: { 'content-type': 'application/json', 'x-other': 'dropped from evidence' },
  text: '{"responseData":{"status":500,"message":"oops"}}',
  bodyBytes: 48,
  json: { responseData: { status: 500, message: 'oops' } },
  startedAt: 0,
  durationMs: 1,
};

test('the rule IDs used here have the levels the tests rely on', () => {
  expect([DELETE_404, DELETE_200, GROUP_404].map((id) => rule(id).level)).toEqual(['required', 'required', 'required']);
  expect(rule(PAST_LAST).level).toBe('observed');
});

describe('runCheck, without sending', () => {
  // The target refuses connections: a check that sent by mistake would end in CC_ERR_TRANSPORT.
  const session = new Session(literalTarget(), 1);
  afterAll(() => session.close());

  test('a broken assertion fails its rule with evidence and the check goes on judging its other rules', async () => {
    const outcome = await runCheck(
      session,
      check({
        rules: [DELETE_404, DELETE_200, GROUP_404],
        async run(t) {
          t.check(DELETE_404, true, 'fine');
          expect(t.expectStatus(DELETE_200, answer, 200)).toBe(false);
          expect(t.check(DELETE_200, false, 'a second breach of the same rule')).toBe(false);
          t.pass(GROUP_404);
          t.check(DELETE_404, true, 'fine again');
        },
      }),
    );
    expect(verdict(outcome, DELETE_404)).toEqual({ rule: DELETE_404, status: 'pass', notes: [] });
    const failed = verdict(outcome, DELETE_200);
    expect(failed.status).toBe('fail');
    expect(failed.detail).toBe('expected HTTP 200, got 500');
    // A later violation of the rule is said too, not set aside behind the first.
    expect(failed.notes).toEqual(['also broken in this check: a second breach of the same rule']);
    expect(failed.evidence?.response).toEqual({ status: 500, headers: { 'content-type': 'application/json' }, body: answer.text });
    expect(failed.evidence?.request.url).toBe(answer.request.url);
    expect(verdict(outcome, GROUP_404)).toEqual({ rule: GROUP_404, status: 'pass', notes: [] });
    expect(outcome.problems).toEqual([]);
  });

  test('a step that cannot go on after a failure leaves the rules not yet judged blocked by it, never skipped', async () => {
    const endings: Record<string, (t: CheckContext) => void> = {
      'a thrown violation': () => {
        throw new RuleViolation(DELETE_200, 'the answer a later step needs is broken');
      },
      'a crash on the broken answer': (t) => {
        t.expectStatus(DELETE_200, answer, 200);
        throw new TypeError("Cannot read properties of undefined (reading 'id')");
      },
      'a prerequisite after the failure': (t) => {
        t.expectStatus(DELETE_200, answer, 200);
        t.prerequisite(false, 'no id to read back');
      },
      'a skip after the failure': (t) => {
        t.expectStatus(DELETE_200, answer, 200);
        t.skip('nothing to compare');
      },
    };
    for (const [name, ending] of Object.entries(endings)) {
      const outcome = await runCheck(
        session,
        check({
          rules: [DELETE_404, DELETE_200, GROUP_404],
          async run(t) {
            t.check(DELETE_404, true, 'probe 1 held');
            ending(t);
            t.pass(GROUP_404);
          },
        }),
      );
      expect(verdict(outcome, DELETE_200).status, name).toBe('fail');
      for (const rule of [DELETE_404, GROUP_404]) {
        const v = verdict(outcome, rule);
        expect(v.status, name).toBe('blocked');
        expect(v.blockedBy, name).toBe(DELETE_200);
        expect(v.detail, name).toMatch(new RegExp(`^blocked by ${DELETE_200}, which failed first in harness\\.runner`));
      }
      expect(verdict(outcome, DELETE_404).notes, name).toContain('1 assertion held before the check ended; the rest were not judged');
      // What the failure caused is not the harness's problem.
      expect(outcome.problems, name).toEqual([]);
    }
  });

  test('a harness error after a failure is an error still: the network, not the failure, stopped the check', async () => {
    const outcome = await runCheck(
      session,
      check({
        rules: [DELETE_404, DELETE_200],
        async run(t) {
          t.expectStatus(DELETE_200, answer, 200);
          throw new TransportError('reset');
        },
      }),
    );
    expect(verdict(outcome, DELETE_200).status).toBe('fail');
    expect(verdict(outcome, DELETE_404)).toMatchObject({ status: 'error', detail: 'CC_ERR_TRANSPORT: reset' });
    expect(outcome.problems).toHaveLength(1);
  });

  test('inside strictly() an assertion throws, so a property or a sequence sees its step fail', async () => {
    const t = new CheckContext(session, {
      id: 'harness.runner',
      rules: [DELETE_200],
      cost: { requests: 0 },
    });
    await expect(t.strictly(async () => t.expectStatus(DELETE_200, answer, 200))).rejects.toThrow(RuleViolation);
    // Thrown, not recorded: whoever catches it decides (a counterexample, a shrunk sequence).
    expect(t.standings.get(DELETE_200)?.failure).toBeUndefined();
    expect(t.expectStatus(DELETE_200, answer, 200)).toBe(false);
    expect(t.standings.get(DELETE_200)?.failure?.message).toBe('expected HTTP 200, got 500');
  });

  test('a rule declared judged in full with done() keeps its pass whatever ends the check later', async () => {
    const outcome = await runCheck(
      session,
      check({
        rules: [DELETE_404, DELETE_200],
        async run(t) {
          t.check(DELETE_404, true, 'fine');
          t.done(DELETE_404);
          t.expectStatus(DELETE_200, answer, 200);
        },
      }),
    );
    expect(verdict(outcome, DELETE_404)).toEqual({ rule: DELETE_404, status: 'pass', notes: [] });
    expect(verdict(outcome, DELETE_200).status).toBe('fail');
  });

  test('done() before the rule was asserted is a defect of the check', async () => {
    const outcome = await runCheck(
      session,
      check({
        rules: [DELETE_404],
        async run(t) {
          t.done(DELETE_404);
        },
      }),
    );
    expect(verdict(outcome, DELETE_404)).toMatchObject({ status: 'error', detail: expect.stringMatching(/^CC_ERR_DEFINITION: .*before asserting it/) });
    expect(outcome.problems).toHaveLength(1);
  });

  test('every way a check can end early leaves a rule judged in part unpassed', async () => {
    const endings: Record<string, { status: string; detail: RegExp; run: (t: CheckContext) => void }> = {
      skip: { status: 'skipped', detail: /^no fixture$/, run: (t) => t.skip('no fixture') },
      prerequisite: { status: 'skipped', detail: /^prerequisite failed: setup broke$/, run: (t) => t.prerequisite(false, 'setup broke') },
      transport: {
        status: 'error',
        detail: /^CC_ERR_TRANSPORT: reset$/,
        run: () => {
          throw new TransportError('reset');
        },
      },
      allowance: {
        status: 'error',
        detail: /^CC_ERR_ALLOWANCE: /,
        run: () => {
          throw new RequestAllowanceError('one too many');
        },
      },
      crash: {
        status: 'error',
        detail: /^TypeError: x$/,
        run: () => {
          throw new TypeError('x');
        },
      },
    };
    for (const [name, ending] of Object.entries(endings)) {
      const outcome = await runCheck(
        session,
        check({
          rules: [DELETE_404, DELETE_200],
          async run(t) {
            // The shape of a loop over many probes: probe 1 holds, probe 2 ends the check.
            t.check(DELETE_404, true, 'probe 1 of 9 held');
            ending.run(t);
            t.check(DELETE_404, true, 'probe 9 of 9 held');
          },
        }),
      );
      const v = verdict(outcome, DELETE_404);
      expect(v.status, name).toBe(ending.status);
      expect(v.detail, name).toMatch(ending.detail);
      expect(v.notes, name).toContain('1 assertion held before the check ended; the rest were not judged');
      // Harness errors reach the report's problems; the target's own verdicts and skips do not.
      expect(outcome.problems.length, name).toBe(ending.status === 'error' ? 1 : 0);
    }
  });

  test('t.skip() skips every rule not declared done, with the reason', async () => {
    const outcome = await runCheck(
      session,
      check({
        rules: [DELETE_404, DELETE_200, GROUP_404],
        async run(t) {
          t.pass(DELETE_404);
          t.done(DELETE_404);
          t.pass(GROUP_404);
          t.skip('the target has no tag to delete');
        },
      }),
    );
    expect(verdict(outcome, DELETE_404).status).toBe('pass');
    expect(verdict(outcome, GROUP_404)).toMatchObject({ status: 'skipped', detail: 'the target has no tag to delete' });
    expect(verdict(outcome, DELETE_200)).toMatchObject({ status: 'skipped', detail: 'the target has no tag to delete' });
  });

  test('a failed prerequisite skips the rules, pointing at the step and its evidence', async () => {
    const outcome = await runCheck(
      session,
      check({
        rules: [DELETE_200],
        async run(t) {
          t.prerequisite(true, 'holds');
          t.expectOk({ ...answer, status: 409 }, 'creating a tag');
        },
      }),
    );
    const v = verdict(outcome, DELETE_200);
    expect(v.status).toBe('skipped');
    expect(v.detail).toBe('prerequisite failed: creating a tag: DELETE /api/tags/delete/1.json answered 409');
    expect(v.evidence?.response.status).toBe(409);
  });

  test('a setup step the target answered with a 5xx is an error of the run, not a missing prerequisite', async () => {
    const outcome = await runCheck(session, check({ rules: [DELETE_200], run: async (t) => t.expectOk({ ...answer, status: 500 }, 'creating a tag') }));
    const v = verdict(outcome, DELETE_200);
    expect(v.status).toBe('error');
    expect(v.detail).toMatch(/^CC_ERR_UNAVAILABLE: creating a tag: DELETE \/api\/tags\/delete\/1\.json answered 500; /);
    expect(outcome.problems).toHaveLength(1);
  });

  test('an answer labelled JSON whose body does not parse holds no rule, even one judged on its status alone', async () => {
    const broken: Exchange = { ...answer, status: 404, text: '{"responseData":{"status":404', json: undefined, jsonError: 'Unexpected end of JSON input' };
    const outcome = await runCheck(session, check({ rules: [DELETE_404], run: async (t) => t.expectStatus(DELETE_404, broken, 404) }));
    expect(verdict(outcome, DELETE_404)).toMatchObject({
      status: 'fail',
      detail: 'the answer (404) is labelled application/json but its body is not JSON: Unexpected end of JSON input',
    });
    // A body that is not labelled JSON (an HTML page, plain text) is judged as it is.
    const page = await runCheck(
      session,
      check({ rules: [DELETE_404], run: async (t) => t.expectStatus(DELETE_404, { ...broken, headers: { 'content-type': 'text/html' } }, 404) }),
    );
    expect(verdict(page, DELETE_404).status).toBe('pass');
  });

  test('a thrown plain error is an error of the harness, not a failure of the target', async () => {
    const outcome = await runCheck(
      session,
      check({
        rules: [DELETE_404],
        async run() {
          throw new TypeError('cannot read id of undefined');
        },
      }),
    );
    expect(verdict(outcome, DELETE_404)).toMatchObject({ status: 'error', detail: 'TypeError: cannot read id of undefined' });
  });

  test('a rule the check never asserts is an error: a check must not pass by saying nothing', async () => {
    const outcome = await runCheck(
      session,
      check({
        rules: [DELETE_404, DELETE_200],
        async run(t) {
          t.pass(DELETE_404);
          t.note(DELETE_200, 'looked, did not judge');
        },
      }),
    );
    expect(verdict(outcome, DELETE_404).status).toBe('pass');
    const v = verdict(outcome, DELETE_200);
    expect(v.status).toBe('error');
    expect(v.detail).toContain('ended without asserting');
    expect(v.notes).toEqual(['looked, did not judge']);
  });

  test('a missing key slot skips every rule with exactly the variable to set, and runs nothing', async () => {
    let ran = false;
    const outcome = await runCheck(
      session,
      check({
        rules: [DELETE_404, DELETE_200],
        cost: { requests: 3 },
        needs: { keys: ['primary', 'second'] },
        async run() {
          ran = true;
        },
      }),
    );
    expect(ran).toBe(false);
    expect(outcome.verdicts).toEqual([
      { rule: DELETE_404, status: 'skipped', detail: 'needs CC_KEY2_ID', notes: [] },
      { rule: DELETE_200, status: 'skipped', detail: 'needs CC_KEY2_ID', notes: [] },
    ]);
    expect(outcome).toMatchObject({ requests: 0, allowance: 3, leftovers: [] });
  });

  test('a missing host or effect is named the same way', async () => {
    const noop = async () => undefined;
    const host = await runCheck(session, check({ rules: [DELETE_404], needs: { surfaces: ['analytics'] }, run: noop }));
    expect(verdict(host, DELETE_404).detail).toBe('needs CC_ANALYTICS_URL');
    const effect = await runCheck(session, check({ rules: [DELETE_404], needs: { effects: ['sms'] }, run: noop }));
    expect(verdict(effect, DELETE_404).detail).toMatch(/^needs CC_EFFECTS to include sms: /);
  });

  test('with only the core host configured, every check of the other hosts is skipped naming its variable, and sends nothing', async () => {
    const variable = { ai: 'CC_AI_URL', analytics: 'CC_ANALYTICS_URL', cuecard: 'CC_CUECARD_URL' } as const;
    const others = ALL_CHECKS.filter((c) => c.surface !== 'core');
    expect(others.length).toBeGreaterThan(20);
    for (const def of others) {
      const outcome = await runCheck(session, def);
      expect(outcome.requests, def.id).toBe(0);
      for (const v of outcome.verdicts)
        expect(v, def.id).toMatchObject({ status: 'skipped', detail: `needs ${variable[def.surface as keyof typeof variable]}` });
    }
  });

  test('a request with a key the target lacks skips the check instead of sending, and costs nothing', async () => {
    const outcome = await runCheck(
      session,
      check({
        rules: [DELETE_404],
        cost: { requests: 1 },
        async run(t) {
          await t.core('GET', '/tags/index.json').as('other').send();
        },
      }),
    );
    expect(verdict(outcome, DELETE_404)).toMatchObject({ status: 'skipped', detail: 'needs CC_OTHER_KEY_ID' });
    expect(outcome.requests).toBe(0);
  });

  test('a create stopped while it waits for budget (an interrupt) is never sent and leaves nothing in the ledger', async () => {
    const paced = new Session(literalTarget(), 1);
    try {
      // The window's budget is spent, so the create waits for the next one, and the interrupt comes first.
      for (let i = 0; i < paced.pacer.perWindow; i += 1) paced.pacer.record('core:self');
      const interrupt = new AbortController();
      setTimeout(() => interrupt.abort(new Error('interrupted by the test')), 50);
      const outcome = await runCheck(
        paced,
        check({
          rules: [DELETE_404],
          cost: { requests: 1 },
          async run(t) {
            await t.core('PUT', '/tags/add.json').json({ name: 'cc-conformance-abcdefgh-0001' }).send();
          },
        }),
        { signal: interrupt.signal },
      );
      expect(verdict(outcome, DELETE_404).detail).toMatch(/^CC_ERR_INTERRUPTED: /);
      expect(outcome.requests).toBe(0);
      expect(paced.ledger.records()).toEqual([]);
      expect(paced.ledger.leftovers()).toEqual([]);
    } finally {
      await paced.close();
    }
  });

  test('a request beyond maxRequests is an allowance error and is never sent', async () => {
    const outcome = await runCheck(
      session,
      check({
        rules: [DELETE_404],
        cost: { requests: 0 },
        async run(t) {
          await t.core('DELETE', '/tags/delete/1.json').send();
        },
      }),
    );
    const v = verdict(outcome, DELETE_404);
    expect(v.status).toBe('error');
    expect(v.detail).toMatch(/^CC_ERR_ALLOWANCE: harness\.runner declares at most 0 requests/);
    expect(outcome.requests).toBe(0);
    expect(session.client.stats.requests).toBe(0);
  });

  test('cleanups run last-in first-out when the check fails, and one that throws is a leftover', async () => {
    const ran: string[] = [];
    const outcome = await runCheck(
      session,
      check({
        rules: [DELETE_200],
        async run(t) {
          t.cleanup('delete contact 1', async () => ran.push('contact'));
          t.cleanup('delete tag 2', async () => {
            ran.push('tag');
            throw new Error('DELETE /tags/delete/2.json answered 500');
          });
          t.cleanup('delete agent 3', async () => ran.push('agent'));
          t.check(DELETE_200, false, 'the tag is still listed');
        },
      }),
    );
    expect(ran).toEqual(['agent', 'tag', 'contact']);
    expect(outcome.leftovers).toEqual(['delete tag 2: DELETE /tags/delete/2.json answered 500']);
    expect(verdict(outcome, DELETE_200)).toMatchObject({ status: 'fail', detail: 'the tag is still listed' });
  });

  test('cleanups also run when the check is skipped or errors', async () => {
    const ran: string[] = [];
    for (const ending of ['skip', 'error'] as const) {
      await runCheck(
        session,
        check({
          rules: [DELETE_200],
          async run(t) {
            t.cleanup(ending, async () => ran.push(ending));
            if (ending === 'skip') t.skip('no fixture');
            throw new Error('broken');
          },
        }),
      );
    }
    expect(ran).toEqual(['skip', 'error']);
  });

  test('observe() is for observed rules only, check() for required rules only', async () => {
    const t = new CheckContext(session, {
      id: 'harness.runner',
      rules: [DELETE_404, PAST_LAST],
      cost: { requests: 0 },
    });
    expect(() => t.observe(DELETE_404, 'saw a 404')).toThrow(DefinitionError);
    expect(() => t.check(PAST_LAST, true, 'fine')).toThrow(DefinitionError);
    expect(() => t.expectStatus(PAST_LAST, answer, 500)).toThrow(DefinitionError);
    t.observe(PAST_LAST, 'past the last page: 200 with empty data');
    expect(t.standings.get(PAST_LAST)).toEqual({ passes: 1, notes: ['past the last page: 200 with empty data'], laterFailures: [] });
    expect(t.standings.get(DELETE_404)).toEqual({ passes: 0, notes: [], laterFailures: [] });
  });

  test('a definition error inside a check is reported as a harness error with its code', async () => {
    const outcome = await runCheck(
      session,
      check({
        rules: [PAST_LAST, DELETE_404],
        async run(t) {
          t.observe(PAST_LAST, 'seen');
          t.check(GROUP_404, true, 'not listed by this check');
        },
      }),
    );
    expect(verdict(outcome, PAST_LAST)).toMatchObject({
      rule: PAST_LAST,
      status: 'error',
      notes: ['seen', '1 assertion held before the check ended; the rest were not judged'],
    });
    expect(verdict(outcome, DELETE_404).detail).toMatch(/^CC_ERR_DEFINITION: .*CORE-GROUP-REMOVE-404/);
    expect(outcome.problems).toEqual([expect.stringMatching(/^harness\.runner: CC_ERR_DEFINITION: /)]);
  });

  test('a check that lists an unknown rule is refused before it runs', async () => {
    let ran = false;
    const def = check({
      // A name the compiler would refuse, as a check built at run time could still carry.
      rules: ['CORE-NO-SUCH-RULE' as RuleId],
      async run() {
        ran = true;
      },
    });
    await expect(runCheck(session, def)).rejects.toBeInstanceOf(DefinitionError);
    expect(ran).toBe(false);
  });
});

describe('runCheck against the mock', () => {
  let running: RunningMock;
  let session: Session;
  let secrets: string[];

  beforeAll(async () => {
    running = await startMock({ rateWindowMs: 1000 });
    session = new Session(targetFromSettings({ ...running.env }, process.cwd(), true), 7);
    secrets = Object.entries(running.env)
      .filter(([name]) => /_(ID|SECRET)$/.test(name))
      .map(([, value]) => value);
  });
  afterAll(async () => {
    await session?.close();
    await running?.close();
  });

  async function tagNames(): Promise<string[]> {
    let names: string[] = [];
    const outcome = await runCheck(
      session,
      check({
        id: 'harness.list-tags',
        rules: [DELETE_404],
        cost: { requests: 1 },
        async run(t) {
          const ex = await t.core('GET', '/tags/index.json').query({ limit: 1000 }).send();
          t.expectStatus(DELETE_404, ex, 200);
          names = (ex.json as { responseData: { data: { Tag: { name: string } }[] } }).responseData.data.map((d) => d.Tag.name);
        },
      }),
    );
    expect(verdict(outcome, DELETE_404).status).toBe('pass');
    return names;
  }

  test('a suite check passes against the faithful mock', async () => {
    const def = ALL_CHECKS.find((c) => c.id === 'core.tags.delete-unknown') as CheckDefinition;
    const outcome = await runCheck(session, def);
    expect(outcome.verdicts).toEqual([{ rule: DELETE_404, status: 'pass', notes: [] }]);
    expect(outcome).toMatchObject({ requests: 1, unplanned429: 0, leftovers: [] });
  });

  test('a failing check still deletes what it created, outside its allowance, and its report holds no credential', async () => {
    const name = session.uniqueName();
    const outcome = await runCheck(
      session,
      check({
        id: 'harness.create-then-fail',
        rules: [DELETE_200],
        cost: { requests: 1 },
        async run(t) {
          const created = await t.core('PUT', '/tags/add.json').json({ name }).send();
          t.expectOk(created, 'creating a tag');
          const id = (created.json as { responseData: { data: { id: string } } }).responseData.data.id;
          t.undo(`delete tag ${id}`, t.core('DELETE', `/tags/delete/${id}.json`));
          t.expectStatus(DELETE_200, created, 200);
        },
      }),
    );
    const v = verdict(outcome, DELETE_200);
    expect(v).toMatchObject({ status: 'fail', detail: 'expected HTTP 200, got 201' });
    expect(v.evidence?.request.headers.authorization).toBe('Basic [redacted]');
    // Spent: the creation and the cleanup's delete; only the first counts against the allowance of 1.
    expect(outcome).toMatchObject({ requests: 2, allowance: 1, leftovers: [] });
    expect(await tagNames()).not.toContain(name);
    const report = JSON.stringify(outcome);
    for (const secret of secrets) expect(report).not.toContain(secret);
  });

  test('the request over the allowance is refused; the rule it cut short is an error, not a pass', async () => {
    const outcome = await runCheck(
      session,
      check({
        id: 'harness.over-allowance',
        rules: [DELETE_404, GROUP_404],
        cost: { requests: 2 },
        async run(t) {
          for (let i = 0; i < 3; i++) {
            const ex = await t.core('DELETE', '/tags/delete/2147480123.json').send();
            t.expectStatus(DELETE_404, ex, 404);
          }
          t.pass(GROUP_404);
        },
      }),
    );
    expect(verdict(outcome, DELETE_404)).toMatchObject({ status: 'error', notes: ['2 assertions held before the check ended; the rest were not judged'] });
    expect(verdict(outcome, GROUP_404).detail).toMatch(/^CC_ERR_ALLOWANCE: /);
    expect(outcome.requests).toBe(2);
    expect(outcome.problems).toEqual([expect.stringMatching(/^harness\.over-allowance: CC_ERR_ALLOWANCE: /)]);
  });
});
