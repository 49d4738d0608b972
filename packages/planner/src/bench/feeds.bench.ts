// `npm run bench -w packages/planner`, part two: the engine on the generated GTFS feeds of the data
// build, by class of query, each against the reference planner on a sample. Prints; never fails on speed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { distanceKm } from '@junction/domain';
import { StopGrid, taxiAccess } from '../ground/ground';
import type { LoadedTimetable } from '../gtfs/gtfs-timetable';
import { timetableFromGtfs } from '../gtfs/gtfs-timetable';
import { type PackedFeed, packFeed } from '../gtfs/packed-feed';
import type { GtfsFeed } from '../gtfs/read-gtfs';
import type { Access, Outcome, Query } from '../raptor/query';
import { McRaptor } from '../raptor/raptor';
import { referencePlan } from '../reference/reference-planner';
import { busiest, chinaFlights, GTFS_DIR, loadNetwork, PLANNING, readFeed } from './real-feeds';
import { FULL_BENCH, heapMb, percentiles, referenceSample, rng, sameCriteria } from './stats';

const FIRST_DATE = '2026-11-30';
const DAY = 86_400;
const rand = rng(2026);
const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;

/** Time spent in the steps `timed` measured, without the collections it forces around them. */
let stepsMs = 0;

function timed<T>(label: string, work: () => T): T {
  const heap = heapMb();
  const t0 = performance.now();
  const value = work();
  const ms = performance.now() - t0;
  stepsMs += ms;
  console.log(`  ${label}: ${ms.toFixed(0)} ms, heap +${(heapMb() - heap).toFixed(0)} MB`);
  return value;
}

function connections(feed: PackedFeed): number {
  let n = 0;
  for (let t = 0; t < feed.tripCount; t++)
    n += Math.max(0, (feed.tripTimeStart[t + 1] as number) - (feed.tripTimeStart[t] as number) - 1);
  return n;
}

/** A stop and the others of its prefix within `km`: the airports of a city. */
function around(loaded: LoadedTimetable, stop: number, km: number): Access[] {
  const at = loaded.stopPoints[stop] as { lat: number; lon: number };
  const prefix = (loaded.stopIds[stop] ?? '').split(':')[0] ?? '';
  return loaded.stopPoints.flatMap((p, s) =>
    loaded.stopIds[s]?.startsWith(prefix) && distanceKm(at, p) <= km ? [{ stop: s, seconds: 0, price: 0 }] : [],
  );
}

type Class = {
  name: string;
  engine: McRaptor;
  loaded: LoadedTimetable;
  queries: Query[];
  check?: (o: Outcome[]) => boolean;
  /** Changes the default (quick) reference comparison allows. */
  referenceChanges?: 0 | 1;
};

/**
 * The reference planner tries every combination, so its cost grows with the access stops and, steeply,
 * with the changes allowed. `--full` compares with at most one change from every access stop; by default
 * the comparison starts at the 4 nearest stops, with `maxChanges` (one, or none on the door-to-door
 * network, where one change takes minutes a query). Both planners get the same narrowed query.
 */
const narrowForReference = (q: Query, maxChanges: 0 | 1): Query =>
  FULL_BENCH
    ? { ...q, maxTransfers: Math.min(1, q.maxTransfers) }
    : {
        ...q,
        access: q.access.slice(0, 4),
        egress: q.egress.slice(0, 4),
        maxTransfers: Math.min(maxChanges, q.maxTransfers),
      };

