// A worker thread of the door-to-door planner pool. The feeds and the timetables are the process's, in
// shared memory: every job brings the packed feeds the main thread read, a worker builds a date's
// timetable from them once for everyone when asked (`build`), and plans on the ones each job brings
// (`plan`), keeping views on them, never copies. Of its own it keeps the reference data.
import { parentPort, workerData } from 'node:worker_threads';
import type { LocalText, SearchResult } from '@junction/domain';
import { loadRefdata } from '@junction/refdata';
import { settleHeap } from '../../../../lib/memory';
import { lowerThreadPriority } from '../../../../lib/thread-priority';
import type { WorkerAnswer, WorkerJob } from '../../../../lib/worker-pool';
import { centrePlanName, type DoorNetwork, sharedNetwork } from '../../inventory/door-to-door';
import { Inventory } from '../../inventory/inventory';
import { type NetworkFeedBuffers, sharedFeeds } from '../../inventory/network-feeds';
import type { SupplierRequest } from '../supplier';
import { planDoorToDoor } from './door-to-door-supplier';

export type PlannerJob =
  /** Builds the timetable of this key (`networkKey`: the first date it serves). */
  | { kind: 'build'; date: string; feeds: PostedFeeds }
  | {
      kind: 'plan';
      feeds: PostedFeeds;
      request: SupplierRequest;
      supplier: { id: string; name: LocalText };
      /** The shared timetables serving the request's journeys, by their key (`networkKey`). */
      networks: Record<string, Posted<SharedArrayBuffer>>;
      /** The key of every timetable the process still keeps: the worker lets go of the others. */
      live: string[];
      /**
       * Plans between places' centres made before by any planner on a timetable of the same build, by their
       * names (`centrePlanName`): taken instead of searched.
       */
      kept?: Record<string, Uint8Array>;
    };
export type PlannerAnswer =
  /** A plan job's results, and the plans between centres it searched (`writePlan`) by their names. */
  | { results: SearchResult[]; made: Record<string, Uint8Array> }
  /** A build's timetable, and the digest of what plans on it depend on (`planDigest`). */
  | { shared: SharedArrayBuffer; digest: string };

/**
 * Shared memory as posted, with the number the pool gave it: a `SharedArrayBuffer` arrives as a new
 * object with every message, so the number tells a worker whether it already has views on that memory.
 */
export type Posted<T> = { id: number; shared: T };
export type PostedFeeds = Posted<NetworkFeedBuffers>;

// Planning is background work: the main thread answering requests and keeping time limits goes first.
lowerThreadPriority((workerData as { nice?: number } | undefined)?.nice ?? 0);
const refdata = loadRefdata();
settleHeap();
/** The timetable each week plans on, by week, with the number of its shared memory. */
const held = new Map<string, { id: number; net: DoorNetwork }>();
/** Views on each shared timetable held, by its number. */
const views = new Map<number, DoorNetwork>();
/** The inventory over the feeds the jobs bring: made at the first job, again only if other feeds come. */
let current: { id: number; inventory: Inventory } | undefined;

function inventoryOf(feeds: PostedFeeds): Inventory {
  if (current?.id !== feeds.id) {
    const inventory = Inventory.forDoorToDoor(refdata, sharedFeeds(feeds.shared));
    inventory.doorToDoor?.useShared((key) => held.get(key)?.net);
    current = { id: feeds.id, inventory };
  }
  return current.inventory;
}

function answer(job: PlannerJob): PlannerAnswer {
  const inventory = inventoryOf(job.feeds);
  const planner = inventory.doorToDoor as NonNullable<Inventory['doorToDoor']>;
  if (job.kind === 'build') {
    const shared = planner.share(job.date);
    // What building left behind goes now: the timetable itself is in shared memory.
    settleHeap();
    return { shared, digest: planner.planDigest(shared) };
  }
  for (const [key, { id, shared }] of Object.entries(job.networks)) {
    if (held.get(key)?.id === id) continue;
    // Weeks of one calendar plan on one timetable: one set of views on it.
    let net = views.get(id);
    if (!net) {
      net = sharedNetwork(shared);
      views.set(id, net);
    }
    held.set(key, { id, net });
  }
  const live = new Set([...job.live, ...Object.keys(job.networks)]);
  const before = views.size;
  for (const key of held.keys()) if (!live.has(key)) held.delete(key);
  const used = new Set([...held.values()].map((h) => h.id));
  for (const id of views.keys()) if (!used.has(id)) views.delete(id);
  // Plans between centres come from those kept, or are searched and handed back to be kept.
  const made: Record<string, Uint8Array> = {};
  planner.exchangeWith({
    given: (p, loaded) => {
      const name = centrePlanName(p);
      const bytes = name === undefined ? undefined : job.kept?.[name];
      return bytes && planner.readPlan(bytes, loaded);
    },
    made: (p, loaded, journeys) => {
      const name = centrePlanName(p);
      if (name !== undefined && !job.kept?.[name]) made[name] = planner.writePlan(journeys, loaded);
    },
  });
  let results: SearchResult[];
  try {
    results = planDoorToDoor(inventory, job.request, job.supplier);
  } finally {
    planner.exchangeWith(undefined);
  }
  // A timetable let go is freed once no thread has a view on it: this thread, which allocates little and
  // so collects rarely, lets go of its views now.
  if (views.size < before) settleHeap();
  return { results, made };
}

parentPort?.on('message', ({ id, payload }: WorkerJob<PlannerJob>) => {
  try {
    parentPort?.postMessage({ id, result: answer(payload) } satisfies WorkerAnswer<PlannerAnswer>);
  } catch (e) {
    parentPort?.postMessage({ id, error: String(e) } satisfies WorkerAnswer<PlannerAnswer>);
  }
});
parentPort?.postMessage({ id: 0 } satisfies WorkerAnswer<PlannerAnswer>);
