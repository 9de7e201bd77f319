/**
 * Dialer enumerations the spec leaves unshown, as this project's reference, shared by the mock and the
 * suite so the two cannot drift: the disposition button's `outcome_kind` and the `outcome` each resolves
 * to (the spec says only that one is enumerated and the other resolved: GAP-DIALER-OUTCOME-KINDS), and
 * the `type` of an association entry.
 *
 * A `positive` disposition is a conversion: the campaign statistics count a contact as converted when
 * one of its calls got a button of that kind.
 */
export const OUTCOMES = {
  positive: 'converted',
  neutral: 'contacted',
  negative: 'declined',
  callback: 'callback',
} as const;

export type OutcomeKind = keyof typeof OUTCOMES;

export const OUTCOME_KINDS = Object.keys(OUTCOMES) as OutcomeKind[];

export function isOutcomeKind(value: unknown): value is OutcomeKind {
  return typeof value === 'string' && Object.hasOwn(OUTCOMES, value);
}

/** Association entry types: an agent, a target tag or a queue group (spec: Dialer records). */
export const ASSOCIATION_TYPES = ['agent', 'target_tag', 'queue_group'] as const;
export type AssociationType = (typeof ASSOCIATION_TYPES)[number];
