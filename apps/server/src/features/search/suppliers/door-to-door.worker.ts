// A worker thread for door-to-door planning: the timetables and the planner run here, off the event loop
// that answers requests.
import { parentPort } from 'node:worker_threads';
import type { LocalText, SearchResult } from '@junction/domain';
import { loadRefdata } from '@junction/refdata';
import { Inventory } from '../inventory/inventory';
import { planDoorToDoor } from './door-to-door-supplier';
import type { SupplierRequest } from './supplier';

export type PlanMessage = { id: number; request: SupplierRequest; supplier: { id: string; name: LocalText } };
export type PlanAnswer = { id: number; results?: SearchResult[]; error?: string };

const inventory = Inventory.load(loadRefdata());
parentPort?.on('message', (m: PlanMessage) => {
  try {
    const results = planDoorToDoor(inventory, m.request, m.supplier);
    parentPort?.postMessage({ id: m.id, results } satisfies PlanAnswer);
  } catch (e) {
    parentPort?.postMessage({ id: m.id, error: String(e) } satisfies PlanAnswer);
  }
});
parentPort?.postMessage({ id: 0 } satisfies PlanAnswer);
