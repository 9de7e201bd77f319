/** Readings several Dialer rule files share, written once so every rule states the same one in full. */

/**
 * One reading of "name (trimmed before validation)" for campaigns, call scripts and surveys alike, which the
 * spec words the same way for all three.
 */
export const NAME_TRIMMED =
  "The Dialer records give a campaign, a call script and a survey a `name` 'trimmed before validation'. That says when the trim happens, not what is kept. So validation sees the trimmed name, and whitespace around a valid name is no reason to refuse it: a 400 or 422 naming name fails. The name kept may be the trimmed one or the one sent; both are accepted and the report says which. Any other name read back fails, such as one trimmed at one end only. A whitespace-only name is judged by DIALER-NAME-WHITESPACE-400 and DIALER-SCRIPT-SURVEY-NAME-400, not here. The suite pads names with ASCII spaces and tabs only, which every trim removes.";

/** How two reads of one list are compared on an account others may write to. */
export const TOLERANT =
  'On a live account others may create or delete records between two reads, so a list is compared with reads of the reference taken just before and just after it: it must hold every item both reference reads hold, and nothing neither holds; what changed in between may go either way.';

/**
 * One set of whitespace for every whitespace-only name rule (campaigns, call scripts, surveys), which the
 * spec words the same way for all three.
 */
export const BLANK_NAME =
  "Validation in the Dialer says a whitespace-only name gives 400 with 'name should not be empty' in subErrors, and the Dialer records say the name is trimmed before validation, but neither says which characters are whitespace. Space, tab, line feed and carriage return are removed by every general-purpose language's default trim, so a name of those alone must get that 400 (a subErrors entry containing the phrase counts). Vertical tab and form feed are not (Perl's and older PCRE's \\s omit vertical tab, PHP's trim() keeps form feed), nor are U+00A0, U+2003, U+3000 and U+FEFF (JavaScript's trim() removes them, Java's and PHP's trim() keep them), so for a name holding any of them the 400 and acceptance are both accepted and the report says which.";

/**
 * What a check may require of a Dialer release before a change: only what the changelog says of it. Shared
 * by the observed rules of the older side of a change.
 */
export const OLDER_SIDE_UNSTATED =
  "Versioning lists what each release changed by the behaviour it brought; where the line does not also say what came before (as 'rather than 500', 'instead of 200 with the first page' and 'no longer returned' do), the older behaviour is worked out, not stated. What this statement describes is how this project's mock plays the older releases, and a release before the change may have done it or something else, so a target expected to be such a release is reported here, never failed; the fingerprint command still uses the difference to tell releases apart.";
