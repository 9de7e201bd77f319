import type { SentRequest } from '../http/exchange.ts';

/**
 * Result states, after the OCI conformance suite's split. A status only escalates:
 * fail beats error beats blocked beats pass beats skipped when several checks speak of one rule.
 * - pass: the target kept the rule wherever it was checked.
 * - fail: the target broke the rule.
 * - blocked: a check could not judge it because another rule failed first and a step needed that answer;
 *   `blockedBy` names the rule. It is not judged, and it is never out of scope by choice.
 * - skipped: a prerequisite is missing (a key pair, a host, an allowed effect, a fixture); the reason says which.
 * - error: the harness or the environment broke (transport, timeout, our own defect), not the target.
 * - disabled: the user left the rule out of this run.
 */
export type RuleStatus = 'pass' | 'fail' | 'blocked' | 'skipped' | 'error' | 'disabled';

export interface Evidence {
  readonly request: SentRequest;
  readonly response: { readonly status: number; readonly headers: Readonly<Record<string, string>>; readonly body: string };
  /** A `curl` command that sends the request again, credentials as the key slot's variables (`lib/http/curl.ts`). */
  readonly curl?: string;
  /** A stateful check's failing sequence, shrunk: the request and response above are its failing step's. */
  readonly sequence?: SequenceStory;
}

/** How a stateful check's shortest failing sequence went, and how to see it again (lib/stateful/). */
export interface SequenceStory {
  /** Each step as it ran: what it did, and each request it sent with the answer's status. */
  readonly steps: readonly string[];
  /** The command that runs this sequence again first: the run seed, and fast-check's path to it (CC_SEQUENCE_REPLAY). */
  readonly replay: string;
  /** A shell script of curl commands sending the sequence's requests in order, the ids its creates answer captured on the way. */
  readonly script: string;
}

/** What one check found about one rule. */
export interface RuleVerdict {
  readonly rule: string;
  readonly status: Exclude<RuleStatus, 'disabled'>;
  /** Failure message, skip reason, blocking or error message. */
  readonly detail?: string;
  /** On `blocked`: the rule whose failure kept this one from being judged. */
  readonly blockedBy?: string;
  readonly evidence?: Evidence;
  /** Observations worth reporting even on a pass: which reading a target took, exact counts. */
  readonly notes: readonly string[];
}

/** Everything one check produced; serialisable, because it travels from a vitest worker to the reporter. */
export interface CheckOutcome {
  readonly check: string;
  readonly title: string;
  readonly surface: string;
  /** The lane the check ran in (`core`, `dialer`, `hosts`, `budget`), where a run's lanes ran it. */
  readonly lane?: string;
  /** A step of the run listed beside the checks (a lane's shared records deleted): it judges no rule and is no check. */
  readonly step?: true;
  readonly verdicts: readonly RuleVerdict[];
  readonly requests: number;
  /** The most requests the check may send, its cleanup included, as it declares. */
  readonly allowance: number;
  /** 429s met outside a planned burst: each is a pacing miss worth reporting. */
  readonly unplanned429: number;
  /** 503s the client retried with backoff (a dependency of the target was down). */
  readonly retried503: number;
  readonly durationMs: number;
  /** Resources the check created and could not delete: the report lists them so nothing is left unnoticed. */
  readonly leftovers: readonly string[];
  /** Harness errors that ended the check (transport, timeout, allowance, a defect): the report lists each. */
  readonly problems: readonly string[];
}

const RANK: Readonly<Record<RuleVerdict['status'], number>> = { skipped: 0, pass: 1, blocked: 2, error: 3, fail: 4 };

/** The stronger of two statuses, by the escalation order above. */
export function escalate(a: RuleVerdict['status'], b: RuleVerdict['status']): RuleVerdict['status'] {
  return RANK[a] >= RANK[b] ? a : b;
}
