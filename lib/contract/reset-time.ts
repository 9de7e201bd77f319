/**
 * `X-ServiceAPI-ResetTime` (spec: Limits): the Unix timestamp a core 429 announces, which a client sleeps
 * until before it retries. Read here, once, by everything that reads it: the suite's client (how long to
 * wait), the budget checks and the k6 budget probe (whether it holds), the Node runner's progress line.
 * No imports and no Node built-ins, so the k6 scripts load it too.
 */

/** The header's name as the spec writes it. */
export const RESET_HEADER = 'X-ServiceAPI-ResetTime';

/** The announced reset in epoch ms, or undefined when the value is absent or not integer Unix seconds. */
export function resetTimeMs(raw: string | undefined): number | undefined {
  const value = raw?.trim();
  return value !== undefined && /^\d+$/.test(value) ? Number(value) * 1000 : undefined;
}

/**
 * What the budget checks and the k6 probe require of one 429's reset: integer Unix seconds, not over
 * before the 429 was made (to the second: the header counts whole seconds), and at most one window and a
 * second after it. `serverNowMs` is when the server made the 429, on its own clock, as closely as the
 * caller can tell: from its Date header (and the exchange's timing), `earliest` and `latest` apart.
 * Undefined when it holds; else why not, in words.
 */
export function resetProblem(
  raw: string | undefined,
  serverNowMs: { readonly earliest: number; readonly latest: number },
  windowMs: number,
): string | undefined {
  const at = resetTimeMs(raw);
  if (at === undefined) return `${RESET_HEADER} is ${JSON.stringify(raw ?? null)}, not integer Unix seconds`;
  if (at + 1000 <= serverNowMs.earliest) return `reset ${iso(at)} was over before the 429 was made (server time at least ${iso(serverNowMs.earliest)})`;
  if (at > serverNowMs.latest + windowMs + 1000)
    return `reset ${raw} (${iso(at)}) is more than one window of ${windowMs} ms and a second after the 429 (server time at most ${iso(serverNowMs.latest)})`;
  return undefined;
}

/** A time in words; one beyond the dates a Date can hold (a reset given in far too many digits) as itself. */
function iso(ms: number): string {
  return Math.abs(ms) <= 8.64e15 ? new Date(ms).toISOString() : `${ms} ms after the epoch`;
}
