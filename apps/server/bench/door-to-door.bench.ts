// `npm run bench:doors -w apps/server`: door-to-door planning on one thread, city centre to city centre for
// every ordered pair of twelve cities on two days, as a planner worker does it for a search. Prints
// figures; never fails on speed.
import { performance } from 'node:perf_hooks';
import { addDays, localMidnight } from '@junction/domain';
import { loadRefdata } from '@junction/refdata';
import { Inventory } from '../src/features/search/inventory/inventory';
import { planDoorToDoor } from '../src/features/search/suppliers/door-to-door/door-to-door-supplier';
import type { SupplierRequest } from '../src/features/search/suppliers/supplier';

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

/** Times `once` for every pair and day, twice over (the first round warms the engine up), and prints them. */
function measure(
  label: string,
  once: (from: (typeof pairs)[number][0], to: (typeof pairs)[number][1], date: string) => number,
) {
  const times: number[] = [];
  let count = 0;
  for (let round = 0; round < 2; round++) {
    times.length = 0;
    count = 0;
    for (const date of days) {
      for (const [from, to] of pairs) {
        const t = performance.now();
        count += once(from, to, date);
        times.push(performance.now() - t);
      }
    }
  }
  times.sort((a, b) => a - b);
  const q = (f: number) => (times[Math.floor(f * (times.length - 1))] ?? 0).toFixed(1);
  const mean = times.reduce((s, t) => s + t, 0) / times.length;
  console.log(
    `${label}, centre to centre, ${pairs.length} city pairs × ${days.length} days on one thread: mean ${mean.toFixed(1)} ms, p50 ${q(0.5)} ms, p95 ${q(0.95)} ms, max ${q(1)} ms; ${(count / times.length).toFixed(1)} per plan`,
  );
}

measure(
  'door-to-door plans (journeys)',
  (from, to, date) =>
    planner.plan({ from, to, fromCity: from, toCity: to, date, dayStart: localMidnight(date, from.tz) }).journeys
      .length,
);
// What a planner worker does for a search: the same planning, then each journey built leg by leg and
// priced, the plans worth showing kept and assembled as results.
const supplier = { id: 'doors', name: { en: 'Junction', 'zh-CN': '联程' } };
measure('a planner worker’s job for a search (results)', (from, to, date) => {
  const request: SupplierRequest = {
    cabin: 'Y',
    party: { adults: 1, children: 0, infants: 0 },
    today,
    trips: [{ date, bounds: [{ date, from, to, fromOnly: false, toOnly: false }] }],
  };
  return planDoorToDoor(inv, request, supplier).length;
});