function runClass(c: Class, sample: number): void {
  for (const q of c.queries.slice(0, 10)) c.engine.plan(q);
  const times: number[] = [];
  let outcomes = 0;
  let checked = 0;
  for (const q of c.queries) {
    const t0 = performance.now();
    const out = c.engine.plan(q);
    times.push(performance.now() - t0);
    outcomes += out.length;
    if (!c.check || c.check(out)) checked++;
  }
  console.log(
    `${c.name}: ${c.queries.length} queries, ${(outcomes / c.queries.length).toFixed(1)} Pareto journeys each`,
  );
  console.log(
    `  ${percentiles(times)}${c.check ? `; ${checked}/${c.queries.length} as expected` : ''} (load average ${os.loadavg()[0]?.toFixed(1)})`,
  );
  // The reference planner tries every combination: at most one change, on a sample.
  let fastMs = 0;
  let refMs = 0;
  let agree = 0;
  const few = c.queries.slice(0, sample).map((q) => narrowForReference(q, c.referenceChanges ?? 1));
  const changes = few[0]?.maxTransfers ?? 1;
  for (const q of few) {
    const a = performance.now();
    const fast = c.engine.plan(q);
    fastMs += performance.now() - a;
    const b = performance.now();
    const slow = referencePlan(c.loaded.timetable, q);
    refMs += performance.now() - b;
    if (sameCriteria(fast, slow)) agree++;
  }
  console.log(
    `  reference planner (≤ ${changes} change${changes === 1 ? '' : 's'}, ${few.length} queries): ${(refMs / Math.max(fastMs, 1e-9)).toFixed(0)}× slower, agreement ${agree}/${few.length} (${((100 * agree) / Math.max(1, few.length)).toFixed(0)} %)`,
  );
}

console.log(
  FULL_BENCH
    ? 'full comparison with the reference planner (--full)'
    : 'the reference planner on a few queries per class (--full for all of each sample)',
);
console.log(
  `loading the feeds of data/gtfs (load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')})`,
);
const t0 = performance.now();
// Each feed is read and packed (as the search server does, which keeps only the packed feeds): the world's
// flights, and apart from them those touching Greater China, for the door-to-door network.
const { flightFeed, chinaFeed } = timed('read flights.zip', () => {
  const feed = readFeed('flights', 'air:') as GtfsFeed;
  return { flightFeed: packFeed(feed), chinaFeed: packFeed(chinaFlights(feed)) };
});
const railFeed = timed('read rail.zip', () => packFeed(readFeed('rail', 'rail:') as GtfsFeed));
const metroFeed = fs.existsSync(path.join(GTFS_DIR, 'metro.zip'))
  ? timed('read metro.zip', () => packFeed(readFeed('metro', 'metro:') as GtfsFeed))
  : undefined;
const world = timed('world flights, 3 days', () =>
  timetableFromGtfs([flightFeed], {
    firstDate: FIRST_DATE,
    days: 3,
    fares: PLANNING.fares,
    changeSeconds: () => 90 * 60,
  }),
);
const rail = timed('China Railway, 3 days', () =>
  timetableFromGtfs([railFeed], {
    firstDate: FIRST_DATE,
    days: 3,
    fares: PLANNING.fares,
    changeSeconds: () => 20 * 60,
  }),
);
const doorFeeds = [railFeed, chinaFeed, ...(metroFeed ? [metroFeed] : [])];
const door = timed(
  `door to door (rail + Greater China flights${metroFeed ? ' + Beijing and Shanghai metro' : ''} + taxis), 3 days`,
  () => loadNetwork(doorFeeds, FIRST_DATE, 3),
);
const engines = timed('engines (the routes’ least run times)', () => ({
  world: new McRaptor(world.timetable),
  rail: new McRaptor(rail.timetable),
  door: new McRaptor(door.timetable),
}));
const loadMs = performance.now() - t0;
const tripCount = [world, rail, door].reduce((n, l) => n + l.timetable.tripIds.length, 0);
const connectionCount =
  3 * (connections(flightFeed) + connections(railFeed)) + 3 * doorFeeds.reduce((n, f) => n + connections(f), 0);
console.log(
  `  all: ${(stepsMs / 1000).toFixed(1)} s in the steps (${(loadMs / 1000).toFixed(1)} s with the collections forced between them), heap ${heapMb().toFixed(0)} MB, rss ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MB; ` +
    `${tripCount} trips and ${connectionCount} connections, ${((tripCount / loadMs) * 1000).toFixed(0)} trips/s, ${((connectionCount / loadMs) * 1000).toFixed(0)} connections/s`,
);

// City to city by air: the 40 busiest airports, each with the airports within 60 km.
const hubs = busiest(world, 'air:', 40);
const cityQueries: Query[] = Array.from({ length: 200 }, () => {
  const a = pick(hubs);
  let b = pick(hubs);
  while (b === a) b = pick(hubs);
  return {
    departAt: DAY + Math.floor(rand() * DAY),
    access: around(world, a, 60),
    egress: around(world, b, 60),
    maxTransfers: 2,
  };
});

