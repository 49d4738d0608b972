import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { addDays, daysBetween, type LocalText, localMidnight, type SearchResult } from '@junction/domain';
import type { Config } from '../../../../config';
import { workerHeapLimits } from '../../../../lib/memory';
import { SharedComputations } from '../../../../lib/shared-computations';
import { PoolFullError, WorkerPool } from '../../../../lib/worker-pool';
import { centrePlanName, networkKey, weekCalendar } from '../../inventory/door-to-door';
import { feedBuffers, type NetworkFeeds, timetableFeeds } from '../../inventory/network-feeds';
import type { KeptPlanStore } from '../../stores/kept-plans-store';
import { type Bound, SupplierError, type SupplierRequest } from '../supplier';
import type { DoorToDoorRunner } from './door-to-door-supplier';
import type { PlannerAnswer, PlannerJob, PostedFeeds } from './planner.worker';

export type PlannerPoolOptions = {
  /** Worker threads at most; the cores by default. They share the timetables. */
  workers: number;
  /** Jobs waiting for a worker at most; one more is told at once that the planner is busy. */
  maxQueue: number;
  /**
   * The workers' nice value (Linux; 5 by default): they yield the cores to the main thread, which
   * answers the requests and ends every search at its time limit whatever the planner is doing.
   */
  nice?: number;
  /**
   * Timetables the process keeps (5 by default), each serving the weeks of one calendar (about 18 MB: nine days
   * of the network): searches over a month of dates plan without building any again.
   */
  timetables?: number;
};

export const defaultPlannerPool = (): PlannerPoolOptions => ({ workers: availableParallelism(), maxQueue: 64 });
const DEFAULT_NICE = 5;
const DEFAULT_TIMETABLES = 5;

/** The planner pool as configured. */
export const plannerPoolOptions = (config: Config): PlannerPoolOptions => ({
  workers: config.SEARCH_PLANNER_WORKERS,
  maxQueue: config.SEARCH_PLANNER_QUEUE,
  nice: config.SEARCH_PLANNER_NICE,
  timetables: config.SEARCH_PLANNER_TIMETABLES,
});

/** A timetable built in shared memory, and the digest of what plans on it depend on (`planDigest`). */
type Built = { shared: SharedArrayBuffer; digest: string };

/**
 * The key of a plan between two places' centres in the store: the digest of its timetable's build, the two
 * places (their ids, cities and points) and the start of its day from the timetable's epoch (the midnight,
 * UTC, before the week's first day). Every week of a calendar plans on one build, so the plan of a pair of
 * places on a day serves the same day of each such week, in every process.
 */
export function keptPlanKey(digest: string, b: Pick<Bound, 'date' | 'from' | 'to'>): string {
  const epochMs = Date.parse(`${addDays(networkKey(b.date), -1)}T00:00:00Z`);
  const place = (p: Bound['from']) => `${p.id}/${p.cityCode}@${p.lat},${p.lon}`;
  return `${digest}|${place(b.from)}>${place(b.to)}|${localMidnight(b.date, b.from.tz) - epochMs}`;
}

/** The plans kept under these keys; none when the store cannot be read (the plans are then searched). */
const readKept = (store: KeptPlanStore, keys: string[]): Promise<Map<string, Uint8Array>> =>
  store.read(keys).catch(() => new Map());

/** The priority of plan jobs over timetable builds in the workers' queue. */
const PLAN_FIRST = 1;

/** Compiled (`npm start`), the worker is JavaScript beside the server's; from sources, TypeScript run by tsx. */
const compiled = import.meta.url.endsWith('.js');
/**
 * A planner thread's young generation, megabytes: two halves of 8 MB. A search plan allocates about 5 MB
 * (its journeys drafted, priced and built; the engine's scratch space is made once), so a half holds one
 * plan's objects and most die young; the 32 MB the main thread's setting would give a planner thread
 * held nothing more.
 */
const PLANNER_YOUNG_MB = 24;
const spawn = (nice: number) => () => {
  const workerData = { nice };
  const resourceLimits = workerHeapLimits(PLANNER_YOUNG_MB);
  return compiled
    ? new Worker(new URL('./planner.worker.js', import.meta.url), { resourceLimits, workerData })
    : new Worker(new URL('./planner.worker.ts', import.meta.url), {
        execArgv: ['--import', 'tsx'],
        resourceLimits,
        workerData,
      });
};

/**
 * The door-to-door planner of a process: a pool of worker threads sized to the cores, and the feeds and
 * timetables once per process in shared memory. The feeds, read and packed by the process (`serve`),
 * come with every job. A date's timetable is built from them by one worker at the first search that
 * needs it (searches on that date arriving meanwhile wait for the same build) and then handed to every
 * worker with the jobs that plan on it: posting a `SharedArrayBuffer` shares it.
 */
