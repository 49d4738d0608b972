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

/** Door-to-door plans for the first day of the request (the supplier asks day by day). */
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

  /**
   * The plans of every day of the request (a flexible search's days around its date too), each day planned
   * on its own and shared with a search on that day. A day whose planning fails is left out; the answer
   * fails only when every day does.
   */
  async search(request: SupplierRequest, signal: AbortSignal): Promise<SearchResult[]> {
    const days = await Promise.allSettled(
      request.trips.map((trip) => {
        const day = { ...request, trips: [trip] };
        return this.plans.get(planKey(day), signal, (planning) =>
          this.run(day, { id: this.id, name: this.name }, planning),
        );
      }),
    );
    const planned = days.flatMap((d) => (d.status === 'fulfilled' ? [d.value] : []));
    if (planned.length === 0 && days.length > 0) throw (days[0] as PromiseRejectedResult).reason;
    // One day's plans are the shared answer itself.
    const plans = planned.length === 1 ? (planned[0] as SearchResult[]) : planned.flat();
    const onSale = this.onSale;
    return onSale ? plans.filter((plan) => onSale(plan, request)) : plans;
  }

  /**
   * Plans each day of the request, one after another, for the plans the runner keeps for every process (the
   * pool with a store); the answers are not held here, so the searches' own stay.
   */
  async prepare(request: SupplierRequest, signal: AbortSignal): Promise<void> {
    for (const trip of request.trips)
      await this.run({ ...request, trips: [trip] }, { id: this.id, name: this.name }, signal);
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
