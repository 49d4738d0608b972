// A worker thread of the door-to-door planner pool. The timetables are the process's, in shared memory:
// a worker builds a date's timetable once for everyone when asked (`build`), and plans on the ones each
// job brings (`plan`), keeping views on them, never copies.
import { parentPort } from 'node:worker_threads';
import type { LocalText, SearchResult } from '@junction/domain';
import { loadRefdata } from '@junction/refdata';
import { settleHeap } from '../../../../lib/memory';
import type { WorkerAnswer, WorkerJob } from '../../../../lib/worker-pool';
import { type DoorNetwork, sharedNetwork } from '../../inventory/door-to-door';
import { Inventory } from '../../inventory/inventory';
import type { SupplierRequest } from '../supplier';
import { planDoorToDoor } from './door-to-door-supplier';

export type PlannerJob =
  /** Builds the timetable of this key (`timetableKey`: the first date it serves). */
  | { kind: 'build'; date: string }
  | {
      kind: 'plan';
      request: SupplierRequest;
      supplier: { id: string; name: LocalText };
      /** The shared timetables serving the request's dates, by their key (`timetableKey`). */
      networks: Record<string, SharedArrayBuffer>;
      /** The key of every timetable the process still keeps: the worker lets go of the others. */
      live: string[];
    };
export type PlannerAnswer = SearchResult[] | SharedArrayBuffer;

const inventory = Inventory.load(loadRefdata());
const planner = inventory.doorToDoor;
settleHeap();
const held = new Map<string, { buffer: SharedArrayBuffer; net: DoorNetwork }>();
planner?.useShared((key) => held.get(key)?.net);

function answer(job: PlannerJob): PlannerAnswer {
  if (job.kind === 'build') {
    if (!planner) throw new Error('door-to-door planning needs the feeds');
    const buffer = planner.share(job.date);
    // What building left behind goes now: the timetable itself is in shared memory.
    settleHeap();
    return buffer;
  }
  for (const [key, buffer] of Object.entries(job.networks))
    if (held.get(key)?.buffer !== buffer) held.set(key, { buffer, net: sharedNetwork(buffer) });
  const live = new Set([...job.live, ...Object.keys(job.networks)]);
  for (const key of held.keys()) if (!live.has(key)) held.delete(key);
  return planDoorToDoor(inventory, job.request, job.supplier);
}

parentPort?.on('message', ({ id, payload }: WorkerJob<PlannerJob>) => {
  try {
    parentPort?.postMessage({ id, result: answer(payload) } satisfies WorkerAnswer<PlannerAnswer>);
  } catch (e) {
    parentPort?.postMessage({ id, error: String(e) } satisfies WorkerAnswer<PlannerAnswer>);
  }
});
parentPort?.postMessage({ id: 0 } satisfies WorkerAnswer<PlannerAnswer>);
