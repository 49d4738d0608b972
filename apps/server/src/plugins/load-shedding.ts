import { ERRORS } from '@junction/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { LoadReading, LoadSignal } from './load-monitor';

/**
 * How much an API call matters when the server is short of capacity. A new search is turned away first
 * (the traveller's page asks again by itself); then the other calls that read (pulls, places, reference
 * data); calls that carry an account, seats or money (sign-in, booking, orders, payment, refunds, the
 * wallet) never. Pages, assets and `/healthz` are not API calls and are never turned away.
 */
export type Priority = 'search' | 'standard' | 'essential';

/** When the server turns calls away; see `docs/performance.md` for the measurements behind them. */
export type SheddingLimits = {
  /** The main thread counts as overloaded by its own work only past this share of a core (0–1). */
  ownCpu: number;
  /** Event-loop delay past which new searches are turned away while the main thread is overloaded, ms. */
  searchLagMs: number;
  /** Event-loop delay past which standard calls are turned away too, ms. */
  apiLagMs: number;
  /** A new search is turned away while a plan would wait longer than this for a planner thread, ms. */
  plannerWaitMs: number;
};

/**
 * Share of a core past which the main thread is busy with its own work. Two CPU hogs beside the server
 * leave its main thread at most two thirds of a core, so they alone never reach it.
 */
const OWN_CPU = 0.7;

/**
 * The limits from the settings: standard calls past `maxLagMs` of event-loop delay, new searches from a
 * quarter of it; new searches also while a plan would wait longer than the search's whole time limit,
 * so could not be made in time whatever else happened. Turning a search away costs its traveller the
 * flights and trains it would have found at once, and at least a second before the page asks again: at
 * half the time limit, beside two CPU hogs with ten travellers searching, up to a fifth of the searches
 * were turned away at first, with no more door-to-door plans than in runs that turned none away.
 */
export const sheddingLimits = (maxLagMs: number, searchTimeLimitMs: number): SheddingLimits => ({
  ownCpu: OWN_CPU,
  searchLagMs: maxLagMs / 4,
  apiLagMs: maxLagMs,
  plannerWaitMs: searchTimeLimitMs,
});

/**
 * Why a call of this priority is turned away under this reading, or undefined when it is served.
 *
 * A neighbour on the machine raises every figure the main thread sees of itself: measured on the 2-core
 * machine with other work at a load average of 20, ten clients searching kept the event loop busy 98% of
 * the time with a p99 delay of 0.5–1.4 s (3.9 s at worst, some whole seconds without one delay sample),
 * while the thread itself got 4% of a core. Turning calls away there helps nobody: the work is small, the
 * thread is not given the core. The server is overloaded by its own work only when its main thread spends
 * most of a core on it (`ownCpu`; two CPU hogs beside the server leave it at most two thirds of one) *and*
 * requests wait (`searchLagMs`, `apiLagMs`), or when the planner's own queue, measured in the run times
 * of its recent jobs, would keep a new search's plan past its time limit (`plannerWaitMs`).
 */
export function shedReason(
  priority: Priority,
  reading: LoadReading,
  limits: SheddingLimits,
): 'main-thread' | 'planner' | undefined {
  if (priority === 'essential') return undefined;
  const busy = reading.ownCpu >= limits.ownCpu;
  const lagLimit = priority === 'search' ? limits.searchLagMs : limits.apiLagMs;
  if (busy && reading.lagMs >= lagLimit) return 'main-thread';
  if (priority === 'search' && reading.plannerWaitMs >= limits.plannerWaitMs) return 'planner';
  return undefined;
}

/** Calls that carry an account, seats or money, by path: never turned away. */
const ESSENTIAL =
  /^\/(login|register|code|bind|logout|user|password\/)|^\/api\/(order|orders|booking|refund|wallet|rail|passengers?|itinerary|verify|sessions)(\/|$)/;

/** The priority of an API call, by its method and route. */
export function priorityOf(method: string, route: string): Priority {
  if (method === 'POST' && route === '/api/v2/search') return 'search';
  return ESSENTIAL.test(route) ? 'essential' : 'standard';
}

/** Seconds a turned-away client is asked to wait before trying again. */
export const RETRY_AFTER_SECONDS = 2;

/** The answer to a call turned away: 419 "system busy" (spec §8), with when to try again. */
export function sendBusy(reply: FastifyReply): FastifyReply {
  return reply
    .code(ERRORS.SYSTEM_BUSY.http)
    .header('retry-after', String(RETRY_AFTER_SECONDS))
    .header('cache-control', 'no-store')
    .send({ errorCode: ERRORS.SYSTEM_BUSY.errorCode, errorContent: ERRORS.SYSTEM_BUSY.message });
}

/**
 * Load shedding for the API scope it is registered in (and only there): before anything else reads the
 * request (its session, its rate limit), a call the server has no capacity for is answered 419 at once.
 * The log says when shedding starts and ends, with the reading, not once per call.
 */
export function registerLoadShedding(api: FastifyInstance, signal: LoadSignal, limits: SheddingLimits): void {
  let isShedding = false;
  api.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    const reading = signal.reading();
    // New searches are the first turned away: while they are, the server is shedding.
    const searches = shedReason('search', reading, limits);
    if ((searches !== undefined) !== isShedding) {
      isShedding = searches !== undefined;
      if (isShedding) req.log.warn({ reading, reason: searches }, 'turning API calls away: the server is busy');
      else req.log.info({ reading }, 'serving every API call again');
    }
    const reason = searches && shedReason(priorityOf(req.method, req.routeOptions.url ?? ''), reading, limits);
    if (reason) return sendBusy(reply);
  });
}
