/**
 * The rule catalogue's vocabulary. A rule is one atomic statement of the spec the suite checks;
 * a gap is a statement the spec leaves unshown, listed so the report can say what is not checked.
 * Each belongs to a part of the API (lib/contract/vocabulary.ts): a host, or the Dialer apart from the AI host.
 */
import type { ApiPart } from '../contract/vocabulary.ts';

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
  readonly surface: ApiPart;
  /** The statement, in one sentence, as the suite checks it. */
  readonly statement: string;
  /** The spec heading it comes from, outermost first: "Endpoints > Core API > Edit contact". */
  readonly section: string;
  readonly level: RuleLevel;
  readonly source: RuleSource;
  /** The reading chosen where the spec is open, pulls two ways, or shows no way to provoke the statement. */
  readonly reading?: RuleReading;
  /** Dialer release that introduced the behaviour (lib/dialer/releases.ts). */
  readonly since?: string;
  /** Dialer release that changed the behaviour: the rule holds for the releases before it only. */
  readonly until?: string;
}

/**
 * A reading as data, so the catalogue, the reports and the docs render it alike. Each field is a short
 * paragraph of sentences a reader can hold (under about 30 words each).
 */
export interface RuleReading {
  /** The spec's own words the reading starts from, quoted exactly; several sentences are joined by " … ". */
  readonly quote: string;
  /** The reading taken, and why, in a short paragraph. */
  readonly taken: string;
  /** What a target may do under the reading and still pass; absent when the reading leaves no choice. */
  readonly accepted?: string;
  /** How the check reaches the statement where the spec shows no way (paths, payloads, fixtures). */
  readonly method?: string;
}

/**
 * A reading as one paragraph, for the console, JUnit and any view that has a line rather than a table. A
 * report of version 7 or older holds readings as one string, which is its own paragraph.
 */
export function readingText(reading: RuleReading | string): string {
  if (typeof reading === 'string') return reading;
  return [reading.taken, reading.accepted && `Accepted: ${reading.accepted}`, reading.method].filter(Boolean).join(' ');
}

export interface Gap {
  readonly id: string;
  readonly surface: ApiPart;
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
