/**
 * A load run's connections to one origin: HTTP/1.1, one request at a time on each, as undici's Pool
 * keeps them, but used and grown so the client's own work does not swell the latency it measures.
 *
 * undici's Pool hands a request to the first connection not busy and opens a new one whenever all are
 * busy. Under a steady open-model load the first few connections carry everything, the rest idle until
 * the server's keep-alive hint closes them (Node's server says 5 s, which undici reads as 3), and the next
 * stall of a few ms, with a request falling due every ms, opens dozens at once: their TLS handshakes take
 * the CPU of client and server alike (1.5 ms each on the client against the bundled mock) and turn a 10 ms
 * stall into 100 ms (bench/load-runner.ts shows it).
 * Here a request takes the connection freed last, or waits in line for the next one freed. A new one
 * opens for the request waiting longest once it has waited longer than opening one takes, and only while
 * fewer are counted than twice what the traffic keeps busy (RecentTraffic), or when the last second fell
 * behind: a fast target keeps the few it needs through a stall, a slow one gets as many as its latency
 * calls for, up to the maximum.
 */
import { buildConnector, Client } from 'undici';

/** However little the traffic needs, this many connections may open. */
const FLOOR = 4;
/** Connections allowed per connection the traffic keeps busy (RecentTraffic). */
const HEADROOM = 2;
/** Arrivals and answers are counted over the span under way and the one before it, each this long. */
const SPAN_MS = 1_000;
/**
 * The share of exchanges quicker than the latency taken for the target's own: a low one, so that a stall,
 * which lengthens many exchanges but seldom nine in ten of a span's, leaves it where it was.
 */
const OWN_LATENCY_QUANTILE = 0.1;
/** A span that answered fewer than this share of the requests that arrived in it fell behind: more connections may open whatever the estimate says. */
const KEPT_UP_SHARE = 0.9;
/** Fewer arrivals than this in a span say nothing about falling behind. */
const KEPT_UP_MIN_ARRIVALS = 20;
/** Exchange durations are binned this many to an octave from BIN_FLOOR_MS up: a quantile comes out within a fifth. */
const BINS_PER_OCTAVE = 4;
const BIN_FLOOR_MS = 1 / 16;
const BIN_COUNT = 100;
/** The weight of the latest handshake in the running estimate of how long one takes. */
const HANDSHAKE_WEIGHT = 0.25;

export interface OriginConnectionsOptions {
  /** Open and opening connections together, at most. */
  readonly max: number;
  /** How each connection is opened (TLS context, timeout); one session cache serves them all. */
  readonly connect: buildConnector.BuildOptions;
  /** An idle connection is closed after this long, or sooner when the server's keep-alive hint says so. */
  readonly keepAliveTimeoutMs: number;
}

interface Waiter {
  /** performance.now() when it began to wait. */
  readonly since: number;
  readonly take: (client: Client) => void;
  readonly fail: (reason: unknown) => void;
}

export class OriginConnections {
  readonly #origin: string;
  readonly #max: number;
  readonly #clientOptions: Client.Options;
  /** Every connection counted against the maximum: whether it is still opening, and since when its request has had it open. */
  readonly #all = new Map<Client, { opening: boolean; since: number }>();
  /** Open and free; the one freed last is at the end. */
  readonly #idle: Client[] = [];
  /** Requests waiting for a connection, first come first served. */
  readonly #waiting = new Set<Waiter>();
  /** How long a connection takes to open, a running average; unknown until one has opened. */
  #handshakeMs = Number.POSITIVE_INFINITY;
  readonly #traffic = new RecentTraffic();

  constructor(origin: string, options: OriginConnectionsOptions) {
    this.#origin = origin;
    this.#max = Math.max(1, options.max);
    this.#clientOptions = { connect: buildConnector(options.connect), keepAliveTimeout: options.keepAliveTimeoutMs };
  }

