import { humanDuration } from '../lib/render/durations.ts';
import { BUDGET_PER_WINDOW } from '../lib/contract/vocabulary.ts';
import type { RunReport } from '../lib/results/report.ts';

/** How many of the judged rules the headline names with their counts; the report lists every one. */
const NAMED = 8;

/**
 * The first lines of a report of observed traffic: how many exchanges, over how long, which rules were judged
 * and how often, and what could not be judged. Empty for a run's report.
 */
export function trafficHeadline(report: RunReport): string {
  const traffic = report.traffic;
  if (!traffic) return '';
  const companies = Object.keys(traffic.byCompany).length;
  const span = traffic.from && traffic.to ? ` over ${humanDuration(traffic.durationMs)} (${traffic.from} to ${traffic.to})` : '';
  const judged = traffic.judged.filter((j, i, all) => all.findIndex((k) => k.rule === j.rule) === i);
  const named = judged
    .slice(0, NAMED)
    .map((j) => `${j.rule} on ${j.exchanges}`)
    .join(', ');
  const unmet = report.rules.filter((r) => r.status === 'skipped').length;
  return [
    `Observed ${traffic.exchanges} exchange${traffic.exchanges === 1 ? '' : 's'}${span}, ${companies} compan${companies === 1 ? 'y' : 'ies'}; ${traffic.otherHosts} entr${traffic.otherHosts === 1 ? 'y' : 'ies'} for other hosts skipped`,
    `Judged from traffic: ${judged.length} rule${judged.length === 1 ? '' : 's'}${named ? ` (${named}${judged.length > NAMED ? ', …' : ''})` : ''}; ${unmet} observable rule${unmet === 1 ? '' : 's'} met no exchange to judge; ${traffic.notObservable} rules not observable from traffic (each listed in the report)`,
    ...budgetLines(traffic.budgetUse),
    ...traffic.pastBudget.map(
      (p) =>
        `Past ${BUDGET_PER_WINDOW} a window (the capture's windows): ${p.company} ${p.budget === 'dialer' ? 'Dialer' : p.budget}: ${p.requests} request${p.requests === 1 ? '' : 's'} in ${p.windows} window${p.windows === 1 ? '' : 's'}, ${p.served} served, ${p.requests - p.served} answered 429`,
    ),
  ].join('\n');
}

/** How many companies the headline gives the budget figures of; the report holds every one. */
const COMPANIES_SHOWN = 3;

/** Each budget as the busiest companies spent it: requests a window (median, p95, peak) and the 429s met. */
function budgetLines(use: NonNullable<RunReport['traffic']>['budgetUse']): string[] {
  const spent = use.companies.filter((c) => c.core.requests + c.dialer.requests > 0).slice(0, COMPANIES_SHOWN);
  if (spent.length === 0) return [];
  const figures = (name: string, b: (typeof spent)[number]['core']) =>
    b.requests === 0 ? `${name} none` : `${name} ${b.median}/${b.p95}/${b.peak}${b.refused > 0 ? ` (${b.refused} answered 429)` : ''}`;
  return [
    `Budgets spent, requests a window of ${humanDuration(use.windowMs)} (median/p95/peak): ${spent.map((c) => `${c.company}: ${figures('core', c.core)}, ${figures('Dialer', c.dialer)}`).join('; ')}`,
  ];
}
