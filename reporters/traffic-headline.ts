import { humanDuration } from '../lib/render/durations.ts';
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
  ].join('\n');
}
