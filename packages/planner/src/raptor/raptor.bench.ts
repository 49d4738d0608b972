// `npm run bench -w packages/planner`: the engine on a generated network, and against the reference
// planner on a smaller one. Prints figures; never fails on speed.
import { performance } from 'node:perf_hooks';
import { referenceSample, rng } from '../bench/stats';
import { referencePlan } from '../reference/reference-planner';
import { buildTimetable } from '../timetable/build-timetable';
import type { TransferInput, TripInput } from '../timetable/timetable';
import type { Outcome, Query } from './query';
import { McRaptor } from './raptor';

/** Lines between random stops, each run every `headway` over a day, with distance-based fares. */
function network(stopCount: number, lineCount: number, tripsPerLine: number, seed: number) {
  const rand = rng(seed);
  const trips: TripInput[] = [];
  for (let l = 0; l < lineCount; l++) {
    const len = 2 + Math.floor(rand() * 5);
    const stops = new Set<number>();
    while (stops.size < len) stops.add(Math.floor(rand() * stopCount));
    const seq = [...stops];
    const legs = seq.map(() => 600 + Math.floor(rand() * 7200));
    const farePerLeg = seq.map(() => 1000 + Math.floor(rand() * 40000));
    const first = Math.floor(rand() * 6 * 3600);
    const headway = 1800 + Math.floor(rand() * 3 * 3600);
    for (let k = 0; k < tripsPerLine; k++) {
      let time = first + k * headway;
      const arrivals: number[] = [];
      const departures: number[] = [];
      const fareAt: number[] = [];
      let fare = 0;
      seq.forEach((_, i) => {
        if (i > 0) {
          time += legs[i] as number;
          fare += farePerLeg[i] as number;
        }
        arrivals.push(time);
        departures.push(i === 0 ? time : time + 120);
        if (i > 0) time += 120;
        fareAt.push(fare);
      });
      trips.push({ stops: seq, arrivals, departures, fareAt, boardFee: 2000 });
    }
  }
  const transfers: TransferInput[] = [];
  for (let s = 0; s < stopCount; s++) {
    if (rand() < 0.3)
      transfers.push({
        from: s,
        to: Math.floor(rand() * stopCount),
        seconds: 900 + Math.floor(rand() * 3600),
        price: Math.floor(rand() * 15000),
      });
  }
  const change = Array.from({ length: stopCount }, () => 1800 + Math.floor(rand() * 3600));
  return { stopCount, trips: trips, transfers: transfers.filter((t) => t.from !== t.to), change, rand };
}

const criteria = (outcomes: Outcome[]) => outcomes.map((o) => [o.arrival, o.price, o.transfers].join(' ')).join(',');
const sameCriteria = (a: Outcome[], b: Outcome[]) => criteria(a) === criteria(b);

function percentile(sorted: number[], p: number): string {
  return (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0).toFixed(2);
}

function run(
  label: string,
  stopCount: number,
  lines: number,
  tripsPerLine: number,
  queries: number,
  /** How many of the queries also go through the reference planner. */
  referenceQueries: number,
) {
  const withReference = referenceQueries > 0;
  const n = network(stopCount, lines, tripsPerLine, 2026);
  const heapBefore = process.memoryUsage().heapUsed;
  const t0 = performance.now();
  const tt = buildTimetable({
    stopCount: n.stopCount,
    stopChangeSec: n.change,
    trips: n.trips,
    transfers: n.transfers,
  });
  const buildMs = performance.now() - t0;
  const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20;
  const engine = new McRaptor(tt);
  const times: number[] = [];
  let refMs = 0;
  let fastMs = 0;
  let agree = 0;
  let compared = 0;
  for (let i = 0; i < queries; i++) {
    const q: Query = {
      departAt: Math.floor(n.rand() * 8 * 3600),
      access: [{ stop: Math.floor(n.rand() * stopCount), seconds: 1200, price: 5000 }],
      egress: [{ stop: Math.floor(n.rand() * stopCount), seconds: 1200, price: 5000 }],
      maxTransfers: withReference ? 2 : 3,
    };
    const a = performance.now();
    const fast = engine.plan(q);
    const took = performance.now() - a;
    times.push(took);
    if (i < referenceQueries) {
      const b = performance.now();
      const slow = referencePlan(tt, q);
      refMs += performance.now() - b;
      fastMs += took;
      compared++;
      if (sameCriteria(fast, slow)) agree++;
    }
  }
  times.sort((x, y) => x - y);
  console.log(
    `${label}: ${stopCount} stops, ${tt.routeCount} routes, ${n.trips.length} trips, ${n.transfers.length} ground transfers`,
  );
  console.log(
    `  build ${buildMs.toFixed(0)} ms, ~${heapMb.toFixed(0)} MB; ${queries} queries: p50 ${percentile(times, 50)} ms, p95 ${percentile(times, 95)} ms, p99 ${percentile(times, 99)} ms`,
  );
  if (withReference) {
    console.log(
      `  reference planner: ${(refMs / Math.max(fastMs, 1e-9)).toFixed(0)}× slower, agreement ${agree}/${compared} (${((100 * agree) / compared).toFixed(0)} %)`,
    );
  }
}

run('small network against the reference', 120, 150, 10, 100, referenceSample(100, 40));
run('generated network', 5_000, 4_000, 24, 300, 0);