const stations = busiest(rail, 'rail:', 60);
const railQueries: Query[] = Array.from({ length: 200 }, () => {
  const a = pick(stations);
  let b = pick(stations);
  while (b === a) b = pick(stations);
  const at = (s: number) => [{ stop: s, seconds: 0, price: 0 }];
  return { departAt: DAY + Math.floor(rand() * DAY), access: at(a), egress: at(b), maxTransfers: 2 };
});

// Door to door: addresses around central Beijing to addresses around central Shanghai, at the times
// of day the search server tries (06:00, 10:00, 14:00, 18:00 Beijing time).
const grid = new StopGrid(door.stopPoints);
// Taxis go to stations and airports, as the search server's do; the metro is walked to.
const ends = (p: { lat: number; lon: number }): Access[] =>
  taxiAccess(grid, door.stopPoints, p)
    .filter((a) => !door.stopIds[a.stop]?.startsWith('metro:'))
    .slice(0, 24)
    .map((a) => ({ ...a, seconds: a.seconds + PLANNING.checkInSeconds(door.stopIds[a.stop] ?? '') }));
const doorQueries: Query[] = Array.from({ length: 200 }, (_, i) => ({
  departAt: DAY + ([6, 10, 14, 18][i % 4] as number) * 3600 - 8 * 3600,
  access: ends({ lat: 39.85 + rand() * 0.15, lon: 116.3 + rand() * 0.2 }),
  egress: ends({ lat: 31.15 + rand() * 0.15, lon: 121.4 + rand() * 0.2 }),
  maxTransfers: 2,
}));
const mode = (o: Outcome, prefix: string) =>
  (o.legs ?? []).some((l) => l.kind === 'ride' && door.stopIds[l.boardStop]?.startsWith(prefix));

const code = (c: string) => world.stopIndex.get(`air:${c}`) ?? -1;
const chengdu = [code('CTU'), code('TFU')].filter((s) => s >= 0).map((stop) => ({ stop, seconds: 0, price: 0 }));
const london = around(world, code('LHR'), 60);
const londonQueries: Query[] = Array.from({ length: 100 }, () => ({
  departAt: DAY + Math.floor(rand() * DAY),
  access: chengdu,
  egress: london,
  maxTransfers: 2,
}));

console.log();
runClass(
  {
    name: 'city to city by air (40 busiest airports, world network)',
    engine: engines.world,
    loaded: world,
    queries: cityQueries,
  },
  referenceSample(10, 3),
);
runClass(
  {
    name: 'station to station by rail (60 busiest stations)',
    engine: engines.rail,
    loaded: rail,
    queries: railQueries,
  },
  referenceSample(10, 3),
);
runClass(
  {
    name: 'door to door, Beijing addresses to Shanghai addresses',
    engine: engines.door,
    loaded: door,
    queries: doorQueries,
    check: (out) => out.some((o) => mode(o, 'air:')) && out.some((o) => mode(o, 'rail:')),
    referenceChanges: 0,
  },
  4,
);
runClass(
  {
    name: 'Chengdu to London, world network',
    engine: engines.world,
    loaded: world,
    queries: londonQueries,
    check: (out) => out.some((o) => o.transfers > 0),
  },
  referenceSample(10, 2),
);

