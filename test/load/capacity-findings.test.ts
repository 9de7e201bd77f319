import { describe, expect, test } from 'vitest';
import type { Target } from '../../lib/config/target.ts';
import { capacityDocument } from '../../load/capacity/document.ts';
import { probeFindings, verdictAfterProbe } from '../../load/capacity/findings.ts';
import { planCampaign } from '../../load/capacity/campaign-plan.ts';
import { probeNotice, probeScenario, probeTakesWholeBudget } from '../../load/capacity/probe.ts';
import { readCapacityProfile } from '../../load/capacity/profile.ts';
import { renderCapacityPage } from '../../load/capacity/render-html.ts';
import { buildLoadReport } from '../../load/report/build.ts';
import { COMPANY_OF_SLOT } from '../../lib/contract/vocabulary.ts';
import { arrivalOffsetsMs, type LoadScenario } from '../../load/shared/scenario-model.ts';
import type { LoadRecord } from '../../load/shared/records.ts';

const PROFILE = readCapacityProfile(new URL('../../load/capacity/profile.example.json', import.meta.url).pathname);
const NOW = new Date('2026-09-10T08:00:00Z');
const WINDOW = 1_000;

/** Records of the probe's schedule, each answered `latencyMs` after it was due with the status `statusOf` gives. */
function records(scenario: LoadScenario, latencyMs: number, statusOf: (stream: string, index: number) => number = () => 200): LoadRecord[] {
  return scenario.streams.flatMap((stream) =>
    arrivalOffsetsMs(stream, WINDOW).map((at, i) => ({
      stream: stream.name,
      surface: stream.surface,
      company: COMPANY_OF_SLOT[stream.key],
      intendedMs: at,
      startedMs: at,
      endedMs: at + latencyMs,
      status: statusOf(stream.name, i),
    })),
  );
}

function probe(shares: { core: number; dialer: number }, latencyMs: number, statusOf?: (stream: string, index: number) => number) {
  const plan = planCampaign({ contacts: 10_000, profile: PROFILE, shares, deadline: '20h', now: NOW });
  const scenario = probeScenario(plan, 2);
  const report = buildLoadReport({
    records: records(scenario, latencyMs, statusOf),
    scenario,
    windowMs: WINDOW,
    engine: 'node',
    kind: 'capacity',
    startedAt: NOW,
    durationMs: 2 * WINDOW,
    interrupted: false,
    missed: 0,
    notSent: 0,
    target: { bundledMock: false, urls: { core: 'https://api.example.test/api' } },
  });
  return { plan, report, findings: probeFindings(plan, report) };
}

describe('what the probe measured', () => {
  test('the share served: every planned request answered 2xx, the plan stands', () => {
    const { plan, findings } = probe({ core: 0.5, dialer: 0.5 }, 40);
    expect(findings.surfaces.map((f) => [f.surface, f.offeredPerWindow, f.planned, f.served, f.limited, f.shareServed])).toEqual([
      ['core', 30, 60, 60, 0, true],
      ['dialer', 30, 60, 60, 0, true],
    ]);
    expect(findings.surfaces[0]?.uncorrected?.p99).toBeCloseTo(40, 0);
    expect(findings.surfaces[0]?.planIntervalMs).toBe(2_000);
    expect(findings.statements).toContain('core: 60 of 60 requests served at 30 per window: the share was served');
    expect(
      findings.statements.some((s) => s.startsWith('core: p99 latency 40.0 ms') && s.endsWith('so a client sending one request at a time keeps the pace')),
    ).toBe(true);
    expect(verdictAfterProbe(plan.verdict, findings)).toBe(plan.verdict);
    expect(plan.verdict.go).toBe(true);
  });

  test('a 429 below the whole budget turns the verdict to no-go: the budget is contended', () => {
    const { plan, findings } = probe({ core: 0.5, dialer: 0.5 }, 40, (stream, i) => (stream === 'core-share' && i >= 55 ? 429 : 200));
    expect(findings.limited).toBe(5);
    expect(findings.surfaces[0]).toMatchObject({ served: 55, limited: 5, shareServed: false });
    const verdict = verdictAfterProbe(plan.verdict, findings);
    expect(verdict.go).toBe(false);
    expect(verdict.reason).toBe(
      "the probe got 429 at the planned share (core 5 at 30 of 60 per window): the budget is contended by the company's other integrations, so the plan's figures do not hold",
    );
    const doc = capacityDocument({
      plan,
      plannedAt: NOW,
      profileFile: 'p.json',
      windowFrom: 'w',
      probe: { findings, report: probe({ core: 0.5, dialer: 0.5 }, 40).report },
    });
    expect(doc.verdict.basis).toBe('plan and probe');
  });

  test("answers slower than the plan's interval between requests: one request at a time falls behind", () => {
    // At a share of 0.9 the plan sends 54 per minute: one every 1.111 s.
    const { findings } = probe({ core: 0.9, dialer: 0.5 }, 1_500);
    const core = findings.surfaces.find((f) => f.surface === 'core');
    expect(core?.planIntervalMs).toBeCloseTo(60_000 / 54, 6);
    expect(findings.statements.some((s) => s.startsWith('core: p99 latency 1500.0 ms') && s.includes('falls behind'))).toBe(true);
  });

  test('errors make the figures partial without turning the verdict', () => {
    const { plan, findings } = probe({ core: 0.5, dialer: 0.5 }, 40, (stream, i) => (stream === 'dialer-share' && i === 0 ? 503 : 200));
    expect(findings.statements).toContain(
      "1 probe requests failed with a status other than 2xx and 429, or got no answer: the measured figures are partial (see the report's notes)",
    );
    expect(verdictAfterProbe(plan.verdict, findings).go).toBe(true);
  });
});

describe('the probe before it starts', () => {
  const target = (bundledMock: boolean) => ({ rateWindowMs: 60_000, bundledMock }) as Target;

  test("on a live target the notice says what of the company's budgets it spends", () => {
    const plan = planCampaign({ contacts: 1, profile: PROFILE, shares: { core: 0.5, dialer: 0.25 } });
    expect(probeNotice(probeScenario(plan, 2), target(false))).toBe(
      "probe: spends 30 of 60 core requests per window (GET /countries/index.json) and 15 of 60 dialer requests per window (GET /dialer/campaigns?limit=1) of the company's budgets for 2 windows of 60000 ms (2 min), 90 requests; the company's other integrations share what is left",
    );
  });

  test('a share of 1 takes a whole budget', () => {
    const whole = planCampaign({ contacts: 1, profile: PROFILE, shares: { core: 1, dialer: 0.5 } });
    const half = planCampaign({ contacts: 1, profile: PROFILE, shares: { core: 0.99, dialer: 0.5 } });
    expect(probeTakesWholeBudget(probeScenario(whole, 2))).toBe(true);
    expect(probeTakesWholeBudget(probeScenario(half, 2))).toBe(false);
  });
});

describe('the capacity page without a probe', () => {
  test("is one self-contained page that escapes the profile's texts", () => {
    const profile = { ...PROFILE, name: '<script>alert(1)</script>' };
    const plan = planCampaign({ contacts: 10, profile, shares: { core: 0.5, dialer: 0.5 } });
    const html = renderCapacityPage(capacityDocument({ plan, plannedAt: NOW, profileFile: 'p.json', windowFrom: "the spec's minute", probe: null }));
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).not.toContain('<script');
    expect(html).not.toMatch(/\b(src|href)=/);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('no budget stated (spec gap)');
  });
});
