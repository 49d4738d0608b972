// `npm run bench:doors -w apps/server`: door-to-door planning on one thread, city centre to city centre for
// every ordered pair of twelve cities on two days, as a planner worker does it for a search. Prints
// figures with the machine's load average; never fails on speed. With `DOORS_PLANS=<file>` it writes
// every plan's journeys there, or, when the file is there already (written by other code), compares
// them plan by plan: the same journeys, the same arrival, price and changes with other equal journeys,
// or different. With `DOORS_RESULTS=<file>` the same for a planner worker's results: written, or compared
// with the file's plan by plan, exactly. `DOORS_CITIES=BJS,SHA,CTU` plans between those cities only (a shorter run).
import fs from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { isDeepStrictEqual } from 'node:util';
import { addDays } from '@junction/domain';
import { loadRefdata } from '@junction/refdata';
import { DoorToDoorPlanner, networkKey } from '../src/features/search/inventory/door-to-door';
import { Inventory } from '../src/features/search/inventory/inventory';
import { planDoorToDoor } from '../src/features/search/suppliers/door-to-door/door-to-door-supplier';
import type { SupplierRequest } from '../src/features/search/suppliers/supplier';

const CITIES = process.env.DOORS_CITIES?.split(',') ?? [
  'BJS',
  'SHA',
  'CAN',
  'SZX',
  'CTU',
  'XIY',
  'HGH',
  'WUH',
  'CKG',
  'NKG',
  'TSN',
  'CSX',
];
const refdata = loadRefdata();
const inv = Inventory.load(refdata, true);
const feeds = inv.doorFeeds;
if (!feeds) throw new Error('no door-to-door feeds');
// Every timetable the pairs need is kept (a week's, every city's metro in it), so the figures are the
// planning's, not the builds'.
const planner = new DoorToDoorPlanner(feeds, refdata.massTransit, refdata.taxiFares, 64);
inv.doorToDoor = planner;
const city = (code: string) => {
  const place = refdata.places.findByCode(code).find((p) => p.kind === 'city');
  if (!place) throw new Error(`no city ${code}`);
  return place;
};
const today = new Date().toISOString().slice(0, 10);
const days = [addDays(today, 9), addDays(today, 10)];
const load = () =>
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`;
console.log(load());
/** CPU time of this thread, which a busy machine inflates far less than the time on the clock. */
const threadCpuMs = () => {
  const { user, system } = process.threadCpuUsage();
  return (user + system) / 1000;
};
const pairs = CITIES.flatMap((a) => CITIES.filter((b) => b !== a).map((b) => [city(a), city(b)] as const));
const t0 = performance.now();
const keys = new Set<string>();
for (const date of days) {
  const key = networkKey(date);
  if (keys.has(key)) continue;
  keys.add(key);
  planner.network(date);
}
console.log(
  `${keys.size} timetables (one a week, every metro city in it) built in ${(performance.now() - t0).toFixed(0)} ms; rss ${Math.round(process.memoryUsage().rss / 1048576)} MB`,
);
const b0 = performance.now();
const c0 = threadCpuMs();
const shared = planner.share(networkKey(days[0] as string)).byteLength;
console.log(
  `one week's timetable built and laid out in shared memory: ${(performance.now() - b0).toFixed(0)} ms (this thread's CPU ${(threadCpuMs() - c0).toFixed(0)} ms), ${(shared / 1e6).toFixed(1)} MB`,
);

/** Times `once` for every pair and day, twice over (the first round warms the engine up), and prints them. */
function measure(
  label: string,
  once: (from: (typeof pairs)[number][0], to: (typeof pairs)[number][1], date: string) => number,
  onRound?: () => void,
) {
  const times: number[] = [];
  let count = 0;
  let cpu = 0;
  for (let round = 0; round < 2; round++) {
    times.length = 0;
    count = 0;
    onRound?.();
    cpu = threadCpuMs();
    for (const date of days) {
      for (const [from, to] of pairs) {
        const t = performance.now();
        count += once(from, to, date);
        times.push(performance.now() - t);
      }
    }
    cpu = threadCpuMs() - cpu;
  }
  times.sort((a, b) => a - b);
  const q = (f: number) => (times[Math.floor(f * (times.length - 1))] ?? 0).toFixed(1);
  const mean = times.reduce((s, t) => s + t, 0) / times.length;
  console.log(
    `${label}, centre to centre, ${pairs.length} city pairs × ${days.length} days on one thread: mean ${mean.toFixed(1)} ms, p50 ${q(0.5)} ms, p95 ${q(0.95)} ms, max ${q(1)} ms; this thread's CPU ${(cpu / times.length).toFixed(1)} ms a plan; ${(count / times.length).toFixed(1)} per plan (${load()})`,
  );
}

