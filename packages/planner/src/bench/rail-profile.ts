// Profiling aid: the rail class of the feeds benchmark alone (`node --cpu-prof --import tsx src/bench/rail-profile.ts`).
import { performance } from 'node:perf_hooks';
import { timetableFromGtfs } from '../gtfs/gtfs-timetable';
import type { Query } from '../raptor/query';
import { McRaptor } from '../raptor/raptor';
import { busiest, PLANNING, readFeed } from './real-feeds';
import { percentiles, rng } from './stats';

const rand = rng(2026);
const DAY = 86_400;
const feed = readFeed('rail', 'rail:');
if (!feed) throw new Error('no rail feed');
const rail = timetableFromGtfs([feed], {
  firstDate: '2026-11-30',
  days: 3,
  fares: PLANNING.fares,
  changeSeconds: () => 20 * 60,
});
const tt = rail.timetable;
const stations = busiest(rail, 'rail:', 60);
const pick = () => stations[Math.floor(rand() * stations.length)] as number;
const queries: Query[] = Array.from({ length: 200 }, () => {
  const a = pick();
  let b = pick();
  while (b === a) b = pick();
  return {
    departAt: DAY + Math.floor(rand() * DAY),
    access: [{ stop: a, seconds: 0, price: 0 }],
    egress: [{ stop: b, seconds: 0, price: 0 }],
    maxTransfers: 2,
  };
});
const engine = new McRaptor(tt);
console.log(`${tt.stopCount} stops, ${tt.routeCount} routes, ${tt.tripIds.length} trips`);
const rounds = Number(process.argv[2] ?? 5);
const best = new Array<number>(queries.length).fill(Number.POSITIVE_INFINITY);
for (let k = 0; k < rounds; k++) {
  const times: number[] = [];
  let n = 0;
  const cpu0 = process.cpuUsage();
  for (const [x, q] of queries.entries()) {
    const t0 = performance.now();
    n += engine.plan(q).length;
    const took = performance.now() - t0;
    times.push(took);
    best[x] = Math.min(best[x] as number, took);
  }
  const cpu = process.cpuUsage(cpu0);
  console.log(
    `round ${k}: ${percentiles(times)}, ${(n / queries.length).toFixed(1)} journeys each, CPU ${((cpu.user + cpu.system) / 1000 / queries.length).toFixed(2)} ms a query`,
  );
}
console.log(`fastest of ${rounds} runs of each query: ${percentiles(best)}`);
