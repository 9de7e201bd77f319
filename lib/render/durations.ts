/**
 * Durations as the reports print them. Loaded by k6 too: no Node built-ins, relative imports only.
 */

/**
 * Hours and minutes (`16 h 41 min`, `45 min`); seconds only when the duration is not whole minutes,
 * as with the short windows of a mock. The unit campaigns are planned in, and the conformance progress
 * line's, which rounds up to whole seconds first.
 */
export function formatDuration(ms: number): string {
  const sign = ms < 0 ? '-' : '';
  const abs = Math.abs(ms);
  if (abs % 60_000 !== 0) {
    const minutes = Math.floor(abs / 60_000);
    const seconds = Math.round(abs % 60_000) / 1000;
    return `${sign}${minutes > 0 ? `${formatDuration(minutes * 60_000)} ` : ''}${seconds} s`;
  }
  const hours = Math.floor(abs / 3_600_000);
  const minutes = (abs % 3_600_000) / 60_000;
  if (hours === 0) return `${sign}${minutes} min`;
  return `${sign}${hours} h ${minutes} min`;
}

/**
 * A duration in ms as k6's own end-of-test summary writes it (humanizeGenericDuration of k6's summary.js):
 * ns, µs or ms below a second, truncated to 2 decimals without trailing zeros; seconds, minutes and hours above.
 */
export function humanDuration(ms: number): string {
  const truncated = (value: number, places: number) => String(Math.trunc(value * 10 ** places) / 10 ** places);
  if (ms === 0) return '0s';
  if (ms < 0.001) return `${Math.trunc(ms * 1e6)}ns`;
  if (ms < 1) return `${truncated(ms * 1000, 2)}µs`;
  if (ms < 1000) return `${truncated(ms, 2)}ms`;
  const seconds = `${truncated((ms % 60_000) / 1000, ms > 60_000 ? 0 : 2)}s`;
  const minutes = Math.trunc(ms / 60_000);
  if (minutes < 1) return seconds;
  const hours = Math.trunc(minutes / 60);
  return hours < 1 ? `${minutes % 60}m${seconds}` : `${hours}h${minutes % 60}m${seconds}`;
}

/** Milliseconds as the seconds of a JUnit `time` attribute, to the millisecond: `1.500`. */
export function junitSeconds(ms: number): string {
  return (ms / 1000).toFixed(3);
}
