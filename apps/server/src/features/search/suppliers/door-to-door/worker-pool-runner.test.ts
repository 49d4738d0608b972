import { addDays, daysBetween } from '@junction/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBound, testRefdata } from '../../../../../test/harness';
import { DATES_PER_TIMETABLE, DoorToDoorPlanner, networkKey, timetableKey } from '../../inventory/door-to-door';
import { Inventory } from '../../inventory/inventory';
import { type KeptPlanStore, MemoryKeptPlans } from '../../stores/kept-plans-store';
import type { Bound, SupplierRequest } from '../supplier';
import { DoorToDoorSupplier, planDoorToDoor, planKey } from './door-to-door-supplier';
import { PlannerPool } from './worker-pool-runner';

const SUPPLIER = { id: 'junction-door-to-door', name: { en: 'Junction door to door', 'zh-CN': '联程门到门' } };
const FIRST_DATE = '2026-12-07';

describe('door-to-door planning in the worker pool on shared timetables', () => {
  let inv: Inventory;
  let pool: PlannerPool;
  const request = (bounds: Bound[], party = { adults: 1, children: 0, infants: 0 }): SupplierRequest => ({
    cabin: 'Y',
    party,
    today: '2026-11-26',
    trips: [{ date: bounds[0]?.date ?? FIRST_DATE, bounds }],
  });
  const bound = (from: string, to: string, date: string, doors: Partial<Bound> = {}): Bound =>
    testBound(inv, from, to, date, doors);

  beforeAll(() => {
    inv = Inventory.load(testRefdata());
    pool = new PlannerPool({ workers: 2, maxQueue: 32, timetables: 8 });
    pool.serve(inv.doorFeeds as NonNullable<Inventory['doorFeeds']>);
  }, 120_000);
  afterAll(() => pool?.close());

  it('answers exactly what planning in this thread answers, for a sample of journeys, doors, parties and dates', async () => {
    const wangfujing = { lat: 39.9149, lon: 116.4109, name: { en: 'Wangfujing', 'zh-CN': '王府井' } };
    const lujiazui = { lat: 31.2397, lon: 121.4998, name: { en: 'Lujiazui', 'zh-CN': '陆家嘴' } };
    const sample: SupplierRequest[] = [
      request([bound('BJS', 'SHA', FIRST_DATE)]),
      request([bound('SHA', 'BJS', FIRST_DATE)], { adults: 2, children: 1, infants: 1 }),
      request([bound('BJS', 'SHA', addDays(FIRST_DATE, 1), { fromDoor: wangfujing, toDoor: lujiazui })]),
      request([bound('CAN', 'CTU', addDays(FIRST_DATE, 1))]),
      request([bound('BJS', 'SIA', FIRST_DATE), bound('SIA', 'CTU', addDays(FIRST_DATE, 2))]),
      request([bound('SZX', 'CTU', addDays(FIRST_DATE, 4))], { adults: 5, children: 0, infants: 0 }),
    ];
    // One timetable a week, every city's metro in it, whatever the cities at the journeys' ends: two weeks.
    const keys = new Set(sample.flatMap((r) => (r.trips[0]?.bounds ?? []).map((b) => networkKey(b.date))));
    expect(keys.size).toBe(2);
    const signal = new AbortController().signal;
    // All at once: the pool's workers plan side by side while the timetables are being built.
    const pooled = await Promise.all(sample.map((r) => pool.plan(r, SUPPLIER, signal)));
    let plans = 0;
    for (const [i, r] of sample.entries()) {
      const inThread = planDoorToDoor(inv, r, SUPPLIER);
      expect(pooled[i], `request ${i}`).toEqual(inThread);
      plans += inThread.length;
    }
    expect(plans).toBeGreaterThan(20);
    // The two weeks have one calendar: one timetable serves both, built once for every worker and kept in
    // shared memory.
    expect(pool.stats().timetables).toEqual({ kept: 1, computing: 0 });
    expect(pool.stats().builds).toBe(1);
  }, 180_000);

  it('plans the same places, dates and party once for searches at the same time, and again for another party', async () => {
    let planned = 0;
    const supplier = new DoorToDoorSupplier((r, s, signal) => {
      planned++;
      return pool.plan(r, s, signal);
    });
    const signal = new AbortController().signal;
    const same = request([bound('BJS', 'SHA', FIRST_DATE)]);
    const [a, b, c] = await Promise.all([
      supplier.search(same, signal),
      supplier.search({ ...same, trips: same.trips.map((t) => ({ ...t })) }, signal),
      supplier.search(request([bound('BJS', 'SHA', FIRST_DATE)], { adults: 2, children: 0, infants: 0 }), signal),
    ]);
    expect(planned).toBe(2);
    expect(b).toBe(a);
    expect(c).not.toEqual(a);
    expect(c.length).toBeGreaterThan(0);
    // A later search takes the kept answer; a quote for one of its plans too.
    expect(await supplier.search(same, signal)).toBe(a);
    expect(await supplier.quote(a[0] as (typeof a)[number], same, signal)).toEqual(a[0]);
    expect(planned).toBe(2);
    expect(supplier.stats()).toEqual({ kept: 2, computing: 0 });
  }, 120_000);

  it('keeps as many timetables as configured, one for each calendar, building one let go again when it is searched', async () => {
    const two = new PlannerPool({ workers: 1, maxQueue: 8, timetables: 2 });
    two.serve(inv.doorFeeds as NonNullable<Inventory['doorFeeds']>);
    try {
      const signal = new AbortController().signal;
      // Three calendars: a week of every service, the week the feeds' services end in, the week after it.
      const last = timetableKey('2027-12-31');
      const weeks = [timetableKey(FIRST_DATE), last, addDays(last, DATES_PER_TIMETABLE)];
      const week = (n: number) => weeks[n] as string;
      for (const n of [0, 1, 0, 1]) await two.network(week(n), signal);
      expect(two.stats().builds).toBe(2);
      // Any other week of the first calendar plans on its timetable.
      await two.network(addDays(week(0), 5 * DATES_PER_TIMETABLE), signal);
      expect(two.stats().builds).toBe(2);
      await two.network(week(2), signal);
      expect(two.stats().timetables).toEqual({ kept: 2, computing: 0 });
      // The third let the least recently searched go: the second's, built again; the first's is kept.
      await two.network(week(0), signal);
      expect(two.stats().builds).toBe(3);
      await two.network(week(1), signal);
      expect(two.stats().builds).toBe(4);
    } finally {
      await two.close();
    }
  }, 180_000);

  it('takes the plans between centres another process kept, answering exactly what searching them answers', async () => {
    const store = new MemoryKeptPlans(100, () => Date.parse('2026-11-26T08:00:00Z'));
    const door = { lat: 39.9149, lon: 116.4109, name: { en: 'Wangfujing', 'zh-CN': '王府井' } };
    const asked = (date: string) => [
      request([bound('BJS', 'SHA', date)]),
      request([bound('BJS', 'SIA', date), bound('SIA', 'CTU', addDays(date, 2))]),
      request([bound('BJS', 'SHA', date, { fromDoor: door })]),
    ];
    const signal = new AbortController().signal;
    const first = new PlannerPool({ workers: 1, maxQueue: 8 });
    const second = new PlannerPool({ workers: 1, maxQueue: 8 });
    try {
      first.serve(inv.doorFeeds as NonNullable<Inventory['doorFeeds']>);
      for (const r of asked(FIRST_DATE)) await first.plan(r, SUPPLIER, signal, store);
      // The three plans between centres are kept; the one from a door is not.
      expect(first.stats().keptPlans).toEqual({ taken: 0, made: 3 });
      expect(store.size).toBe(3);
      // Another process, a week of the same calendar later: its own timetable, built for that week, has the
      // same digest, and its plans between centres are the kept ones on its dates.
      second.serve(inv.doorFeeds as NonNullable<Inventory['doorFeeds']>);
      const weekLater = asked(addDays(FIRST_DATE, DATES_PER_TIMETABLE));
      for (const r of weekLater) {
        expect(await second.plan(r, SUPPLIER, signal, store)).toEqual(planDoorToDoor(inv, r, SUPPLIER));
      }
      expect(second.stats().keptPlans).toEqual({ taken: 3, made: 0 });
      expect(second.stats().builds).toBe(1);
      // A store that cannot be read leaves the plans to be searched.
      const broken: KeptPlanStore = {
        read: () => Promise.reject(new Error('the database is gone')),
        write: () => Promise.reject(new Error('the database is gone')),
      };
      const other = asked(addDays(FIRST_DATE, 1))[0] as SupplierRequest;
      expect(await second.plan(other, SUPPLIER, signal, broken)).toEqual(planDoorToDoor(inv, other, SUPPLIER));
      expect(second.stats().keptPlans).toEqual({ taken: 3, made: 1 });
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  }, 180_000);

  it('plans ahead for the store without holding the answers a search keeps', async () => {
    const store = new MemoryKeptPlans(100, () => Date.parse('2026-11-26T08:00:00Z'));
    const supplier = new DoorToDoorSupplier((r, s, signal) => pool.plan(r, s, signal, store));
    const day = addDays(FIRST_DATE, 2);
    await supplier.prepare(
      {
        ...request([bound('CTU', 'XIY', day)]),
        trips: [day, addDays(day, 1)].map((date) => ({ date, bounds: [bound('CTU', 'XIY', date)] })),
      },
      new AbortController().signal,
    );
    expect(store.size).toBe(2);
    expect(supplier.stats()).toEqual({ kept: 0, computing: 0 });
  }, 120_000);

  it('plans a week on the timetable of another week of its calendar exactly as on one built for it', () => {
    const refdata = testRefdata();
    const feeds = inv.doorFeeds as NonNullable<Inventory['doorFeeds']>;
    const later = addDays(FIRST_DATE, 3 * DATES_PER_TIMETABLE + 2);
    const own = new DoorToDoorPlanner(feeds, refdata.massTransit, refdata.taxiFares);
    const other = new DoorToDoorPlanner(feeds, refdata.massTransit, refdata.taxiFares);
    other.network(FIRST_DATE);
    const plan = (planner: DoorToDoorPlanner, date = later) => {
      const { from, to } = bound('BJS', 'SHA', date);
      const { journeys, loaded } = planner.planBetween(from, to, date);
      return journeys.map((j) => ({
        ...j,
        trips: (j.outcome.legs ?? []).map((l) => (l.kind === 'ride' ? loaded.timetable.tripIds.at(l.trip) : '')),
      }));
    };
    const shifted = plan(other);
    expect(shifted).toEqual(plan(own));
    expect(shifted.length).toBeGreaterThan(10);
    // The same day of another week takes the plan made, on its own dates, as a planner searching afresh
    // finds it.
    const weekLater = addDays(later, DATES_PER_TIMETABLE);
    const reused = plan(other, weekLater);
    expect(reused[0]?.outcome).toBe(shifted[0]?.outcome);
    expect(reused[0]?.leaveAt).toBe((shifted[0]?.leaveAt ?? 0) + DATES_PER_TIMETABLE * 86_400_000);
    expect(reused).toEqual(plan(new DoorToDoorPlanner(feeds, refdata.massTransit, refdata.taxiFares), weekLater));
    // The rides are named by their own service days around the date planned on (a long train's began days
    // before), not by the first week's.
    const ymd = (date: string) => date.replaceAll('-', '');
    const days = [...new Set(shifted.flatMap((j) => j.trips.filter(Boolean).map((t) => t?.split(' ')[1] ?? '')))];
    expect(days).toContain(ymd(later));
    for (const day of days) expect(day >= ymd(addDays(later, -3)) && day <= ymd(addDays(later, 1)), day).toBe(true);
  }, 120_000);

  it('serves every date from the one timetable of its week of dates, starting on or before it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3650 }), fc.integer({ min: 0, max: 40 }), (offset, gap) => {
        const date = addDays('2026-01-01', offset);
        const key = timetableKey(date);
        const ahead = daysBetween(key, date);
        expect(ahead).toBeGreaterThanOrEqual(0);
        expect(ahead).toBeLessThan(DATES_PER_TIMETABLE);
        expect(timetableKey(key)).toBe(key);
        const later = addDays(date, gap);
        expect(timetableKey(later) === key).toBe(ahead + gap < DATES_PER_TIMETABLE);
      }),
    );
  });

  it('keys plans by everything they depend on', () => {
    const base = request([bound('BJS', 'SHA', FIRST_DATE)]);
    const door = { lat: 39.9, lon: 116.4, name: { en: 'A', 'zh-CN': '甲' } };
    const variants: SupplierRequest[] = [
      { ...base, cabin: 'C' },
      { ...base, today: '2026-11-27' },
      { ...base, party: { adults: 1, children: 1, infants: 0 } },
      { ...base, party: { adults: 1, children: 0, infants: 1 } },
      request([bound('BJS', 'SHA', addDays(FIRST_DATE, 1))]),
      request([bound('BJS', 'CAN', FIRST_DATE)]),
      request([bound('BJS', 'SHA', FIRST_DATE, { fromDoor: door })]),
      request([bound('BJS', 'SHA', FIRST_DATE, { toDoor: door })]),
      request([bound('BJS', 'SHA', FIRST_DATE, { fromDoor: { ...door, lat: 39.91 } })]),
      request([bound('BJS', 'SHA', FIRST_DATE, { fromOnly: true })]),
      request([bound('BJS', 'SHA', FIRST_DATE), bound('SHA', 'BJS', addDays(FIRST_DATE, 3))]),
    ];
    const keys = new Set([base, ...variants].map(planKey));
    expect(keys.size).toBe(variants.length + 1);
  });
});
