import type { LocalText, SearchResult } from '@junction/domain';
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

/** Our own door-to-door planner as a supplier: plans run where the runner puts them (a worker pool by default). */
export class DoorToDoorSupplier implements Supplier {
  readonly kind = 'mix' as const;
  readonly id = 'junction-door-to-door';
  readonly name = { en: 'Junction door to door', 'zh-CN': '联程门到门' };

  constructor(private readonly run: DoorToDoorRunner) {}

  search(request: SupplierRequest, signal: AbortSignal): Promise<SearchResult[]> {
    return this.run(request, { id: this.id, name: this.name }, signal);
  }

  async quote(result: SearchResult, request: SupplierRequest, signal: AbortSignal): Promise<SearchResult | undefined> {
    const results = await this.run(request, { id: this.id, name: this.name }, signal);
    return results.find((r) => r.id === result.id);
  }
}
