import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { FAULTS } from '../../mock/faults/registry.ts';
import type { TlsMaterial } from '../../mock/http/front-door.ts';
import { selfSignedCertificate } from '../../mock/tls.ts';
import { ALL_CHECKS } from '../../suites/index.ts';
import { PROOF_SEED, PROOF_WINDOW_MS, reportUnder } from './prove.ts';
import { Session } from '../../lib/checks/session.ts';
import { runChecks } from '../../lib/checks/runner.ts';
import { targetFromSettings } from '../../lib/config/load.ts';
import { buildReport } from '../../lib/results/report.ts';
import { startMock } from '../../mock/start.ts';

/**
 * The stateful checks' faults break state only across operations. Each must be reported failed with a
 * shrunk sequence of a handful of steps, and that sequence must fail again when replayed from the report's
 * path alone, as its rerun line says.
 */
const STATEFUL = ALL_CHECKS.filter((check) => check.cost.sequences);
/** A stateful check's own rules: those it hands over are other checks' rules, failed here only on a fact of theirs it sees. */
const ownRules = (check: (typeof STATEFUL)[number]): readonly string[] => check.rules.filter((rule) => !(check.handsOver ?? []).includes(rule));
const STATEFUL_FAULTS = FAULTS.filter((fault) => STATEFUL.some((check) => ownRules(check).includes(fault.breaks)));

/** At most this many steps: a story a reader follows at a glance. */
const HANDFUL = 5;

/**
 * One fact, one judge: the single-step rules whose faults meet a stateful check's steps, by ID prefix, and that
 * check. A fault of one of them shows in one step already, and must fail no stateful rule beside its own.
 */
const MET_BY: readonly { readonly prefix: string; readonly check: string }[] = [
  { prefix: 'CORE-CONTACT', check: 'core.stateful.contacts' },
  { prefix: 'CORE-ISOLATION', check: 'core.stateful.contacts' },
  { prefix: 'CORE-BLACKLIST', check: 'core.stateful.blacklist' },
  { prefix: 'CORE-TAG', check: 'core.stateful.tags' },
  { prefix: 'CORE-GROUP', check: 'core.stateful.memberships' },
  { prefix: 'DIALER-CURSOR', check: 'dialer.stateful.campaigns' },
  { prefix: 'DIALER-BUTTONS', check: 'dialer.stateful.campaigns' },
];
const STATEFUL_RULES = new Set(STATEFUL.flatMap(ownRules));

/**
 * The other way round: the single-step rules whose checks meet a stateful fault's records, by ID prefix, per
 * stateful check. A stateful fault shows only across operations, so it must fail none of them.
 */
const MEETS: Readonly<Record<string, readonly string[]>> = {
  'core.stateful.contacts': ['CORE-CONTACT', 'CORE-ISOLATION', 'CORE-PAGE'],
  'core.stateful.blacklist': ['CORE-BLACKLIST'],
  'core.stateful.tags': ['CORE-TAG'],
  'core.stateful.memberships': ['CORE-GROUP'],
  'dialer.stateful.campaigns': ['DIALER-CURSOR', 'DIALER-BUTTONS', 'DIALER-CAMPAIGN', 'DIALER-INCLUDE-DELETED', 'DIALER-LIST'],
};
const SINGLE_STEP = FAULTS.flatMap((fault) => {
  const met = MET_BY.find((m) => fault.breaks.startsWith(m.prefix));
  const check = met && STATEFUL.find((c) => c.id === met.check);
  return check && !STATEFUL_RULES.has(fault.breaks) ? [{ fault, check }] : [];
});

