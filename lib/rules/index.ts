import { RELEASES } from '../dialer/releases.js';
import { DefinitionError } from '../errors.js';
import { AI_RULES } from './ai.js';
import { ANALYTICS_RULES } from './analytics.js';
import { CORE_BUDGET_RULES, DIALER_BUDGET_RULES } from './budget.js';
import { CI_RULES } from './conversation-intelligence.js';
import { CORE_RULES } from './core.js';
import { CUECARD_RULES } from './cuecard.js';
import { DIALER_RULES } from './dialer.js';
import { DIALER_CAMPAIGN_RULES } from './dialer-campaigns.js';
import { DIALER_RESOURCE_RULES } from './dialer-resources.js';
import { DIALER_ISOLATION_RULES } from './dialer-isolation.js';
import { GAPS } from './gaps.js';
import type { Gap, Rule } from './types.js';
import { VOICE_AGENT_RULES } from './voice-agents.js';

export type { Gap, Rule, RuleLevel, RuleSource, RuleSurface } from './types.js';

/** Every rule ID of the catalogue: a check, a fault or a verdict naming another is a compile error. */
export type RuleId = (
  | typeof CORE_RULES
  | typeof CORE_BUDGET_RULES
  | typeof AI_RULES
  | typeof CI_RULES
  | typeof VOICE_AGENT_RULES
  | typeof CUECARD_RULES
  | typeof ANALYTICS_RULES
  | typeof DIALER_RULES
  | typeof DIALER_BUDGET_RULES
  | typeof DIALER_CAMPAIGN_RULES
  | typeof DIALER_RESOURCE_RULES
  | typeof DIALER_ISOLATION_RULES
)[number]['id'];

/** Every rule of every surface, in catalogue order. */
/**
 * Every Dialer rule records the release it appeared in; one that no later release introduced has held
 * since the oldest profile, the 2026-08-25 state (spec: Versioning).
 */
const DIALER: readonly Rule<RuleId>[] = [
  ...DIALER_RULES,
  ...DIALER_BUDGET_RULES,
  ...DIALER_CAMPAIGN_RULES,
  ...DIALER_RESOURCE_RULES,
  ...DIALER_ISOLATION_RULES,
].map((r) => (r.since === undefined ? { ...r, since: RELEASES[0] } : r));

export const RULES: readonly Rule<RuleId>[] = [
  ...CORE_RULES,
  ...CORE_BUDGET_RULES,
  ...AI_RULES,
  ...CI_RULES,
  ...VOICE_AGENT_RULES,
  ...CUECARD_RULES,
  ...ANALYTICS_RULES,
  ...DIALER,
];
export { GAPS };

const BY_ID = new Map<string, Rule>();
for (const rule of RULES) {
  if (BY_ID.has(rule.id)) throw new DefinitionError(`rule ${rule.id} is defined twice`);
  BY_ID.set(rule.id, rule);
}

export function rule(id: string): Rule {
  const found = BY_ID.get(id);
  if (!found) throw new DefinitionError(`unknown rule ${id}`);
  return found;
}

export function hasRule(id: string): boolean {
  return BY_ID.has(id);
}

export function gap(id: string): Gap | undefined {
  return GAPS.find((g) => g.id === id);
}
