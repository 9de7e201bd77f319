/**
 * How a `fail` entry remembers the failure it expects, and whether a later failure is the same one. What
 * changes from run to run without the failure changing is set aside: the names a run gives its records,
 * identifiers of four digits or more, UUIDs and date-times. What stays (statuses, field names, messages)
 * tells one breach from another.
 */

/** The violation as an entry records it: the first line of the rule's detail. */
export function failureLine(detail: string | undefined): string {
  return (detail ?? '').split('\n')[0]?.trim() ?? '';
}

function shape(line: string): string {
  return line
    .replace(/cc-conformance-[a-z0-9]{8}(?:-\d+)*/g, '<name>')
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<uuid>')
    .replace(/\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?/g, '<time>')
    .replace(/\d{4,}/g, '<n>');
}

/** Whether a failure seen now is the one an entry recorded. */
export function sameFailure(recorded: string, seen: string | undefined): boolean {
  return shape(recorded) === shape(failureLine(seen));
}