  /** A connection for one request, given back with `release` or `discard`; rejects with the signal's reason if it aborts first. */
  acquire(signal: AbortSignal): Client | Promise<Client> {
    this.#traffic.arrival(performance.now());
    const idle = this.#idle.pop();
    if (idle) return this.#handOut(idle);
    if (this.#all.size === 0) return this.#open();
    if (signal.aborted) return Promise.reject(signal.reason as Error);
    return new Promise<Client>((resolve, reject) => {
      const onAbort = () => {
        this.#waiting.delete(waiter);
        reject(signal.reason as Error);
      };
      const waiter: Waiter = {
        since: performance.now(),
        take: (client) => {
          signal.removeEventListener('abort', onAbort);
          resolve(client);
        },
        fail: (reason) => {
          signal.removeEventListener('abort', onAbort);
          reject(reason as Error);
        },
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.#waiting.add(waiter);
      this.#grow();
    });
  }

  /** The request on `client` ended well (its answer read to the end): the connection serves the next one. */
  release(client: Client): void {
    const state = this.#all.get(client);
    if (!state) return;
    const now = performance.now();
    this.#traffic.answered(now, now - state.since);
    const next = this.#nextWaiter();
    if (!next) return void this.#idle.push(client);
    next.take(this.#handOut(client));
    this.#grow();
  }

  /** The request on `client` failed: its connection may be broken, so it is closed, never reused. */
  discard(client: Client): void {
    this.#traffic.answered(performance.now());
    this.#close(client);
  }

  /** Closes every connection; `force` also drops those still busy. Requests still waiting fail. */
  async close(force: boolean): Promise<void> {
    for (const waiter of this.#waiting) waiter.fail(new Error('the connections were closed'));
    this.#waiting.clear();
    const clients = [...this.#all.keys()];
    this.#all.clear();
    this.#idle.length = 0;
    await Promise.all(clients.map((c) => (force ? c.destroy() : c.close()).catch(() => undefined)));
  }

  /**
   * Whether a new connection opens for a request that has waited `waitedMs`: when there is none, or when
   * it has waited longer than opening one takes and either fewer are counted than the traffic needs or
   * the last span fell behind (the estimate is low for a target whose latency varies widely).
   */
  #mayOpenFor(waitedMs: number): boolean {
    const count = this.#all.size;
    if (count >= this.#max) return false;
    if (count === 0) return true;
    // Until one has opened, how long that takes is unknown: up to FLOOR open at once.
    if (waitedMs < this.#handshakeMs && Number.isFinite(this.#handshakeMs)) return false;
    const now = performance.now();
    const busy = this.#traffic.busy(now);
    return count < Math.max(FLOOR, Math.ceil(HEADROOM * (busy ?? 0))) || this.#traffic.fellBehind(now);
  }

  /** Marks when the request given `client`, an open connection, starts. */
  #handOut(client: Client): Client {
    const state = this.#all.get(client);
    if (state) state.since = performance.now();
    return client;
  }

  #open(): Client {
    const client = new Client(this.#origin, this.#clientOptions);
    const startedAt = performance.now();
    const state = { opening: true, since: startedAt };
    this.#all.set(client, state);
    const opened = () => {
      if (!state.opening) return;
      state.opening = false;
      // Its first request goes out now: its exchange is timed from here, without the handshake.
      state.since = performance.now();
      const tookMs = state.since - startedAt;
      this.#handshakeMs = Number.isFinite(this.#handshakeMs) ? this.#handshakeMs + HANDSHAKE_WEIGHT * (tookMs - this.#handshakeMs) : tookMs;
      this.#grow();
    };
    client.on('connect', opened);
    // A connection that fails to open or closes (keep-alive expiry, the server's close) leaves the set for
    // good; the request on it, if any, fails and is discarded by its sender.
    client.on('connectionError', () => this.#close(client));
    client.on('disconnect', () => this.#close(client));
    return client;
  }

  #close(client: Client): void {
    this.#drop(client);
    void client.destroy().catch(() => undefined);
  }

  #drop(client: Client): void {
    if (!this.#all.delete(client)) return;
    const at = this.#idle.indexOf(client);
    if (at >= 0) this.#idle.splice(at, 1);
    this.#grow();
  }

  /** Opens connections for the longest-waiting requests while the rule allows. */
  #grow(): void {
    const now = performance.now();
    for (let head = this.#firstWaiter(); head && this.#mayOpenFor(now - head.since); head = this.#firstWaiter()) {
      this.#waiting.delete(head);
      head.take(this.#open());
    }
  }

  #firstWaiter(): Waiter | undefined {
    return this.#waiting.values().next().value;
  }

  #nextWaiter(): Waiter | undefined {
    const first = this.#firstWaiter();
    if (first) this.#waiting.delete(first);
    return first;
  }
}

/**
 * Requests asking for a connection, and their answers with how long each exchange took, over the span
 * under way and the one before it. By Little's law the connections the traffic keeps busy are its arrivals
 * per ms times the target's own latency, taken as a low quantile of the exchanges: a stall shorter than a
 * span, of the machine or of the target, lengthens many exchanges but not that quantile, and leaves the
 * arrival rate as the schedule set it, so it opens no connections that would only cost CPU; a slow target
 * shows in it from its first answers.
 */
class RecentTraffic {
  #start = performance.now();
  #now = RecentTraffic.#span(0);
  #before = RecentTraffic.#span(0);

  static #span(ms: number): { ms: number; arrivals: number; answers: number; timed: number; bins: Uint32Array } {
    return { ms, arrivals: 0, answers: 0, timed: 0, bins: new Uint32Array(BIN_COUNT) };
  }

  arrival(now: number): void {
    this.#roll(now);
    this.#now.arrivals++;
  }

  /** An answer with its exchange's duration (from when its connection was open), or a failure without one. */
  answered(now: number, exchangeMs?: number): void {
    this.#roll(now);
    const span = this.#now;
    span.answers++;
    if (exchangeMs === undefined) return;
    span.timed++;
    const bin = Math.max(0, Math.min(BIN_COUNT - 1, Math.floor(BINS_PER_OCTAVE * Math.log2(exchangeMs / BIN_FLOOR_MS))));
    span.bins[bin] = (span.bins[bin] ?? 0) + 1;
  }

  /** Connections busy on average; undefined until an exchange has been timed. */
  busy(now: number): number | undefined {
    this.#roll(now);
    const timed = this.#now.timed + this.#before.timed;
    if (timed === 0) return undefined;
    let bin = 0;
    for (let seen = 0; bin < BIN_COUNT - 1; bin++) {
      seen += (this.#now.bins[bin] as number) + (this.#before.bins[bin] as number);
      if (seen >= OWN_LATENCY_QUANTILE * timed) break;
    }
    // The bin's upper edge: the quantile, rounded up.
    const latencyMs = BIN_FLOOR_MS * 2 ** ((bin + 1) / BINS_PER_OCTAVE);
    const perMs = (this.#now.arrivals + this.#before.arrivals) / Math.max(1, now - this.#start + this.#before.ms);
    return perMs * latencyMs;
  }

  /** The span before this one answered too few of the requests that arrived in it. */
  fellBehind(now: number): boolean {
    this.#roll(now);
    const b = this.#before;
    return b.arrivals >= KEPT_UP_MIN_ARRIVALS && b.answers < KEPT_UP_SHARE * b.arrivals;
  }

  #roll(now: number): void {
    const elapsed = now - this.#start;
    if (elapsed < SPAN_MS) return;
    // The span that ended becomes the one before, unless it ended long ago (nothing came since): then nothing is kept.
    this.#now.ms = elapsed;
    this.#before = elapsed < 2 * SPAN_MS ? this.#now : RecentTraffic.#span(0);
    this.#now = RecentTraffic.#span(0);
    this.#start = now;
  }
}