const planOn = (from: (typeof pairs)[number][0], to: (typeof pairs)[number][1], date: string) =>
  planner.planBetween(from, to, date).journeys.length;
// Every round searches afresh: no plan is kept from the round before.
measure('door-to-door plans (journeys)', planOn, () => planner.forgetPlans());
// The same plans a week later, a timetable of the same calendar: each takes the plan its day of the week
// had, on its own dates, while the planner keeps it (the last plans it made). A sample of the pairs.
const kept = pairs.slice(0, 24);
let weekLater = 0;
for (const date of days)
  for (const [from, to] of kept) {
    planner.forgetPlans();
    planOn(from, to, date);
    const c = threadCpuMs();
    planOn(from, to, addDays(date, 7));
    weekLater += threadCpuMs() - c;
  }
console.log(
  `the same plan a week later (the same day of the week, the same calendar): this thread's CPU ${(weekLater / (kept.length * days.length)).toFixed(2)} ms a plan (${load()})`,
);
// What a planner worker does for a search: the same planning, then the plans worth showing chosen, priced,
// built leg by leg and assembled as results.
const supplier = { id: 'doors', name: { en: 'Junction', 'zh-CN': '联程' } };
// The planning's share of the job, by this thread's CPU spent inside the planner.
const plan = planner.plan.bind(planner);
let planningCpu = 0;
let jobs = 0;
planner.plan = (query) => {
  const c = threadCpuMs();
  try {
    return plan(query);
  } finally {
    planningCpu += threadCpuMs() - c;
  }
};
measure(
  'a planner worker’s job for a search (results)',
  (from, to, date) => {
    const request: SupplierRequest = {
      cabin: 'Y',
      party: { adults: 1, children: 0, infants: 0 },
      today,
      trips: [{ date, bounds: [{ date, from, to, fromOnly: false, toOnly: false }] }],
    };
    jobs++;
    return planDoorToDoor(inv, request, supplier).length;
  },
  () => {
    planningCpu = 0;
    jobs = 0;
    planner.forgetPlans();
  },
);
console.log(
  `of a planner worker's job, this thread's CPU a plan: ${(planningCpu / jobs).toFixed(1)} ms planning, the rest building, pricing and choosing the plans`,
);
planner.plan = plan;

// Plans kept for every process (`KeptPlanStore`): each plan's journeys written as bytes, then taken by another
// planner (as in another process, with its own timetable) for the same day of the week a week later,
// instead of searched; compared with searching them there, plan by plan.
{
  const name = (from: string | undefined, to: string | undefined, date: string) => `${from}-${to} ${date}`;
  const kept = new Map<string, Uint8Array>();
  let writeCpu = 0;
  planner.forgetPlans();
  for (const date of days)
    for (const [from, to] of pairs) {
      const { journeys, loaded } = planner.planBetween(from, to, date);
      const c = threadCpuMs();
      kept.set(name(from.cityCode, to.cityCode, date), planner.writePlan(journeys, loaded));
      writeCpu += threadCpuMs() - c;
    }
  const sizes = [...kept.values()].map((b) => b.byteLength);
  const other = new DoorToDoorPlanner(feeds, refdata.massTransit, refdata.taxiFares, 64);
  other.exchangeWith({
    given: (p, loaded) => {
      const bytes = kept.get(name(p.fromCity?.cityCode, p.toCity?.cityCode, addDays(p.date, -7)));
      return bytes && other.readPlan(bytes, loaded);
    },
    made: () => {},
  });
  const later = days.map((d) => addDays(d, 7));
  for (const date of later) other.network(date);
  const times: number[] = [];
  let cpu = 0;
  for (let round = 0; round < 2; round++) {
    times.length = 0;
    other.forgetPlans();
    const c = threadCpuMs();
    for (const date of later)
      for (const [from, to] of pairs) {
        const t = performance.now();
        other.planBetween(from, to, date);
        times.push(performance.now() - t);
      }
    cpu = threadCpuMs() - c;
  }
  let same = 0;
  for (const date of later)
    for (const [from, to] of pairs) {
      other.forgetPlans();
      planner.forgetPlans();
      const taken = other.planBetween(from, to, date).journeys;
      const searched = planner.planBetween(from, to, date).journeys;
      if (isDeepStrictEqual(taken, searched)) same++;
    }
  times.sort((a, b) => a - b);
  const q = (f: number) => (times[Math.floor(f * (times.length - 1))] ?? 0).toFixed(2);
  const mean = times.reduce((t, x) => t + x, 0) / times.length;
  console.log(
    `door-to-door plans kept for every process: written ${(writeCpu / kept.size).toFixed(2)} ms a plan, ${(sizes.reduce((a, b) => a + b, 0) / sizes.length / 1024).toFixed(1)} KB a plan (largest ${(Math.max(...sizes) / 1024).toFixed(1)} KB)`,
  );
  console.log(
    `door-to-door plans taken as kept, centre to centre, ${pairs.length} city pairs × ${later.length} days a week later, by another planner on one thread: mean ${mean.toFixed(2)} ms, p50 ${q(0.5)} ms, p95 ${q(0.95)} ms, max ${q(1)} ms; this thread's CPU ${(cpu / times.length).toFixed(2)} ms a plan; the same journeys as searching them in ${same} of ${times.length} plans (${load()})`,
  );
}

