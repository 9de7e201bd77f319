/**
 * The rule catalogue's vocabulary. A rule is one atomic statement of the spec the suite checks;
 * a gap is a statement the spec leaves unshown, listed so the report can say what is not checked.
 * Each belongs to a part of the API (lib/contract/vocabulary.ts): a host, or the Dialer apart from the AI host.
 */
import type { LoadSurface } from '../contract/vocabulary.ts';

/**
 * `required`: a target that breaks it fails the run.
 * `observed`: the spec leaves the behaviour open; the suite reports what the target did and never fails it.
 */
export type RuleLevel = 'required' | 'observed';

/**
 * Where the rule's statement comes from. `vendor-reference`: paths or fields the spec does not show,
 * taken from the vendor's OpenAPI document. `project-reference`: names or values the spec does not show
 * and no vendor document gives (Dialer enumerations, statistics and job fields), taken from this
 * project's reference (lib/dialer/outcomes.ts, schemas/dialer); such a rule judges a target only where
 * it uses those names, and says so when it does not.
 */
export type RuleSource = 'spec' | 'vendor-reference' | 'project-reference';

export interface Rule<Id extends string = string> {
  readonly id: Id;
  readonly surface: LoadSurface;
  /** The statement, in one sentence, as the suite checks it. */
  readonly statement: string;
  /** The spec heading it comes from, outermost first: "Endpoints > Core API > Edit contact". */
  readonly section: string;
  readonly level: RuleLevel;
  readonly source: RuleSource;
  /**
   * The reading chosen where the spec is open or pulls two ways, written in full: which sentences meet,
   * the reading taken and why, and what a target may do under it.
   */
  readonly reading?: string;
  /** Dialer release that introduced the behaviour (lib/dialer/releases.ts). */
  readonly since?: string;
  /** Dialer release that changed the behaviour: the rule holds for the releases before it only. */
  readonly until?: string;
}

export interface Gap {
  readonly id: string;
  readonly surface: LoadSurface;
  readonly section: string;
  /** What the spec does not show, or what a client cannot provoke. */
  readonly statement: string;
  readonly reason: 'not shown' | 'not provokable' | 'out of scope';
}

/** Small constructors keep the data files terse and typed; each keeps its id's literal type for RuleId. */
export function required<const Id extends string>(rule: Omit<Rule<Id>, 'level' | 'source'> & { source?: RuleSource }): Rule<Id> {
  return { source: 'spec', ...rule, level: 'required' };
}

export function observed<const Id extends string>(rule: Omit<Rule<Id>, 'level' | 'source'> & { source?: RuleSource }): Rule<Id> {
  return { source: 'spec', ...rule, level: 'observed' };
}