export class PlannerPool {
  readonly workers: WorkerPool<PlannerJob, PlannerAnswer>;
  /** Timetables kept at most. */
  private readonly keep: number;
  /** The shared timetables, by the week each was built for. */
  private networks: SharedComputations<Built>;
  /**
   * The week whose timetable serves a week: the first week asked with its calendar (`weekCalendar`), whose
   * build every week of that calendar plans on, each on its own dates.
   */
  private bases = new Map<string, string>();
  private byCalendar = new Map<string, string>();
  /** Timetables built since the pool started. */
  private builds = 0;
  /** Plans between centres taken from the store, and searched plans handed to it, since the pool started. */
  private keptTaken = 0;
  private keptMade = 0;
  private feeds?: { of: NetworkFeeds; posted: PostedFeeds };
  /** Numbers of the shared memory posted, so that a worker knows what it has views on already. */
  private readonly ids = new WeakMap<object, number>();
  private lastId = 0;

  constructor(options: PlannerPoolOptions) {
    this.keep = options.timetables ?? DEFAULT_TIMETABLES;
    this.networks = new SharedComputations(this.keep);
    this.workers = new WorkerPool({
      spawn: spawn(options.nice ?? DEFAULT_NICE),
      size: options.workers,
      maxQueue: options.maxQueue,
    });
  }

  /** Plans on timetables built from these feeds (the process's, packed in shared memory) from now on. */
  serve(feeds: NetworkFeeds): void {
    if (this.feeds?.of === feeds) return;
    const first = !this.feeds;
    this.feeds = { of: feeds, posted: { id: this.idOf(feeds), shared: feedBuffers(feeds) } };
    // Timetables built from other feeds are let go.
    if (!first) {
      this.networks = new SharedComputations(this.keep);
      this.bases = new Map();
      this.byCalendar = new Map();
    }
  }

  private idOf(shared: object): number {
    let id = this.ids.get(shared);
    if (id === undefined) {
      id = ++this.lastId;
      this.ids.set(shared, id);
    }
    return id;
  }

  private posted(): PostedFeeds {
    if (!this.feeds) throw new Error('door-to-door planning needs the feeds');
    return this.feeds.posted;
  }

  /**
   * Plans on these feeds and builds the timetable serving `date` now, in a worker, while the process
   * serves: the first searches on any week of its calendar then find it built.
   */
  prepare(feeds: NetworkFeeds, date: string): void {
    this.serve(feeds);
    this.network(networkKey(date), new AbortController().signal).catch(() => {});
  }

  /** The week whose build serves `week`: the first week asked with its calendar. */
  private baseOf(week: string): string {
    let base = this.bases.get(week);
    if (base === undefined) {
      const feeds = this.feeds?.of;
      if (!feeds) throw new Error('door-to-door planning needs the feeds');
      const calendar = weekCalendar(timetableFeeds(feeds), week);
      base = this.byCalendar.get(calendar) ?? week;
      this.byCalendar.set(calendar, base);
      this.bases.set(week, base);
    }
    return base;
  }

  /**
   * The shared timetable serving a key (`networkKey`: a week): the one built for the first week asked with
   * its calendar, built at most once at a time; the build is dropped when nobody waits.
   */
  network(key: string, signal: AbortSignal): Promise<Built> {
    const feeds = this.posted();
    const base = this.baseOf(key);
    return this.networks.get(base, signal, (buildSignal) => {
      this.builds++;
      return this.workers.run({ kind: 'build', date: base, feeds }, base, buildSignal).then((built) => {
        if (!('shared' in built)) throw new Error('the planner built no timetable');
        return built;
      });
    });
  }

  /** The weeks whose timetables the process keeps or is building. */
  private liveWeeks(): string[] {
    const kept = new Set(this.networks.keys());
    return [...this.bases].filter(([, base]) => kept.has(base)).map(([week]) => week);
  }

