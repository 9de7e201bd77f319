/**
 * What a company's own integrations spend of the core and Dialer budgets, measured from traffic seen
 * (a HAR capture, or the requests the `observe` command watched): per company and budget, the requests
 * sent in each window of the capture, and their median, 95th percentile and peak.
 *
 * Pure, with no Node built-ins: the k6 scripts load lib/budget too.
 */

export interface UseSample {
  readonly atMs: number;
  readonly budget: 'core' | 'dialer';
  readonly company: string;
  /** false when the answer was 429 */
  readonly served: boolean;
}

/**
 * One company's use of one budget over the capture's windows.
 *
 * `median`, `p95` and `peak` are of the requests *sent* per window, served or refused alike. A 429 is
 * still a request the company's integrations wanted served: counting only served ones would cap the
 * figure at the budget and hide the demand above it, which is the demand a campaign would compete with.
 * Both percentiles take the nearest rank over every window, empty ones counted as 0: the value of the
 * window at rank ⌈q × windows⌉ in ascending order. So each is a count some window really had, never an
 * interpolation, and `p95` is at or above the count of at least 95% of the windows.
 */
export interface BudgetUse {
  readonly windows: number;
  readonly median: number;
  readonly p95: number;
  readonly peak: number;
  /** requests answered 429 */
  readonly refused: number;
  readonly requests: number;
}

export interface CompanyUse {
  readonly company: string;
  readonly core: BudgetUse;
  readonly dialer: BudgetUse;
}

/**
 * The whole capture. `from` and `to` are its first and last sample (ISO 8601), both empty strings when
 * no sample came. Companies come with the most requests first (core and Dialer together), then by name.
 */
export interface MeasuredUse {
  readonly windowMs: number;
  readonly from: string /* ISO */;
  readonly to: string;
  readonly companies: readonly CompanyUse[];
}

const BUDGETS = ['core', 'dialer'] as const;
type Budget = (typeof BUDGETS)[number];

/** Requests sent and refused: one window's, or one millisecond's while the start is not yet known. */
interface Tally {
  sent: number;
  refused: number;
}

type PerBudget = Record<Budget, Map<number, Tally>>;

const perBudget = (): PerBudget => ({ core: new Map(), dialer: new Map() });

function bump(map: Map<number, Tally>, key: number, sent: number, refused: number): void {
  const tally = map.get(key);
  if (tally) {
    tally.sent += sent;
    tally.refused += refused;
  } else map.set(key, { sent, refused });
}

/** The nearest-rank percentile of `windows` counts, of which only the non-zero ones are listed (ascending). */
function rank(nonZeroAscending: readonly number[], windows: number, q: number): number {
  if (windows === 0) return 0;
  const at = Math.max(1, Math.ceil(q * windows)); // 1-based rank
  const zeros = windows - nonZeroAscending.length;
  return at <= zeros ? 0 : (nonZeroAscending[at - zeros - 1] as number);
}

function budgetUse(tallies: ReadonlyMap<number, Tally>, windows: number): BudgetUse {
  let requests = 0;
  let refused = 0;
  const counts: number[] = [];
  for (const t of tallies.values()) {
    requests += t.sent;
    refused += t.refused;
    if (t.sent > 0) counts.push(t.sent);
  }
  counts.sort((a, b) => a - b);
  return {
    windows,
    median: rank(counts, windows, 0.5),
    p95: rank(counts, windows, 0.95),
    peak: counts.length === 0 ? 0 : (counts[counts.length - 1] as number),
    refused,
    requests,
  };
}

/**
 * Counts samples into windows as they come; memory grows with windows × companies, never with samples.
 *
 * Windows start at the capture's first sample. Samples may come slightly out of order (several files
 * read one after another): until the samples seen span a whole window, they are held as counts per
 * millisecond, so a sample up to a window late still moves the start to itself. From then on the start
 * is fixed, and a later sample of any time after it lands in its own window. A sample earlier than a
 * fixed start (more than a window late) extends the capture back by whole windows: the boundaries keep
 * their place, and the first window then begins up to a window before the first sample.
 */
