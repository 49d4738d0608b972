import type { Config } from '../config';
import type { Basics } from '../feature-module';
import { sharedDoorNamer } from '../features/places/geocoder/default';
import { bookingSeatMaps } from '../features/search/booking-seat-maps';
import type { FareLog } from '../features/search/fare-log';
import { fareSaleRoutes } from '../features/search/fare-sale.routes';
import { type FareSales, SimFareSales } from '../features/search/inventory/fare-sales';
import { type RailRemaining, railStock } from '../features/search/inventory/fares';
import { feedCacheDir } from '../features/search/inventory/feed-cache';
import { type Inventory, lazyInventory } from '../features/search/inventory/inventory';
import { type PopularPairs, registerSearchJobs } from '../features/search/search.jobs';
import { searchRoutes } from '../features/search/search.routes';
import { SearchService } from '../features/search/search.service';
import type { SearchStore } from '../features/search/search-store';
import { SessionSignals, sessionChanges } from '../features/search/session-signals';
import type { KeptPlanStore } from '../features/search/stores/kept-plans-store';
import { defaultSuppliers } from '../features/search/suppliers/catalogue';
import { plannerPoolOptions } from '../features/search/suppliers/door-to-door/worker-pool-runner';
import type { Supplier } from '../features/search/suppliers/supplier';
import { TrainStopsService } from '../features/search/train-stops';
import type { JobRegistry } from '../jobs/jobs';
import { busFor } from '../lib/bus';
import type { AppDeps } from './deps';

/**
 * Search, composed with what it sells: the configured simulated sellers, China Railway and door to door,
 * and a real flight seller (Duffel) beside them when it is configured; door names from the places feature.
 * China Railway's remaining tickets (the simulated railway) are the same for searching, booking and waiting.
 */
export function searchSupply(
  basics: Basics,
  deps: Pick<AppDeps, 'suppliers' | 'random' | 'databaseUrl'>,
  { searchStore: store, keptPlans }: { searchStore: SearchStore; keptPlans?: KeptPlanStore },
  {
    seller,
    fares,
    warn,
  }: {
    seller?: (inventory: Inventory) => Supplier;
    /** The month of fares: told of each search, and naming the pairs of places searched most for the planning ahead. */
    fares?: FareLog & { popularPairs: PopularPairs };
    warn: (error: unknown, what: string) => void;
  },
) {
  const { config, refdata, now } = basics;
  const railRemaining = railStock(config.RAIL_SIM_SOLD_OUT);
  // The simulated sellers' sales, set at will through their route outside production, and read only there.
  const sales =
    !deps.suppliers && config.SEARCH_SIMULATED_FLIGHT_SELLERS && config.NODE_ENV !== 'production'
      ? new SimFareSales(basics.db, now)
      : undefined;
  // Pulls waiting on a session hear of its changes from whichever process records them; a process whose
  // sessions no other process reads (kept in its memory, or no database shared) hears its own alone.
  const busWarn = (e: unknown) => warn(e, config.REDIS_URL ? 'search bus (Redis)' : 'search bus (PostgreSQL)');
  const where = { redisUrl: config.REDIS_URL, databaseUrl: deps.databaseUrl };
  const shared = config.SEARCH_STORE === 'shared' && (where.redisUrl || where.databaseUrl);
  const changes = shared ? busFor(sessionChanges, where, busWarn) : undefined;
  const inventory = lazyInventory(refdata, !config.SEARCH_PLANNER_WORKER, feedCacheDir(config.DATA_DIR));
  const service = new SearchService(
    refdata,
    inventory,
    store,
    {
      supplierTimeoutMs: config.SEARCH_SUPPLIER_TIMEOUT_MS,
      answerReuseMs: config.SEARCH_ANSWER_REUSE_SECONDS * 1000,
      doorNames: sharedDoorNamer(refdata),
      ...(fares ? { fareLog: fares } : {}),
      signals: new SessionSignals(changes, busWarn),
      suppliers:
        deps.suppliers ??
        ((inv) => simulatedSuppliers(config, inv, { random: deps.random, railRemaining, sales, keptPlans }, seller)),
    },
    now,
  );
  const simulatorRoutes = sales ? fareSaleRoutes(sales) : undefined;
  const seatMaps = (searchId: string, resultId: string) =>
    bookingSeatMaps(service, {
      searchId,
      resultId,
      now: now().getTime(),
      timeoutMs: config.SEARCH_SUPPLIER_TIMEOUT_MS,
    });
  const routes = searchRoutes(service, new TrainStopsService(inventory));
  const jobs = (registry: JobRegistry) => {
    if (fares) registerSearchJobs(registry, () => service, fares.popularPairs, now, config.SEARCH_PLANS_FILL_CRON);
  };
  return { service, railRemaining, seatMaps, routes, simulatorRoutes, jobs };
}

function simulatedSuppliers(
  config: Config,
  inventory: Inventory,
  {
    random,
    railRemaining,
    sales,
    keptPlans,
  }: { random: AppDeps['random']; railRemaining: RailRemaining; sales?: FareSales; keptPlans?: KeptPlanStore },
  seller?: (inventory: Inventory) => Supplier,
): Supplier[] {
  return defaultSuppliers(inventory, {
    latencyScale: config.SEARCH_LATENCY_SCALE,
    failures: config.SEARCH_SUPPLIER_FAILURES,
    plannerWorker: config.SEARCH_PLANNER_WORKER,
    plannerPool: plannerPoolOptions(config),
    random,
    railRemaining,
    simulatedFlightSellers: config.SEARCH_SIMULATED_FLIGHT_SELLERS,
    ...(sales ? { fareSales: sales } : {}),
    ...(keptPlans ? { keptPlans } : {}),
  }).concat(seller ? [seller(inventory)] : []);
}
