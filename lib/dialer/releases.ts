/**
 * Dialer releases, oldest first (spec: Versioning). The 2026-08-25 changes (Basic auth, x-api-key
 * refused, budget per company) precede every release here, so every profile has them.
 *
 * Versioning calls its table of changes "in date order", yet the table ends with an undated row, so
 * when that row shipped is not stated. The row is read as the newest state, `latest`: it is listed last in a table in date order, and the States and
 * transitions section describes its behaviour as the current one. A target that shows it earlier is
 * reported by the fingerprint; only a target expected to be `latest` is failed for lacking it.
 */
export const RELEASES = ['pre-1.0.21', '1.0.21', '1.0.22', 'next', 'latest'] as const;
export type Release = (typeof RELEASES)[number];

export const NEWEST: Release = 'latest';

export const RELEASE_LABEL: Readonly<Record<Release, string>> = {
  'pre-1.0.21': 'before v1.0.21 (after the 2026-08-25 authentication change)',
  '1.0.21': 'v1.0.21 (2026-09-02)',
  '1.0.22': 'v1.0.22 (2026-09-03)',
  next: 'the next release (2026-09-07)',
  latest: 'the next release plus the undated disposition changes (the spec as written)',
};

/** Spellings a user may give: `v1.0.21`, `1.0.21`; `newest` for `latest`. */
export function parseRelease(raw: string): Release | undefined {
  const value = raw
    .trim()
    .toLowerCase()
    .replace(/^v(?=\d)/, '');
  if (value === 'newest') return 'latest';
  return (RELEASES as readonly string[]).includes(value) ? (value as Release) : undefined;
}

export function releaseIndex(release: Release): number {
  return RELEASES.indexOf(release);
}

/** True when `release` is `since` or newer. */
export function atLeast(release: Release, since: Release): boolean {
  return releaseIndex(release) >= releaseIndex(since);
}

/** A rule's span of releases: from `since` (oldest when absent) up to, not including, `until`. */
export interface ReleaseSpan {
  readonly since?: string;
  readonly until?: string;
}

export function appliesTo(span: ReleaseSpan, release: Release): boolean {
  if (span.since !== undefined && !atLeast(release, span.since as Release)) return false;
  if (span.until !== undefined && atLeast(release, span.until as Release)) return false;
  return true;
}

/**
 * Whether a rule holds for some releases only: one a later release introduced, or one a release changed.
 * Such a rule fails against a mock playing a release outside its span, which the release matrix proves.
 */
export function isReleaseScoped(span: ReleaseSpan): boolean {
  return span.until !== undefined || (span.since !== undefined && span.since !== RELEASES[0]);
}

/** Why a rule is not judged for a release, for the report; undefined when it applies. */
export function notApplicableReason(span: ReleaseSpan, release: Release): string | undefined {
  if (appliesTo(span, release)) return undefined;
  const from = span.since !== undefined && !atLeast(release, span.since as Release) ? `introduced in ${span.since}` : `changed in ${span.until}`;
  return `not part of Dialer release ${release}: ${from}`;
}