export class UseMeter {
  readonly #windowMs: number;
  /** Start of the first window, once fixed. */
  #start: number | undefined;
  /** Per company: counts per window index (from #start), once the start is fixed. */
  readonly #windows = new Map<string, PerBudget>();
  /** Per company: counts per millisecond, while the start is not yet fixed. */
  readonly #held = new Map<string, PerBudget>();
  #first = Number.POSITIVE_INFINITY;
  #last = Number.NEGATIVE_INFINITY;

  constructor(windowMs: number) {
    if (!Number.isInteger(windowMs) || windowMs < 1) throw new RangeError(`windowMs must be a whole number of milliseconds, at least 1, got ${windowMs}`);
    this.#windowMs = windowMs;
  }

  add(sample: UseSample): void {
    const { atMs, budget, company, served } = sample;
    if (typeof atMs !== 'number' || !Number.isFinite(atMs)) throw new RangeError(`a sample's atMs must be a finite number, got ${String(atMs)}`);
    if (budget !== 'core' && budget !== 'dialer') throw new RangeError(`a sample's budget must be "core" or "dialer", got ${JSON.stringify(budget)}`);
    if (typeof company !== 'string') throw new RangeError(`a sample's company must be a string, got ${typeof company}`);
    this.#first = Math.min(this.#first, atMs);
    this.#last = Math.max(this.#last, atMs);
    const refused = served ? 0 : 1;
    if (this.#start === undefined) {
      bump(this.#of(this.#held, company)[budget], atMs, 1, refused);
      if (this.#last - this.#first >= this.#windowMs) this.#fixStart();
      return;
    }
    if (atMs < this.#start) this.#extendBack(atMs);
    bump(this.#of(this.#windows, company)[budget], this.#indexOf(atMs, this.#start), 1, refused);
  }

  result(): MeasuredUse {
    if (this.#first === Number.POSITIVE_INFINITY) return { windowMs: this.#windowMs, from: '', to: '', companies: [] };
    const start = this.#start ?? this.#first;
    const windows = this.#indexOf(this.#last, start) + 1;
    const companies = new Set([...this.#windows.keys(), ...this.#held.keys()]);
    const use = [...companies].map((company): CompanyUse => {
      const counted = this.#start === undefined ? this.#heldAsWindows(company, start) : (this.#windows.get(company) as PerBudget);
      return { company, core: budgetUse(counted.core, windows), dialer: budgetUse(counted.dialer, windows) };
    });
    const total = (c: CompanyUse) => c.core.requests + c.dialer.requests;
    use.sort((a, b) => total(b) - total(a) || (a.company < b.company ? -1 : a.company > b.company ? 1 : 0));
    return { windowMs: this.#windowMs, from: new Date(this.#first).toISOString(), to: new Date(this.#last).toISOString(), companies: use };
  }

  #of(map: Map<string, PerBudget>, company: string): PerBudget {
    let found = map.get(company);
    if (!found) map.set(company, (found = perBudget()));
    return found;
  }

  #indexOf(atMs: number, start: number): number {
    return Math.floor((atMs - start) / this.#windowMs);
  }

  #heldAsWindows(company: string, start: number): PerBudget {
    const out = perBudget();
    const held = this.#held.get(company);
    if (held) for (const budget of BUDGETS) for (const [atMs, t] of held[budget]) bump(out[budget], this.#indexOf(atMs, start), t.sent, t.refused);
    return out;
  }

  #fixStart(): void {
    const start = this.#first;
    for (const company of this.#held.keys()) this.#windows.set(company, this.#heldAsWindows(company, start));
    this.#held.clear();
    this.#start = start;
  }

  /** Moves the start back by whole windows so `atMs` falls in the first; every window's index shifts alike. */
  #extendBack(atMs: number): void {
    const start = this.#start as number;
    const by = Math.ceil((start - atMs) / this.#windowMs);
    for (const counted of this.#windows.values()) {
      for (const budget of BUDGETS) {
        const shifted = new Map<number, Tally>();
        for (const [index, t] of counted[budget]) shifted.set(index + by, t);
        counted[budget] = shifted;
      }
    }
    this.#start = start - by * this.#windowMs;
  }
}

/** The use of a whole capture at once; the same figures as feeding a UseMeter sample by sample. */
export function measureUse(samples: Iterable<UseSample>, windowMs: number): MeasuredUse {
  const meter = new UseMeter(windowMs);
  for (const sample of samples) meter.add(sample);
  return meter.result();
}
