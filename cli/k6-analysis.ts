/**
 * k6's `--out json` lines turned into the records our load report reads, so a k6 run is judged and
 * drawn by the same code as a Node run.
 *
 * k6 writes one `Point` line per metric sample. Each HTTP request gives several at the same instant
 * (its end) with the same tags; `http_req_duration` (sending, waiting, receiving) runs from when the
 * request went out on its connection to the end of its answer, so the request went out that long before
 * the sample's time. Its wait for a connection (`http_req_blocked`: a free slot, TCP and TLS) comes before
 * it went out, and is left out: the record's latency is then k6's own http_req_duration, the figure a
 * latency limit's k6 threshold judges (load/report/latency-limits.ts judges the same one).
 */
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { RULE_VERDICT_METRIC } from '../load/shared/budget-rules.ts';
import { type Company, COMPANY_OF_SLOT, KEY_ROLES, API_PARTS, type ApiPart } from '../lib/contract/vocabulary.ts';
import type { LoadRecord } from '../load/shared/records.ts';

interface PointLine {
  readonly type: 'Point';
  readonly metric: string;
  readonly data: { readonly time: string; readonly value: number; readonly tags?: Readonly<Record<string, string>> };
}

export interface K6Analysis {
  readonly records: LoadRecord[];
  /** Arrivals k6 could not start for lack of a free VU (`dropped_iterations`): the open model's missed sends. */
  readonly dropped: number;
  /** Points that named a stream but not a surface or company this project knows: a script and this reader disagree. */
  readonly unreadable: number;
  /** The budget probe's verdict per rule with its words (load/shared/budget-rules.ts), which k6's summary cannot carry. */
  readonly ruleVerdicts: ReadonlyMap<string, { readonly status: string; readonly detail: string }>;
}

/** Epoch ms with the sub-millisecond part kept: k6 writes nanoseconds, which Date.parse may not take. */
export function epochMs(time: string): number {
  const m = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(\.\d+)?(Z|[+-]\d\d:\d\d)$/.exec(time);
  if (!m) return Number.NaN;
  return Date.parse(`${m[1]}${m[3]}`) + (m[2] ? Number(`0${m[2]}`) * 1000 : 0);
}

function isPoint(value: unknown): value is PointLine {
  const v = value as PointLine | null;
  return (
    v !== null &&
    typeof v === 'object' &&
    v.type === 'Point' &&
    typeof v.metric === 'string' &&
    typeof v.data?.time === 'string' &&
    typeof v.data.value === 'number'
  );
}

/** The companies of the keys a load run sends with: a k6 tag naming any other is no record of it. */
const LOAD_COMPANIES: readonly string[] = KEY_ROLES.map((role) => COMPANY_OF_SLOT[role]);

/**
 * Reads the file line by line (a long run writes many). Times in the records are ms after `originMs`.
 * Only requests the scripts tagged with a stream become records: setup's health reads among them,
 * as stream `setup`, since they spend budget too.
 */
export async function readK6Output(path: string, originMs: number): Promise<K6Analysis> {
  const durations: { time: number; value: number; tags: Readonly<Record<string, string>> }[] = [];
  let dropped = 0;
  const ruleVerdicts = new Map<string, { status: string; detail: string }>();
  const lines = createInterface({ input: createReadStream(path, 'utf8'), crlfDelay: Number.POSITIVE_INFINITY });
  for await (const line of lines) {
    if (!line.includes('"Point"')) continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      continue; // a line cut short by an interrupted run
    }
    if (!isPoint(parsed)) continue;
    const { metric, data } = parsed;
    if (metric === 'dropped_iterations') dropped += data.value;
    if (metric === RULE_VERDICT_METRIC && data.tags?.rule !== undefined)
      ruleVerdicts.set(data.tags.rule, { status: data.tags.status ?? '', detail: data.tags.detail ?? '' });
    if (metric !== 'http_req_duration') continue;
    if (data.tags?.stream === undefined) continue;
    durations.push({ time: epochMs(data.time), value: data.value, tags: data.tags });
  }
  const records: LoadRecord[] = [];
  let unreadable = 0;
  for (const s of durations) {
    const { stream, surface, company, status, error, served_as: servedAs } = s.tags;
    if (stream === undefined || !API_PARTS.includes(surface as ApiPart) || !LOAD_COMPANIES.includes(company ?? '') || Number.isNaN(s.time)) {
      unreadable++;
      continue;
    }
    const endedMs = s.time - originMs;
    const startedMs = endedMs - s.value;
    const code = Number(status);
    records.push({
      stream,
      surface: surface as ApiPart,
      company: company as Company,
      // k6's arrival-rate executors time a request from when it went out, not from when it was due.
      intendedMs: startedMs,
      startedMs,
      endedMs,
      status: Number.isInteger(code) ? code : 0,
      ...(error !== undefined && error !== '' ? { error } : {}),
      // The budget probe names the statuses that serve each request of its mix (lib/budget/request-mix.ts).
      ...(servedAs !== undefined && /^\d+(,\d+)*$/.test(servedAs) ? { servedAs: servedAs.split(',').map(Number) } : {}),
    });
  }
  records.sort((a, b) => a.startedMs - b.startedMs);
  return { records, dropped, unreadable, ruleVerdicts };
}