const resultsFile = process.env.DOORS_RESULTS;
if (resultsFile) {
  const results: Record<string, unknown> = {};
  for (const date of days) {
    for (const [from, to] of pairs) {
      const request: SupplierRequest = {
        cabin: 'Y',
        party: { adults: 2, children: 1, infants: 0 },
        today,
        trips: [{ date, bounds: [{ date, from, to, fromOnly: false, toOnly: false }] }],
      };
      results[`${from.cityCode}-${to.cityCode} ${date}`] = planDoorToDoor(inv, request, supplier);
    }
  }
  if (!fs.existsSync(resultsFile)) {
    fs.writeFileSync(resultsFile, JSON.stringify(results));
    console.log(`${Object.keys(results).length} plans' results written to ${resultsFile}`);
  } else {
    const before = JSON.parse(fs.readFileSync(resultsFile, 'utf8')) as Record<string, unknown>;
    const differ = Object.keys(results).filter((k) => JSON.stringify(results[k]) !== JSON.stringify(before[k]));
    const count = Object.values(results).reduce((n: number, r) => n + (r as unknown[]).length, 0);
    console.log(
      `results plan by plan against ${resultsFile}: ${Object.keys(results).length - differ.length} the same, ${differ.length} different${differ.length ? ` (${differ.slice(0, 5).join(', ')})` : ''}; ${count} results`,
    );
  }
}

const plansFile = process.env.DOORS_PLANS;
if (plansFile) {
  type Plan = { arrival: number; price: number; transfers: number; legs: string[] }[];
  const plans: Record<string, Plan> = {};
  for (const date of days) {
    for (const [from, to] of pairs) {
      const { journeys, loaded } = planner.planBetween(from, to, date);
      const stop = (s: number) => loaded.stopIds[s] ?? '';
      plans[`${from.cityCode}-${to.cityCode} ${date}`] = journeys.map(({ outcome, access, egress }) => ({
        arrival: outcome.arrival,
        price: outcome.price,
        transfers: outcome.transfers,
        legs: [
          `${access.kind} ${stop(access.stop)}`,
          ...(outcome.legs ?? []).map((l) =>
            l.kind === 'ride'
              ? `${loaded.timetable.tripIds.at(l.trip)} ${stop(l.boardStop)}>${stop(l.alightStop)}`
              : `${stop(l.fromStop)}>${stop(l.toStop)}`,
          ),
          `${egress.kind} ${stop(egress.stop)}`,
        ],
      }));
    }
  }
  if (!fs.existsSync(plansFile)) {
    fs.writeFileSync(plansFile, JSON.stringify(plans));
    console.log(`${Object.keys(plans).length} plans written to ${plansFile}`);
  } else {
    const before = JSON.parse(fs.readFileSync(plansFile, 'utf8')) as Record<string, Plan>;
    const criteria = (plan: Plan | undefined) =>
      (plan ?? [])
        .map((j) => `${j.arrival}/${j.price}/${j.transfers}`)
        .sort()
        .join(',');
    let same = 0;
    let equal = 0;
    const differ: string[] = [];
    for (const [key, plan] of Object.entries(plans)) {
      if (JSON.stringify(plan) === JSON.stringify(before[key])) same++;
      else if (criteria(plan) === criteria(before[key])) equal++;
      else differ.push(key);
    }
    console.log(
      `plan by plan against ${plansFile}: ${same} the same journeys, ${equal} the same arrival, price and changes with other equal journeys, ${differ.length} different${differ.length ? ` (${differ.slice(0, 5).join(', ')})` : ''}`,
    );
  }
}
