/** Readings several Dialer rule files share, written once so every rule states the same one in full. */

/**
 * One reading of "name (trimmed before validation)" for campaigns, call scripts and surveys alike, which the
 * spec words the same way for all three.
 */
export const NAME_TRIMMED =
  "The Dialer records section lists what a campaign, a call script and a survey have, among it a `name` 'trimmed before validation'. That is read as a fact about the record's name: the name a record keeps is the trimmed value that passed validation, so a name sent with surrounding whitespace reads back without it, whether on create or on update. The suite surrounds names with ASCII spaces and tabs only, which every trim removes; whether other Unicode spaces count as whitespace is not shown.";

/** How two reads of one list are compared on an account others may write to. */
export const TOLERANT =
  'On a live account others may create or delete records between two reads, so a list is compared with reads of the reference taken just before and just after it: it must hold every item both reference reads hold, and nothing neither holds; what changed in between may go either way.';
