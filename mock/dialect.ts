/**
 * Where the spec is silent (paths it names without showing, wrappers, the Dialer's routes and association
 * names), the mock must pick something. `reference` picks what this project's suites assume: the vendor
 * reference's paths and wrappers, our Dialer route table and vocabulary. `variant` picks something else
 * that the spec equally allows at each of those points, and nothing else changes. A conformance run against
 * `variant` must end without a failed rule: a choice the spec leaves open is a prerequisite, never a verdict.
 */
export const DIALECTS = ['reference', 'variant'] as const;
export type Dialect = (typeof DIALECTS)[number];

export function isDialect(value: unknown): value is Dialect {
  return (DIALECTS as readonly unknown[]).includes(value);
}
