import { type SearchResult, waitUnlessAborted } from '@junction/domain';
import type { Turns } from '../../../lib/turns';
import { type Supplier, SupplierError, type SupplierRequest } from './supplier';

/**
 * How a simulated supplier behaves on the wire: a log-normal response time between `minMs` and `maxMs`
 * around `medianMs`, a share of requests that fail, and a share that never answer.
 */
export type Conditions = { minMs: number; medianMs: number; maxMs: number; failureRate: number; timeoutRate: number };

export type Random = () => number;

export type NetworkOptions = {
  /** Multiplies every response time (0 answers at once). */
  latencyScale: number;
  random: Random;
  /**
   * Turns on the event loop the supplier's own work waits for (the main thread's in the product), so the
   * requests arriving meanwhile are read between suppliers' work; none, at once.
   */
  turns?: Pick<Turns, 'next'>;
};

/** Never answering: long past any supplier's time limit, until the caller gives up. */
const SILENCE_MS = 3_600_000;

/** How a request fares on the wire: how long it takes, and whether it fails or is never answered. */
function draw(c: Conditions, o: NetworkOptions): { ms: number; fails: boolean; silent: boolean } {
  const roll = o.random();
  // Box–Muller: a normal sample for the log-normal latency.
  const z = Math.sqrt(-2 * Math.log(1 - o.random())) * Math.cos(2 * Math.PI * o.random());
  const ms = Math.min(c.maxMs, Math.max(c.minMs, c.medianMs * Math.exp(0.5 * z)));
  return { ms: ms * o.latencyScale, silent: roll < c.timeoutRate, fails: roll < c.timeoutRate + c.failureRate };
}

/** Waits like the remote system would, then fails or stays silent as often as configured. */
async function behave(id: string, c: Conditions, o: NetworkOptions, signal: AbortSignal): Promise<void> {
  const wire = draw(c, o);
  if (wire.silent) await waitUnlessAborted(SILENCE_MS, signal);
  await waitUnlessAborted(wire.ms, signal);
  if (wire.fails) throw new SupplierError(id, `${id} answered 503`);
}

/**
 * A supplier as a remote system answers: after its response time, failing or silent as often as its
 * conditions say. Quotes take the same time but neither fail nor go silent (the traveller is waiting on
 * one). Pricing stays the supplier's own business; this is only the wire.
 */
export function overNetwork(supplier: Supplier, conditions: Conditions, options: NetworkOptions): Supplier {
  const calm: Conditions = { ...conditions, failureRate: 0, timeoutRate: 0 };
  return {
    id: supplier.id,
    name: supplier.name,
    kind: supplier.kind,
    async search(request: SupplierRequest, signal: AbortSignal): Promise<SearchResult[]> {
      const wire = draw(conditions, options);
      if (wire.silent) await waitUnlessAborted(SILENCE_MS, signal);
      if (wire.fails) {
        await waitUnlessAborted(wire.ms, signal);
        throw new SupplierError(supplier.id, `${supplier.id} answered 503`);
      }
      // The remote system works while the request is on the wire, as a real one does on its own machine:
      // its answer is ready when its response time ends, not that long plus its work later.
      const answer = (async () => {
        if (options.turns) {
          await options.turns.next();
          if (signal.aborted) throw signal.reason;
        }
        return supplier.search(request, signal);
      })();
      answer.catch(() => {});
      await waitUnlessAborted(wire.ms, signal);
      return answer;
    },
    async quote(
      result: SearchResult,
      request: SupplierRequest,
      signal: AbortSignal,
    ): Promise<SearchResult | undefined> {
      await behave(supplier.id, calm, options, signal);
      return supplier.quote(result, request, signal);
    },
    // Work done ahead is the supplier's own, not an answer on the wire.
    ...(supplier.prepare ? { prepare: supplier.prepare.bind(supplier) } : {}),
  };
}
