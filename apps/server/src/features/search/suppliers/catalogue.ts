import { mainTurns } from '../../../lib/turns';
import type { FareSales } from '../inventory/fare-sales';
import { type RailRemaining, railRemaining } from '../inventory/fares';
import type { Inventory } from '../inventory/inventory';
import { GREATER_CHINA } from '../inventory/inventory';
import type { KeptPlanStore } from '../stores/kept-plans-store';
import { type DoorToDoorRunner, DoorToDoorSupplier, planDoorToDoor } from './door-to-door/door-to-door-supplier';
import { defaultPlannerPool, type PlannerPoolOptions, poolDoorToDoor } from './door-to-door/worker-pool-runner';
import { type FlightSupplierConfig, SimulatedFlightSupplier } from './flight-supplier';
import { type Conditions, overNetwork, type Random } from './network';
import { ChinaRailwaySupplier, trainsOnSale } from './rail-supplier';
import type { Supplier } from './supplier';

const ASIA = new Set([
  'JP',
  'KR',
  'SG',
  'TH',
  'MY',
  'VN',
  'PH',
  'ID',
  'BN',
  'KH',
  'LA',
  'MM',
  'MN',
  'IN',
  'LK',
  'BD',
  'PK',
]);
const BIG_THREE = ['CA', 'MU', 'CZ'];

export type CatalogueOptions = {
  latencyScale: number;
  failures: boolean;
  /** Plan door to door in a pool of worker threads (the default) rather than on the event loop. */
  plannerWorker: boolean;
  plannerPool?: PlannerPoolOptions;
  random?: Random;
  /** China Railway's remaining tickets; the seeded simulation by default. */
  railRemaining?: RailRemaining;
  /** The three simulated flight consolidators (true by default); off once real sellers are configured. */
  simulatedFlightSellers?: boolean;
  /** The sales the simulated flight sellers run. */
  fareSales?: FareSales;
  /** Where plans between places' centres are kept for every planner (`KeptPlanStore`); with the pool only. */
  keptPlans?: KeptPlanStore;
};

/**
 * The suppliers the product searches, as configuration: three flight consolidators with different
 * airlines (overlapping on the big Chinese carriers, so their prices compete), response times and
 * reliability; China Railway; and our own door-to-door planner.
 */
export function defaultSuppliers(inv: Inventory, o: CatalogueOptions): Supplier[] {
  // The simulated suppliers work on the main thread: each takes its turn, so requests are read between them.
  const network = { latencyScale: o.latencyScale, random: o.random ?? Math.random, turns: mainTurns };
  const reliable = (c: Conditions): Conditions => (o.failures ? c : { ...c, failureRate: 0, timeoutRate: 0 });
  const airlines = inv.refdata.airlines;
  const codes = (keep: (country: string) => boolean, extra: string[] = []) =>
    new Set([...airlines.filter((a) => keep(a.country)).map((a) => a.code), ...extra]);
  const flights: { config: FlightSupplierConfig; conditions: Conditions }[] = [
    {
      config: {
        id: 'skyway',
        name: { en: 'SkyWay Travel', 'zh-CN': '天途旅行' },
        airlines: codes((c) => GREATER_CHINA.has(c)),
        markup: 1,
        spread: 0.08,
      },
      conditions: { minMs: 300, medianMs: 900, maxMs: 4000, failureRate: 0.04, timeoutRate: 0.02 },
    },
    {
      config: {
        id: 'globefare',
        name: { en: 'GlobeFare', 'zh-CN': '环球票务' },
        airlines: codes((c) => !GREATER_CHINA.has(c), BIG_THREE),
        markup: 1.02,
        spread: 0.1,
      },
      conditions: { minMs: 600, medianMs: 1800, maxMs: 6000, failureRate: 0.06, timeoutRate: 0.03 },
    },
    {
      config: {
        id: 'asiajet',
        name: { en: 'AsiaJet Connect', 'zh-CN': '亚捷联程' },
        airlines: codes((c) => ASIA.has(c) || c === 'HK' || c === 'MO' || c === 'TW', BIG_THREE),
        markup: 0.97,
        spread: 0.12,
      },
      conditions: { minMs: 200, medianMs: 600, maxMs: 3000, failureRate: 0.08, timeoutRate: 0.04 },
    },
  ];
  const feeds = inv.doorFeeds;
  const planner: DoorToDoorRunner =
    o.plannerWorker && feeds
      ? poolDoorToDoor(o.plannerPool ?? defaultPlannerPool(), feeds, o.keptPlans)
      : async (request, supplier) => planDoorToDoor(inv, request, supplier);
  return [
    ...(o.simulatedFlightSellers === false ? [] : flights).map((f) =>
      overNetwork(new SimulatedFlightSupplier(inv, f.config, o.fareSales), reliable(f.conditions), network),
    ),
    overNetwork(
      new ChinaRailwaySupplier(inv, o.railRemaining),
      reliable({ minMs: 250, medianMs: 700, maxMs: 3000, failureRate: 0.03, timeoutRate: 0.01 }),
      network,
    ),
    // Our own planner never fails on the wire; its time is the planning.
    overNetwork(
      new DoorToDoorSupplier(planner, trainsOnSale(o.railRemaining ?? railRemaining)),
      { minMs: 50, medianMs: 150, maxMs: 600, failureRate: 0, timeoutRate: 0 },
      network,
    ),
  ];
}
