// `npx tsx bench/memory-parts.ts` (in apps/server): where a process's memory goes, part by part, as the
// server holds it: the reference data, the schedules and packed door-to-door feeds of the main thread,
// then what a planner thread adds on them (its reference data, a week's timetable's views and engine,
// the engine's scratch grown by planning every pair of twelve cities), and a second and third week.
// Each figure is the growth of the heap in use, of memory outside the heap (typed arrays, buffers) and
// of the resident set, after a full collection. Prints figures with the load average; never fails.
import os from 'node:os';
import { addDays, localMidnight } from '@junction/domain';
import { loadRefdata } from '@junction/refdata';
import { networkKey, sharedNetwork } from '../src/features/search/inventory/door-to-door';
import { Inventory } from '../src/features/search/inventory/inventory';
import { settleHeap } from '../src/lib/memory';

const mb = (n: number) => (n / 1048576).toFixed(1);
let last = process.memoryUsage();
/** Prints what the part just made holds, after a full collection. */
function part(label: string): void {
  settleHeap();
  const now = process.memoryUsage();
  console.log(
    `${label.padEnd(58)} heap +${mb(now.heapUsed - last.heapUsed).padStart(6)} MB, outside the heap +${mb(now.external - last.external).padStart(6)} MB, rss +${mb(now.rss - last.rss).padStart(6)} MB (rss ${mb(now.rss)} MB, heap committed ${mb(now.heapTotal)} MB)`,
  );
  last = now;
}
console.log(
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
part('node and the modules');
const refdata = loadRefdata();
part('reference data');
const inv = Inventory.load(refdata, true);
part('schedules, packed door-to-door feeds (main thread)');
const feeds = inv.doorFeeds;
const main = inv.doorToDoor;
if (!feeds || !main) throw new Error('no door-to-door feeds');
const today = new Date().toISOString().slice(0, 10);
const weeks = [9, 16, 23].map((d) => addDays(today, d));
const buffers = weeks.map((date) => main.share(date));
part(`three weeks' timetables in shared memory (${buffers.map((b) => mb(b.byteLength)).join(', ')} MB)`);
// What a planner thread holds: its own reference data and inventory over the shared feeds.
const workerRefdata = loadRefdata();
const worker = Inventory.forDoorToDoor(workerRefdata, feeds);
part("a planner thread's reference data and inventory");
const planner = worker.doorToDoor;
if (!planner) throw new Error('no planner');
const nets = new Map<string, ReturnType<typeof sharedNetwork>>();
planner.useShared((key) => nets.get(key));
const CITIES = ['BJS', 'SHA', 'CAN', 'SZX', 'CTU', 'XIY', 'HGH', 'WUH', 'CKG', 'NKG', 'TSN', 'CSX'];
const city = (code: string) => {
  const place = refdata.places.findByCode(code).find((p) => p.kind === 'city');
  if (!place) throw new Error(`no city ${code}`);
  return place;
};
for (const [w, date] of weeks.entries()) {
  nets.set(networkKey(date), sharedNetwork(buffers[w] as SharedArrayBuffer));
  part(`week ${w + 1}: the timetable's views, stop grid and engine`);
  for (const a of CITIES)
    for (const b of CITIES)
      if (a !== b)
        planner.plan({
          from: city(a),
          to: city(b),
          fromCity: city(a),
          toCity: city(b),
          date,
          dayStart: localMidnight(date, city(a).tz),
        });
  part(`week ${w + 1}: after planning 132 pairs (scratch grown, closed stops)`);
}