  /**
   * Door-to-door plans for a request, on the shared timetables of its dates. With a store, plans between
   * places' centres any planner kept (`KeptPlanStore`) are taken instead of searched, and those searched
   * here are kept there.
   */
  async plan(
    request: SupplierRequest,
    supplier: { id: string; name: LocalText },
    signal: AbortSignal,
    store?: KeptPlanStore,
  ) {
    // Each journey plans on the timetable of its week.
    const bounds = request.trips[0]?.bounds ?? [];
    const keys = [...new Set(bounds.map((b) => networkKey(b.date)))];
    const builds = await Promise.all(keys.map((key) => this.network(key, signal)));
    const digests = new Map(keys.map((key, i) => [key, (builds[i] as Built).digest]));
    // The store's key of each plan between centres, by its name in the job.
    const storeKeys = new Map<string, string>();
    for (const b of bounds) {
      const name = centrePlanName({ ...b, fromCentre: !b.fromDoor, toCentre: !b.toDoor });
      if (name !== undefined) storeKeys.set(name, keptPlanKey(digests.get(networkKey(b.date)) as string, b));
    }
    const found = store && storeKeys.size > 0 ? await readKept(store, [...storeKeys.values()]) : new Map();
    const kept: Record<string, Uint8Array> = {};
    for (const [name, key] of storeKeys) {
      const plan = found.get(key);
      if (plan) kept[name] = plan;
    }
    this.keptTaken += Object.keys(kept).length;
    const answer = await this.workers.run(
      {
        kind: 'plan',
        feeds: this.posted(),
        request,
        supplier,
        networks: Object.fromEntries(
          keys.map((key, i) => {
            const { shared } = builds[i] as Built;
            return [key, { id: this.idOf(shared), shared }];
          }),
        ),
        live: this.liveWeeks(),
        kept,
      },
      sameDayOfWeek(request),
      signal,
      // Planning on a timetable that is there goes before building another: the searches of a week whose
      // timetable is built get their plans in time rather than all waiting for every other week's build.
      PLAN_FIRST,
    );
    if (!('results' in answer)) throw new Error('the planner answered no plans');
    const made = new Map<string, Uint8Array>();
    for (const [name, plan] of Object.entries(answer.made)) {
      const key = storeKeys.get(name);
      if (key !== undefined) made.set(key, plan);
    }
    this.keptMade += made.size;
    // A plan that could not be kept is planned again by the next search that needs it.
    if (store && made.size > 0) store.write(made).catch(() => {});
    return answer.results satisfies SearchResult[];
  }

  /** How long a plan asked for now would wait for a planner thread, ms, from the runs measured lately. */
  expectedPlanWaitMs(): number {
    return this.workers.expectedWaitMs(PLAN_FIRST);
  }

  /** Dates whose timetables are kept or being built, the plans taken from the store and handed to it, and the workers' figures. */
  stats() {
    return {
      ...this.workers.stats(),
      builds: this.builds,
      timetables: this.networks.stats(),
      keptPlans: { taken: this.keptTaken, made: this.keptMade },
    };
  }

  warm(): void {
    this.workers.warm();
  }

  close(): Promise<void> {
    return this.workers.close();
  }
}

/**
 * What a worker that planned a request keeps for another on the same day of another week: its places and
 * doors, and each journey's day in its week. Such requests go to that worker (the pool's key) when it is
 * free, and it takes the plans it made (`DoorToDoorPlanner.plan`) instead of searching again.
 */
const sameDayOfWeek = (request: SupplierRequest): string =>
  (request.trips[0]?.bounds ?? [])
    .map((b) => {
      const end = (p: { lat: number; lon: number } | undefined) => (p ? `${p.lat},${p.lon}` : '');
      const day = daysBetween(networkKey(b.date), b.date);
      return `${end(b.from)}>${end(b.to)}|${end(b.fromDoor)}>${end(b.toDoor)}|${day}`;
    })
    .join(';');

let shared: { key: string; pool: PlannerPool } | undefined;

/** The process's planner pool (one pool whatever the number of apps built in it). */
export function plannerPool(options: PlannerPoolOptions): PlannerPool {
  const key = `${options.workers}/${options.maxQueue}/${options.nice ?? DEFAULT_NICE}/${options.timetables ?? DEFAULT_TIMETABLES}`;
  if (shared?.key !== key) {
    void shared?.pool.close();
    shared = { key, pool: new PlannerPool(options) };
  }
  return shared.pool;
}

/** The process's planner pool if one has started, without starting one. */
export const startedPlannerPool = (): PlannerPool | undefined => shared?.pool;

/**
 * Door-to-door planning in the pool: the planner's CPU never holds up the requests the main thread
 * answers, and a search that waits longer than its time limit leaves the queue.
 */
export const poolDoorToDoor =
  (options: PlannerPoolOptions, feeds: NetworkFeeds, store?: KeptPlanStore): DoorToDoorRunner =>
  async (request, supplier, signal) => {
    try {
      const pool = plannerPool(options);
      pool.serve(feeds);
      return await pool.plan(request, supplier, signal, store);
    } catch (e) {
      if (e instanceof PoolFullError) throw new SupplierError(supplier.id, 'the planner is busy');
      throw e;
    }
  };
