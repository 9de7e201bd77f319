import type { RuleResult } from './report.ts';

/**
 * What would let a skipped rule run, read from its skip reason: a variable to set, an effect to allow,
 * Dialer routes to name; any other reason (a fixture the account lacks, a failed prerequisite) is
 * `other`. The HTML report groups its skipped rules by it.
 */
export interface Enabler {
  /** Stable grouping key: `vars:CC_AI_URL`, `effect:budget`, `routes`, `other`. */
  readonly key: string;
  /** What to do, in words. */
  readonly enable: string;
}

export interface SkipGroup extends Enabler {
  readonly rules: readonly Pick<RuleResult, 'id' | 'surface' | 'detail'>[];
}

const VARS = /^needs (CC_[A-Z0-9_]+(?:(?:, | and | or )CC_[A-Z0-9_]+)*)(?=$|[:;,. ])/;
const EFFECT = /^needs CC_EFFECTS to include ([a-z-]+)/;
const ROUTE = /^route (\S+) is not routed; set CC_DIALER_ROUTES/;
/** Data the account lacks, a prerequisite that failed, another rule that failed first in the check. */
export const OTHER: Enabler = { key: 'other', enable: 'other' };

function varsEnabler(list: string): Enabler {
  const names = list.split(/, | and | or /);
  const keyPair = (name: string) => (/KEY\d*_ID$/.test(name) ? `${name} and ${name.replace(/_ID$/, '_SECRET')}` : name);
  const enable = names.length === 1 ? `set ${keyPair(names[0] as string)}` : list.includes(' or ') ? `set one of ${list}` : `set ${list}`;
  return { key: `vars:${names.join(',')}`, enable };
}

export function enablerOf(reason: string): Enabler {
  const effect = EFFECT.exec(reason);
  if (effect) return { key: `effect:${effect[1]}`, enable: `add ${effect[1]} to CC_EFFECTS` };
  const vars = VARS.exec(reason);
  if (vars) return varsEnabler(vars[1] as string);
  if (ROUTE.test(reason)) return { key: 'routes', enable: 'route the Dialer paths the target serves elsewhere in CC_DIALER_ROUTES' };
  return OTHER;
}

/** The report's skipped rules by what would enable them, in the order first met, `other` last. */
export function groupSkipped(rules: readonly RuleResult[]): SkipGroup[] {
  const groups = new Map<string, { enabler: Enabler; rules: Pick<RuleResult, 'id' | 'surface' | 'detail'>[] }>();
  for (const r of rules) {
    if (r.status !== 'skipped') continue;
    const enabler = enablerOf(r.detail ?? '');
    const group = groups.get(enabler.key) ?? { enabler, rules: [] };
    group.rules.push({ id: r.id, surface: r.surface, ...(r.detail !== undefined ? { detail: r.detail } : {}) });
    groups.set(enabler.key, group);
  }
  const ordered = [...groups.values()].sort((a, b) => Number(a.enabler.key === 'other') - Number(b.enabler.key === 'other'));
  return ordered.map((g) => ({ ...g.enabler, rules: g.rules }));
}
