import type { Cabin, LocalText, ResultKind, SearchResult } from '@junction/domain';
import type { RawPlace } from '@junction/refdata';

/** One journey of a trip: a one-way has one, a round trip two, a multi-city one per leg. */
export type Bound = { date: string; from: RawPlace; to: RawPlace; fromOnly: boolean; toOnly: boolean };

/**
 * What every supplier is asked: the trips (one per departure day of a flexible search) for a party.
 * Answers name places and carriers in both languages, so the request carries no language.
 */
export type SupplierRequest = {
  cabin: Cabin;
  party: { adults: number; children: number; infants: number };
  /** Today in Beijing, `yyyy-mm-dd`: fares depend on days to departure. */
  today: string;
  trips: { date: string; bounds: Bound[] }[];
};

/**
 * A source of offers: a flight consolidator, an airline's NDC API, China Railway, or our own planner.
 * A real provider implements the same interface; the orchestrator knows nothing else about it.
 */
export interface Supplier {
  readonly id: string;
  readonly name: LocalText;
  readonly kind: ResultKind;
  search(request: SupplierRequest, signal: AbortSignal): Promise<SearchResult[]>;
  /**
   * One of its results as it sells it now, for the party and cabin of the request (its price, seats and
   * baggage), or undefined when it is no longer sold.
   */
  quote(result: SearchResult, request: SupplierRequest, signal: AbortSignal): Promise<SearchResult | undefined>;
}

export class SupplierError extends Error {
  constructor(
    readonly supplier: string,
    message: string,
  ) {
    super(message);
    this.name = 'SupplierError';
  }
}

/**
 * How a simulated supplier behaves on the wire: a log-normal response time between `minMs` and `maxMs`
 * around `medianMs`, a share of requests that fail, and a share that never answer.
 */
export type Conditions = { minMs: number; medianMs: number; maxMs: number; failureRate: number; timeoutRate: number };

export type Random = () => number;

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });

/** Waits like the remote system would, then fails or hangs as often as configured. */
export async function behave(id: string, c: Conditions, scale: number, random: Random, signal: AbortSignal) {
  const roll = random();
  if (roll < c.timeoutRate) {
    await sleep(3_600_000, signal);
  }
  // Box–Muller: a normal sample for the log-normal latency.
  const z = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const ms = Math.min(c.maxMs, Math.max(c.minMs, c.medianMs * Math.exp(0.5 * z)));
  await sleep(ms * scale, signal);
  if (roll < c.timeoutRate + c.failureRate) throw new SupplierError(id, `${id} answered 503`);
}
