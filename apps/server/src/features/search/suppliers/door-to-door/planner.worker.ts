// A worker thread for door-to-door planning: the timetables and the planner run here, off the event loop
// that answers requests.
import { parentPort } from 'node:worker_threads';
import type { LocalText, SearchResult } from '@junction/domain';
import { loadRefdata } from '@junction/refdata';
import type { WorkerAnswer, WorkerJob } from '../../../../lib/worker-pool';
import { Inventory } from '../../inventory/inventory';
import type { SupplierRequest } from '../supplier';
import { planDoorToDoor } from './door-to-door-supplier';

export type PlanPayload = { request: SupplierRequest; supplier: { id: string; name: LocalText } };

const inventory = Inventory.load(loadRefdata());
parentPort?.on('message', ({ id, payload }: WorkerJob<PlanPayload>) => {
  try {
    const result = planDoorToDoor(inventory, payload.request, payload.supplier);
    parentPort?.postMessage({ id, result } satisfies WorkerAnswer<SearchResult[]>);
  } catch (e) {
    parentPort?.postMessage({ id, error: String(e) } satisfies WorkerAnswer<SearchResult[]>);
  }
});
parentPort?.postMessage({ id: 0 } satisfies WorkerAnswer<SearchResult[]>);
