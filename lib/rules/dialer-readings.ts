import type { RuleReading } from './types.ts';

/** Readings several Dialer rule files share, written once so every rule states the same one in full. */

/**
 * One reading of "name (trimmed before validation)" for campaigns, call scripts and surveys alike, which the
 * spec words the same way for all three.
 */
export const NAME_TRIMMED = {
  quote: 'Campaign: has `name` (trimmed before validation) … Call script and survey: have `name` (trimmed before validation)',
  taken:
    "A campaign, a call script and a survey have a `name` 'trimmed before validation'. That says when the trim happens, not what is kept. So validation sees the trimmed name, and whitespace around a valid name is no reason to refuse it. A 400 or 422 naming name fails.",
  accepted:
    'The name kept may be the trimmed one or the one sent, and the report says which. Any other name read back fails, such as one trimmed at one end only.',
  method:
    'A whitespace-only name is judged by DIALER-NAME-WHITESPACE-400 and DIALER-SCRIPT-SURVEY-NAME-400, not here. The suite pads names with ASCII spaces and tabs only, which every trim removes.',
} as const satisfies RuleReading;

/** How two reads of one list are compared on an account others may write to: a `method` to add to a reading. */
export const TOLERANT =
  'On a live account others may create or delete records between two reads. So a list is compared with reads of the reference taken just before and just after it. It must hold every item both reference reads hold, and nothing neither holds. What changed in between may go either way.';

/** Why a cursor-list rule may skip one list and judge the others: a `method` to add to a reading. */
export const EACH_LIST = 'Each list is judged by its own check, so a list whose path is not routed is skipped alone.';

/**
 * One set of whitespace for every whitespace-only name rule (campaigns, call scripts, surveys), which the
 * spec words the same way for all three.
 */
export const BLANK_NAME = {
  quote: 'A whitespace-only `name` on campaign, script or survey create or update gives `400` with `name should not be empty` in `subErrors`.',
  taken:
    "The Dialer records say the name is trimmed before validation, but neither sentence says which characters are whitespace. Space, tab, line feed and carriage return are removed by every general-purpose language's default trim. So a name of those alone must get that 400. A subErrors entry containing the phrase counts.",
  accepted:
    "Other characters are whitespace to some trims only. Perl's and older PCRE's \\s omit vertical tab, and PHP's trim() keeps form feed. JavaScript's trim() removes U+00A0, U+2003, U+3000 and U+FEFF, while Java's and PHP's trim() keep them. For a name holding any of these, the 400 and acceptance are both accepted, and the report says which.",
} as const satisfies RuleReading;

/**
 * What a check may require of a Dialer release before a change: only what the changelog says of it. The
 * observed rules of the older side of a change each quote their line and say what it leaves unsaid (`taken`).
 */
export function olderSideUnstated(quote: string, taken: string): RuleReading {
  return {
    quote,
    taken: `${taken} Versioning gives each change as the behaviour it brought. Unless a line also says what came before, the older behaviour is worked out, not stated. Lines with 'rather than 500', 'instead of 200 with the first page' or 'no longer returned' do say it.`,
    accepted:
      "This statement is how this project's mock plays the older releases. A release before the change may have done it or something else. So a target expected to be such a release is reported here, never failed.",
    method: 'The fingerprint command still uses the difference to tell releases apart.',
  };
}
