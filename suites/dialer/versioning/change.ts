import type { CheckContext } from '../../../lib/checks/context.ts';
import { type CheckDefinition, defineCheck } from '../../../lib/checks/define.ts';
import type { Release } from '../../../lib/dialer/releases.ts';
import type { Exchange } from '../../../lib/http/exchange.ts';
import { rule as catalogued } from '../../../lib/rules/index.ts';
import type { RuleId } from '../../../lib/rules/index.ts';

/**
 * One behaviour a Dialer release changed (spec: Versioning). A probe sends the few requests that tell
 * the two behaviours apart and says which one the target showed. The same probe serves the release
 * check (the side must match the expected release) and the fingerprint (which release fits every side).
 */
export type Side = 'before' | 'after' | 'neither';

export interface Observation {
  readonly side: Side;
  /** What the target did, in words, for the report and the fingerprint. */
  readonly evidence: string;
  readonly ex?: Exchange;
}

export interface ChangeProbe {
  /** Stable: `c21-name-whitespace`. */
  readonly id: string;
  /** The release that made the change. */
  readonly release: Release;
  /** The changelog line, as the spec words it. */
  readonly line: string;
  /** The rule of the new behaviour (its `since` is `release`) and of the old one (its `until` is `release`). */
  readonly rules: { readonly after: RuleId; readonly before: RuleId };
  /** What the probe sends, its own setup included (CheckCost: its `elsewhere` counts what goes to other meters than the Dialer's). */
  readonly cost: CheckDefinition['cost'];
  readonly needs?: CheckDefinition['needs'];
  /** The lane of its release check, when the probe touches core records a core check counts or uses. */
  readonly lane?: CheckDefinition['lane'];
  /** The shared records it uses (suites/dialer/fixtures/shared-records.ts), and the campaigns it may leave. */
  readonly records?: CheckDefinition['records'];
  probe(t: CheckContext): Promise<Observation>;
}

/**
 * The release check of one change: the side the target shows must be the expected release's. Where the
 * expected release's rule is observed (the changelog does not state the older side), the side is reported.
 */
export function changeCheck(change: ChangeProbe): CheckDefinition {
  return defineCheck({
    id: `dialer.release.${change.id}`,
    title: `Dialer ${change.release}: ${change.line}`,
    surface: 'ai',
    rules: [change.rules.after, change.rules.before],
    cost: change.cost,
    ...(change.records ? { records: change.records } : {}),
    ...(change.needs ? { needs: change.needs } : {}),
    ...(change.lane ? { lane: change.lane } : {}),
    async run(t) {
      const expected: Side = t.atLeast(change.release) ? 'after' : 'before';
      const rule = expected === 'after' ? change.rules.after : change.rules.before;
      const seen = await change.probe(t);
      if (catalogued(rule).level === 'observed')
        return t.observe(
          rule,
          `the target showed ${seen.side === 'neither' ? 'neither behaviour' : `the behaviour ${seen.side} ${change.release}`}: ${seen.evidence}`,
        );
      t.note(rule, seen.evidence);
      t.check(
        rule,
        seen.side === expected,
        () =>
          `expected the behaviour ${expected} ${change.release}, the target showed ${seen.side === 'neither' ? 'neither' : `the one ${seen.side} it`}: ${seen.evidence}`,
        seen.ex,
      );
    },
  });
}