// Flexible dates: door to door Beijing → Shanghai, cheapest and earliest for each of ±3 days, on a
// 9-day timetable; against one single-day query and against 7 separate windowed queries.
{
  const flexDays = 3;
  const wide = timed('door-to-door network, 9 days', () => loadNetwork(doorFeeds, FIRST_DATE, 9));
  const engine = new McRaptor(wide.timetable);
  const wideGrid = new StopGrid(wide.stopPoints);
  const wideEnds = (p: { lat: number; lon: number }): Access[] =>
    taxiAccess(wideGrid, wide.stopPoints, p)
      .filter((a) => !wide.stopIds[a.stop]?.startsWith('metro:'))
      .slice(0, 24)
      .map((a) => ({ ...a, seconds: a.seconds + PLANNING.checkInSeconds(wide.stopIds[a.stop] ?? '') }));
  const queries: Query[] = Array.from({ length: 60 }, (_, i) => ({
    departAt: 4 * DAY + ([6, 10, 14, 18][i % 4] as number) * 3600 - 8 * 3600,
    lastDeparture: 4 * DAY + 16 * 3600 - 1,
    access: wideEnds({ lat: 39.85 + rand() * 0.15, lon: 116.3 + rand() * 0.2 }),
    egress: wideEnds({ lat: 31.15 + rand() * 0.15, lon: 121.4 + rand() * 0.2 }),
    maxTransfers: 2,
  }));
  const dayQuery = (q: Query, d: number): Query => ({
    ...q,
    departAt: q.departAt + d * DAY,
    lastDeparture: (q.lastDeparture as number) + d * DAY,
  });
  const ends = (out: Outcome[]) => {
    const cheapest = [...out].sort(
      (a, b) => a.price - b.price || a.arrival - b.arrival || a.transfers - b.transfers,
    )[0];
    const earliest = [...out].sort(
      (a, b) => a.arrival - b.arrival || a.price - b.price || a.transfers - b.transfers,
    )[0];
    return `${cheapest?.price}/${cheapest?.arrival}/${cheapest?.transfers} ${earliest?.price}/${earliest?.arrival}/${earliest?.transfers}`;
  };
  const flexKey = (d: { cheapest?: Outcome; earliest?: Outcome }) =>
    `${d.cheapest?.price}/${d.cheapest?.arrival}/${d.cheapest?.transfers} ${d.earliest?.price}/${d.earliest?.arrival}/${d.earliest?.transfers}`;
  for (const q of queries.slice(0, 8)) engine.planFlexible(q, flexDays);
  const flexTimes: number[] = [];
  const singleTimes: number[] = [];
  const separateTimes: number[] = [];
  let agree = 0;
  let days = 0;
  for (const q of queries) {
    let t = performance.now();
    const flexible = engine.planFlexible(q, flexDays);
    flexTimes.push(performance.now() - t);
    t = performance.now();
    engine.plan(dayQuery(q, 0));
    singleTimes.push(performance.now() - t);
    t = performance.now();
    for (const day of flexible) {
      days++;
      if (ends(engine.plan(dayQuery(q, day.day))) === flexKey(day)) agree++;
    }
    separateTimes.push(performance.now() - t);
  }
  const mean = (l: number[]) => l.reduce((a, b) => a + b, 0) / l.length;
  console.log(
    `±${flexDays}-day flexible, door to door Beijing → Shanghai (cheapest and earliest per day): ${queries.length} queries`,
  );
  console.log(`  planFlexible: ${percentiles(flexTimes)}`);
  console.log(
    `  one single-day plan: ${percentiles(singleTimes)}; ${2 * flexDays + 1} separate plans: ${percentiles(separateTimes)}`,
  );
  console.log(
    `  planFlexible / single-day plan: ${(mean(flexTimes) / mean(singleTimes)).toFixed(1)}× (mean); agreement with separate plans ${agree}/${days} days (${((100 * agree) / days).toFixed(0)} %)`,
  );
  let refAgree = 0;
  let refDays = 0;
  let refMs = 0;
  let flexMs = 0;
  const refQueries = queries.slice(0, 1).map((x) => narrowForReference(x, 0));
  for (const q of refQueries) {
    let t = performance.now();
    const flexible = engine.planFlexible(q, flexDays);
    flexMs += performance.now() - t;
    t = performance.now();
    for (const day of flexible) {
      refDays++;
      if (ends(referencePlan(wide.timetable, dayQuery(q, day.day))) === flexKey(day)) refAgree++;
    }
    refMs += performance.now() - t;
  }
  console.log(
    `  reference planner (≤ ${refQueries[0]?.maxTransfers ?? 1} change(s), 1 query, ${refDays} days): ${(refMs / Math.max(flexMs, 1e-9)).toFixed(0)}× slower, agreement ${refAgree}/${refDays} (${((100 * refAgree) / refDays).toFixed(0)} %)`,
  );
}
