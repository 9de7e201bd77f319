/**
 * Latency limits as people write them: in a scenario (`latency` of load/shared/scenario-model.ts) and on the
 * command line (`--latency core:p95=800,p99=1500`, the same text in CC_LATENCY for the k6 script), read
 * by one parser so `npm run load`, `npm run k6` and a plain `k6 run` take the same limits. Pure, with
 * `.ts` import paths and no Node built-ins: k6 loads it too.
 */
import { API_PARTS, type ApiPart } from '../../lib/contract/vocabulary.ts';
import type { LatencyLimit, LatencyLimits, LoadScenario } from './scenario-model.ts';

/** The percentiles a limit may name: the field of LatencyLimit, its name in the flag and the percent k6 reads. */
export const LATENCY_PERCENTILES = [
  { field: 'p95Ms', flag: 'p95', percent: 95 },
  { field: 'p99Ms', flag: 'p99', percent: 99 },
] as const;

/** The k6 threshold expression of a limit: the percentile must stay below it, as `p(95)<800` reads. */
export function latencyExpression(percent: number, limitMs: number): string {
  return `p(${percent})<${limitMs}`;
}

/** Each limit a set names, in surface order then percentile order. */
export function latencyLimitList(limits: LatencyLimits): { surface: ApiPart; percent: number; limitMs: number }[] {
  return API_PARTS.flatMap((surface) => {
    const limit = limits[surface];
    if (!limit) return [];
    return LATENCY_PERCENTILES.flatMap((p) => (limit[p.field] === undefined ? [] : [{ surface, percent: p.percent, limitMs: limit[p.field] as number }]));
  });
}

const MS = /^\d+(\.\d+)?$/;
/** An hour: far above any request timeout, and short enough that the number prints as digits in a k6 expression. */
export const MAX_LATENCY_LIMIT_MS = 3_600_000;

/** One flag value, `core:p95=800,p99=1500`: its surface and limit; throws an Error whose message is one line. */
export function parseLatencyFlag(text: string): { surface: ApiPart; limit: LatencyLimit } {
  const colon = text.indexOf(':');
  const example = 'write it as SURFACE:p95=MS[,p99=MS], e.g. core:p95=800,p99=1500';
  if (colon < 0) throw new Error(`${JSON.stringify(text)}: no colon between the surface and its limits; ${example}`);
  const surface = text.slice(0, colon);
  if (!API_PARTS.includes(surface as ApiPart))
    throw new Error(`${JSON.stringify(text)}: unknown surface ${JSON.stringify(surface)} (known: ${API_PARTS.join(', ')})`);
  const limit: { p95Ms?: number; p99Ms?: number } = {};
  for (const part of text.slice(colon + 1).split(',')) {
    const [name, value, ...extra] = part.split('=');
    const percentile = LATENCY_PERCENTILES.find((p) => p.flag === name);
    if (!percentile || value === undefined || extra.length > 0)
      throw new Error(`${JSON.stringify(text)}: ${JSON.stringify(part)} is not p95=MS or p99=MS; ${example}`);
    if (limit[percentile.field] !== undefined) throw new Error(`${JSON.stringify(text)}: ${name} is given twice`);
    if (!MS.test(value) || Number(value) > MAX_LATENCY_LIMIT_MS)
      throw new Error(`${JSON.stringify(text)}: ${name} must be a number of milliseconds from 0 to ${MAX_LATENCY_LIMIT_MS}, got ${JSON.stringify(value)}`);
    limit[percentile.field] = Number(value);
  }
  return { surface: surface as ApiPart, limit };
}

/** Every flag value given (repeatable, one surface each): the limits by surface; throws on a mistake, in one line. */
export function parseLatencyFlags(values: readonly string[]): LatencyLimits {
  const limits: LatencyLimits = {};
  for (const value of values) {
    const { surface, limit } = parseLatencyFlag(value);
    if (limits[surface] !== undefined) throw new Error(`${JSON.stringify(value)}: ${surface} is given twice; one --latency per surface`);
    limits[surface] = limit;
  }
  return limits;
}

/** The limits as flag values, one a surface, for CC_LATENCY (space between them): what parseLatencyList reads back. */
export function latencyLimitsText(limits: LatencyLimits): string {
  return API_PARTS.flatMap((surface) => {
    const limit = limits[surface];
    if (!limit) return [];
    const parts = LATENCY_PERCENTILES.flatMap((p) => (limit[p.field] === undefined ? [] : [`${p.flag}=${limit[p.field]}`]));
    return [`${surface}:${parts.join(',')}`];
  }).join(' ');
}

/** CC_LATENCY's text: flag values separated by spaces; empty or unset names none. */
export function parseLatencyList(text: string | undefined): LatencyLimits {
  return parseLatencyFlags((text ?? '').split(/\s+/).filter((v) => v !== ''));
}

/** The limits a run judges: the scenario's, each surface the overrides name replaced whole by theirs. */
export function effectiveLatencyLimits(scenario: LoadScenario, overrides: LatencyLimits): LatencyLimits {
  return { ...(scenario.latency ?? {}), ...overrides };
}

/** The scenario with the limits the run judges in place of its own. */
export function withLatencyLimits(scenario: LoadScenario, overrides: LatencyLimits): LoadScenario {
  if (Object.keys(overrides).length === 0) return scenario;
  return { ...scenario, latency: effectiveLatencyLimits(scenario, overrides) };
}