describe.concurrent('a fault that breaks state across operations fails its rule with a short story that replays', () => {
  let tls: TlsMaterial;
  beforeAll(async () => {
    tls = await selfSignedCertificate();
  });

  test('every stateful check has faults of its own', () => {
    expect(STATEFUL.length).toBeGreaterThan(0);
    for (const check of STATEFUL)
      expect(
        STATEFUL_FAULTS.some((fault) => check.rules.includes(fault.breaks)),
        check.id,
      ).toBe(true);
  });

  test('buttons the target does not route leave DIALER-STATE-BUTTONS skipped with the variable that routes them, and the walks judged', async () => {
    const fault = FAULTS.find((f) => f.name === 'dialer-buttons-replace-clears-other-campaigns');
    expect(fault).toBeDefined();
    const routes = join(mkdtempSync(join(tmpdir(), 'cc-routes-')), 'routes.json');
    writeFileSync(routes, JSON.stringify({ 'campaign.buttons.replace': 'PUT /dialer/nowhere/{campaignId}/buttons' }));
    const checks = STATEFUL.filter((check) => check.rules.includes('DIALER-STATE-BUTTONS'));
    const report = await reportUnder(fault as (typeof FAULTS)[number], tls, checks, undefined, { CC_DIALER_ROUTES: routes });
    const rule = (id: string) => report.rules.find((r) => r.id === id);
    expect(rule('DIALER-STATE-BUTTONS')?.status).toBe('skipped');
    expect(rule('DIALER-STATE-BUTTONS')?.detail).toBe('route campaign.buttons.replace is not routed; set CC_DIALER_ROUTES');
    expect(rule('DIALER-STATE-WALK')?.status).toBe('pass');
  });

  test('expecting a release before 1.0.22, a walk is not failed for what an unfiltered list does with deleted campaigns', async () => {
    // The older side of that change is unstated (DIALER-LIST-INCLUDES-DELETED is observed): a server that
    // already leaves them out, and one that lists them, both keep DIALER-STATE-WALK.
    const checks = STATEFUL.filter((check) => check.rules.includes('DIALER-STATE-WALK'));
    for (const release of ['latest', '1.0.21'] as const) {
      const running = await startMock({ rateWindowMs: PROOF_WINDOW_MS, tls, dialerRelease: release });
      const target = targetFromSettings({ ...running.env, CC_DIALER_RELEASE: '1.0.21' }, process.cwd(), true);
      const session = new Session(target, PROOF_SEED);
      try {
        const outcomes = await runChecks(session, checks);
        const report = buildReport({ outcomes, target, seed: PROOF_SEED, startedAt: new Date(), durationMs: 0 });
        const walk = report.rules.find((r) => r.id === 'DIALER-STATE-WALK');
        expect([walk?.status, walk?.detail], `a server playing ${release}`).toEqual(['pass', undefined]);
      } finally {
        await session.close();
        await running.close();
      }
    }
  });

  test('the single-step faults met by the stateful checks are many, of every area named', () => {
    expect(SINGLE_STEP.length).toBeGreaterThan(MET_BY.length);
    for (const met of MET_BY)
      expect(
        SINGLE_STEP.some(({ fault }) => fault.breaks.startsWith(met.prefix)),
        met.prefix,
      ).toBe(true);
  });

  for (const { fault, check } of SINGLE_STEP) {
    test(`${fault.name}: a fault of ${fault.breaks}, one step's, fails no rule of ${check.id}`, async () => {
      const report = await reportUnder(fault, tls, [check]);
      // Its own rules: a rule it hands over is the fault's, which the check may fail on what it saw.
      const judged = report.rules.filter((r) => ownRules(check).includes(r.id));
      expect(judged).toHaveLength(ownRules(check).length);
      expect(judged.filter((r) => r.status === 'fail').map((r) => [r.id, r.detail])).toEqual([]);
    });
  }

  for (const fault of STATEFUL_FAULTS) {
    const own = STATEFUL.find((check) => ownRules(check).includes(fault.breaks));
    const prefixes = MEETS[own?.id ?? ''] ?? [];
    const met = ALL_CHECKS.filter((check) => !check.cost.sequences && check.rules.some((rule) => prefixes.some((p) => rule.startsWith(p))));
    test(`${fault.name}: a fault across operations fails none of the ${met.length} single-step checks that meet its records`, async () => {
      expect(met.length).toBeGreaterThan(0);
      const rules = new Set<string>(met.flatMap((check) => check.rules));
      const report = await reportUnder(fault, tls, met);
      expect(report.rules.filter((r) => rules.has(r.id) && r.status === 'pass').length).toBeGreaterThan(0);
      expect(report.rules.filter((r) => rules.has(r.id) && r.status === 'fail').map((r) => [r.id, r.detail])).toEqual([]);
    });
  }

  for (const fault of STATEFUL_FAULTS) {
    test(`${fault.name}: ${fault.breaks} fails after at most ${HANDFUL} steps, and again on replay`, async () => {
      const checks = STATEFUL.filter((check) => ownRules(check).includes(fault.breaks));
      const first = (await reportUnder(fault, tls, checks)).rules.find((r) => r.id === fault.breaks);
      expect(first?.status, first?.detail).toBe('fail');
      const story = first?.evidence?.sequence;
      expect(story?.steps.length ?? 0).toBeGreaterThan(0);
      expect(story?.steps.length ?? Infinity).toBeLessThanOrEqual(HANDFUL);
      expect(first?.reproduce?.rerun).toBe(story?.replay);
      // The script sends each step's requests, ids captured from the creates, and holds no credential.
      expect(story?.script).toMatch(/^#!\/bin\/sh\n/);
      expect(story?.script).not.toMatch(/Authorization: Basic/i);

      const replay = /^CC_SEQUENCE_REPLAY=(\S+) /.exec(story?.replay ?? '')?.[1];
      expect(replay).toBeDefined();
      const again = (await reportUnder(fault, tls, checks, undefined, { CC_SEQUENCE_REPLAY: replay as string })).rules.find((r) => r.id === fault.breaks);
      expect(again?.status, again?.detail).toBe('fail');
      expect(again?.evidence?.sequence?.steps.length).toBe(story?.steps.length);
    });
  }
});
