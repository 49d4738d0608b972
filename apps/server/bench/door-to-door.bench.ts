// `npm run bench:doors -w apps/server`: door-to-door planning on one thread, city centre to city centre for
// every ordered pair of twelve cities on two days, as a planner worker does it for a search. Prints
// figures; never fails on speed.
import { performance } from 'node:perf_hooks';
import { addDays, localMidnight } from '@junction/domain';
import { loadRefdata } from '@junction/refdata';
import { Inventory } from '../src/features/search/inventory/inventory';

const CITIES = ['BJS', 'SHA', 'CAN', 'SZX', 'CTU', 'XIY', 'HGH', 'WUH', 'CKG', 'NKG', 'TSN', 'CSX'];
const refdata = loadRefdata();
const inv = Inventory.load(refdata, true);
const planner = inv.doorToDoor;
if (!planner) throw new Error('no door-to-door planner');
const city = (code: string) => {
  const place = refdata.places.findByCode(code).find((p) => p.kind === 'city');
  if (!place) throw new Error(`no city ${code}`);
  return place;
};
const today = new Date().toISOString().slice(0, 10);
const days = [addDays(today, 9), addDays(today, 10)];
const t0 = performance.now();
for (const date of days) planner.network(date);
console.log(`timetables of ${days.length} days' weeks built in ${(performance.now() - t0).toFixed(0)} ms`);

const pairs = CITIES.flatMap((a) => CITIES.filter((b) => b !== a).map((b) => [city(a), city(b)] as const));
const times: number[] = [];
let journeys = 0;
for (let round = 0; round < 2; round++) {
  times.length = 0;
  journeys = 0;
  for (const date of days) {
    for (const [from, to] of pairs) {
      const t = performance.now();
      const out = planner.plan({
        from,
        to,
        fromCity: from,
        toCity: to,
        date,
        dayStart: localMidnight(date, from.tz),
      });
      times.push(performance.now() - t);
      journeys += out.journeys.length;
    }
  }
}
times.sort((a, b) => a - b);
const q = (f: number) => (times[Math.floor(f * (times.length - 1))] ?? 0).toFixed(1);
const mean = times.reduce((s, t) => s + t, 0) / times.length;
console.log(
  `door-to-door plans, centre to centre, ${pairs.length} city pairs × ${days.length} days on one thread: mean ${mean.toFixed(1)} ms, p50 ${q(0.5)} ms, p95 ${q(0.95)} ms, max ${q(1)} ms; ${(journeys / times.length).toFixed(1)} journeys per plan`,
);
