import type { LocalText, SearchResult } from '@junction/domain';
import { SharedComputations } from '../../../../lib/shared-computations';
import type { Inventory } from '../../inventory/inventory';
import type { Supplier, SupplierRequest } from '../supplier';
import { DoorToDoorPlans } from './plans';

/** Runs door-to-door planning somewhere: in this thread, or in a worker thread; gives up when the signal aborts. */
export type DoorToDoorRunner = (
  request: SupplierRequest,
  supplier: { id: string; name: LocalText },
  signal: AbortSignal,
) => Promise<SearchResult[]>;

/** Door-to-door plans for the day asked for; a flexible search adds flights and trains on the days around it. */
export function planDoorToDoor(
  inv: Inventory,
  request: SupplierRequest,
  supplier: { id: string; name: LocalText },
): SearchResult[] {
  const trip = request.trips[0];
  return trip ? new DoorToDoorPlans(inv, supplier).priceTrip(trip, request) : [];
}

/**
 * What door-to-door plans depend on: the places and doors of the first trip's journeys, their dates,
 * the party, the cabin and today's date (fares depend on days to departure).
 */
export function planKey(request: SupplierRequest): string {
  const trip = request.trips[0];
  return JSON.stringify([
    request.cabin,
    request.party.adults,
    request.party.children,
    request.party.infants,
    request.today,
    trip?.date,
    (trip?.bounds ?? []).map((b) => [
      b.date,
      b.from.id,
      b.to.id,
      b.fromOnly,
      b.toOnly,
      b.fromDoor ? [b.fromDoor.lat, b.fromDoor.lon, b.fromDoor.name.en, b.fromDoor.name['zh-CN']] : null,
      b.toDoor ? [b.toDoor.lat, b.toDoor.lon, b.toDoor.name.en, b.toDoor.name['zh-CN']] : null,
    ]),
  ]);
}

/** Plans kept for later searches on the same journeys (the most recently asked). */
const KEEP_PLANS = 64;

/**
 * Our own door-to-door planner as a supplier: plans run where the runner puts them (a worker pool by
 * default). Plans for the same places, dates and party are computed once and shared: searches asking
 * at the same time wait for the same planning, later ones take its answer.
 */
export class DoorToDoorSupplier implements Supplier {
  readonly kind = 'mix' as const;
  readonly id = 'junction-door-to-door';
  readonly name = { en: 'Junction door to door', 'zh-CN': '联程门到门' };
  private readonly plans = new SharedComputations<SearchResult[]>(KEEP_PLANS);

  /** `onSale`: whether a plan can be sold now (its trains have tickets); plans that cannot are left out. */
  constructor(
    private readonly run: DoorToDoorRunner,
    private readonly onSale?: (plan: SearchResult, request: SupplierRequest) => boolean,
  ) {}

  async search(request: SupplierRequest, signal: AbortSignal): Promise<SearchResult[]> {
    const plans = await this.plans.get(planKey(request), signal, (planning) =>
      this.run(request, { id: this.id, name: this.name }, planning),
    );
    const onSale = this.onSale;
    return onSale ? plans.filter((plan) => onSale(plan, request)) : plans;
  }

  async quote(result: SearchResult, request: SupplierRequest, signal: AbortSignal): Promise<SearchResult | undefined> {
    const results = await this.search(request, signal);
    return results.find((r) => r.id === result.id);
  }

  /** Plans kept and being computed: for tests and health figures. */
  stats(): { kept: number; computing: number } {
    return this.plans.stats();
  }
}
