import { RELEASES } from '../dialer/releases.ts';
import { DefinitionError } from '../errors.ts';
import { AI_RULES } from './ai.ts';
import { ANALYTICS_RULES } from './analytics.ts';
import { CORE_BUDGET_RULES, DIALER_BUDGET_RULES } from './rate-limits.ts';
import { CI_RULES } from './conversation-intelligence.ts';
import { CORE_RULES } from './core.ts';
import { CUECARD_RULES } from './cuecard.ts';
import { DIALER_RULES } from './dialer.ts';
import { DIALER_CAMPAIGN_RULES } from './dialer-campaigns.ts';
import { DIALER_RESOURCE_RULES } from './dialer-resources.ts';
import { DIALER_ISOLATION_RULES } from './dialer-isolation.ts';
import { GAPS } from './gaps.ts';
import type { Gap, Rule } from './types.ts';
import { VOICE_AGENT_RULES } from './voice-agents.ts';

export type { Gap, Rule, RuleLevel, RuleSource } from './types.ts';

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
