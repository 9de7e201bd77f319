import { CHANGE_KINDS, type ChangeKind, type ComparedReport, type Comparison, type RuleSide } from '../lib/results/comparison.ts';

/**
 * The words every comparison view shares, so the console, the page and the JUnit file say the same: the
 * headline (the document's verdict and its counts, never recounted), the title of each kind of change,
 * and a report or a rule's side in one line.
 */
export const CHANGE_TITLE: Readonly<Record<ChangeKind, string>> = {
  'new-failure': 'New failures',
  fixed: 'Fixed',
  'newly-skipped': 'Newly skipped (judged before, not judged now)',
  'newly-judged': 'Newly judged (not judged before)',
  added: 'Added (only in the newer report: a catalogue change)',
  removed: 'Removed (only in the older report)',
  other: 'Other status changes',
};

/** How a count of each kind reads in the headline: `1 new failure`, `2 new failures`, `3 fixed`. */
const COUNTED: Readonly<Record<ChangeKind, readonly [one: string, many: string]>> = {
  'new-failure': ['new failure', 'new failures'],
  fixed: ['fixed', 'fixed'],
  'newly-skipped': ['newly skipped', 'newly skipped'],
  'newly-judged': ['newly judged', 'newly judged'],
  added: ['added', 'added'],
  removed: ['removed', 'removed'],
  other: ['other', 'other'],
};

export const VERDICT_WORDS: Readonly<Record<Comparison['verdict'], string>> = { regression: 'REGRESSION', 'no-regression': 'no regression' };

/**
 * `3 rules changed: 1 new failure, 2 fixed — REGRESSION`. New failures are always counted, as they
 * decide the verdict; the other kinds only when some rule changed so.
 */
export function comparisonHeadline(doc: Comparison): string {
  const { changed, byChange } = doc.summary;
  const verdict = VERDICT_WORDS[doc.verdict];
  if (changed === 0) return `no rule changed — ${verdict}`;
  const parts = CHANGE_KINDS.filter((k) => k === 'new-failure' || byChange[k] > 0).map((k) => `${byChange[k]} ${COUNTED[k][byChange[k] === 1 ? 0 : 1]}`);
  return `${changed} ${changed === 1 ? 'rule' : 'rules'} changed: ${parts.join(', ')} — ${verdict}`;
}

/** `reports/a.json · run ab12cd34 · 2025-03-04T05:06:07.000Z · bundled mock at https://… · Dialer release latest · seed 7 · verdict fail`. */
export function reportLine(r: ComparedReport): string {
  const target = r.bundledMock ? `bundled mock at ${r.baseUrl}` : r.baseUrl;
  return `${r.path} · run ${r.runId} · ${r.startedAt} · ${target} · Dialer release ${r.dialerRelease} · seed ${r.seed} · verdict ${r.verdict}${r.interrupted ? ' (interrupted)' : ''}`;
}

/** `fail — expected 404, got 200 [expected: fail — known bug]`: a side's status, detail and expectation. */
export function sideLine(side: RuleSide | undefined): string {
  if (!side) return 'not in this report';
  const detail = side.detail ? ` — ${side.detail}` : '';
  const expectation = side.expectation ? ` [expected: ${side.expectation.expect}${side.expectation.reason ? ` — ${side.expectation.reason}` : ''}]` : '';
  return `${side.status}${detail}${expectation}`;
}

/** `DELETE https://…/tags/delete/9.json → 200`: the request that showed a side's verdict. */
export function evidenceLine(side: RuleSide | undefined): string | undefined {
  const ev = side?.evidence;
  return ev ? `${ev.request.method} ${ev.request.url} → ${ev.response.status}` : undefined;
}

/** `pass → fail`, with `—` for the side that does not have the rule. */
export function statusMove(before: RuleSide | undefined, after: RuleSide | undefined): string {
  return `${before?.status ?? '—'} → ${after?.status ?? '—'}`;
}
