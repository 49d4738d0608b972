import type { Inventory } from '../inventory/inventory';
import { GREATER_CHINA } from '../inventory/inventory';
import { DoorToDoorSupplier, planDoorToDoor } from './door-to-door-supplier';
import { defaultPlannerPool, type PlannerPoolOptions, poolDoorToDoor } from './door-to-door-worker';
import { type FlightSupplierConfig, SimulatedFlightSupplier } from './flight-supplier';
import { ChinaRailwaySupplier } from './rail-supplier';
import type { Conditions, Random, Supplier } from './supplier';

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
};

/**
 * The suppliers the product searches, as configuration: three flight consolidators with different
 * airlines (overlapping on the big Chinese carriers, so their prices compete), response times and
 * reliability; China Railway; and our own door-to-door planner.
 */
export function defaultSuppliers(inv: Inventory, o: CatalogueOptions): Supplier[] {
  const random = o.random ?? Math.random;
  const reliable = (c: Conditions): Conditions => (o.failures ? c : { ...c, failureRate: 0, timeoutRate: 0 });
  const airlines = inv.refdata.airlines;
  const codes = (keep: (country: string) => boolean, extra: string[] = []) =>
    new Set([...airlines.filter((a) => keep(a.country)).map((a) => a.code), ...extra]);
  const flights: FlightSupplierConfig[] = [
    {
      id: 'skyway',
      name: { en: 'SkyWay Travel', 'zh-CN': '天途旅行' },
      airlines: codes((c) => GREATER_CHINA.has(c)),
      markup: 1,
      spread: 0.08,
      conditions: reliable({ minMs: 300, medianMs: 900, maxMs: 4000, failureRate: 0.04, timeoutRate: 0.02 }),
    },
    {
      id: 'globefare',
      name: { en: 'GlobeFare', 'zh-CN': '环球票务' },
      airlines: codes((c) => !GREATER_CHINA.has(c), BIG_THREE),
      markup: 1.02,
      spread: 0.1,
      conditions: reliable({ minMs: 600, medianMs: 1800, maxMs: 6000, failureRate: 0.06, timeoutRate: 0.03 }),
    },
    {
      id: 'asiajet',
      name: { en: 'AsiaJet Connect', 'zh-CN': '亚捷联程' },
      airlines: codes((c) => ASIA.has(c) || c === 'HK' || c === 'MO' || c === 'TW', BIG_THREE),
      markup: 0.97,
      spread: 0.12,
      conditions: reliable({ minMs: 200, medianMs: 600, maxMs: 3000, failureRate: 0.08, timeoutRate: 0.04 }),
    },
  ];
  return [
    ...flights.map((c) => new SimulatedFlightSupplier(inv, c, o.latencyScale, random)),
    new ChinaRailwaySupplier(
      inv,
      reliable({ minMs: 250, medianMs: 700, maxMs: 3000, failureRate: 0.03, timeoutRate: 0.01 }),
      o.latencyScale,
      random,
    ),
    new DoorToDoorSupplier(
      o.plannerWorker
        ? poolDoorToDoor(o.plannerPool ?? defaultPlannerPool())
        : async (request, supplier) => planDoorToDoor(inv, request, supplier),
      { minMs: 50, medianMs: 150, maxMs: 600, failureRate: 0, timeoutRate: 0 },
      o.latencyScale,
      random,
    ),
  ];
}
