import { type SearchCriteria, type SearchResult, searchCriteriaSchema } from '@junction/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/harness';
import { JobRunner } from '../../jobs/job-runner';
import { addJob, JobRegistry } from '../../jobs/jobs';
import { registerFareJobs } from './fares.jobs';
import { FaresRepository, type FareTrip } from './fares.repository';
import { FaresService } from './fares.service';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
const NOW = new Date('2030-04-20T02:00:00Z');
const now = () => NOW;
/** Keys places as typed; wiring/fare-calendar.test.ts reads them against the place data. */
const asTyped = (token: string) => token;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());
beforeEach(async () => {
  await sql`delete from fare_days`.execute(database.db);
  await sql`delete from graphile_worker._private_jobs`.execute(database.db);
});

/** One adult in economy from Beijing to Shanghai on 1 May 2030 (the search defaults), round trip when a return is given. */
const criteria = (over: Partial<SearchCriteria> = {}, returnDate?: string): SearchCriteria => ({
  ...searchCriteriaSchema.parse({
    type: returnDate ? 2 : 1,
    legs: [
      {
        departure: 'BJS',
        destination: 'SHA',
        departure_date: '2030/05/01',
        ...(returnDate ? { return_date: returnDate } : {}),
      },
    ],
  }),
  ...over,
});

const result = (kind: SearchResult['kind'], amount: number, date = '2030/05/01'): SearchResult =>
  ({ id: `${kind}-${amount}`, kind, date, price: { amount, currency: 'CNY' }, legs: [] }) as unknown as SearchResult;

/** A pricer that counts the trips it was asked, answering a flight at 600 and a train at 550. */
function countingPricer() {
  const asked: FareTrip[] = [];
  const price = async (trip: FareTrip) => {
    asked.push(trip);
    return [
      result('flight', 60_000, trip.day.replaceAll('-', '/')),
      result('train', 55_000, trip.day.replaceAll('-', '/')),
    ];
  };
  return { asked, price };
}

describe('the month of fares', () => {
  it("keeps each day's lowest flight and train a search saw, with when, and leaves out parties it cannot price", async () => {
    const fares = new FaresService(new FaresRepository(database.db), countingPricer().price, asTyped, now);
    await fares.searched(criteria());
    await fares.answered(criteria(), [
      result('flight', 70_000),
      result('flight', 65_000),
      result('train', 55_300),
      result('mix', 10),
    ]);
    // Two adults' prices are not one traveller's: the search counts as a look, its prices are not kept.
    await fares.answered(
      criteria({ adults: 2, legs: criteria().legs.map((l) => ({ ...l, departure_date: '2030/05/02' })) }),
      [result('flight', 120_000, '2030/05/02')],
    );
    const month = await fares.month({ from: 'BJS', to: 'SHA', month: '2030/05' });
    expect(month.days).toEqual([
      {
        date: '2030/05/01',
        flight: { price: { amount: 65_000, currency: 'CNY' }, seenAt: NOW.toISOString() },
        train: { price: { amount: 55_300, currency: 'CNY' }, seenAt: NOW.toISOString() },
      },
    ]);
    expect((await fares.month({ from: 'SHA', to: 'BJS', month: '2030/05' })).days).toEqual([]);
  });

  it('keys a trip by the place its tokens name and leaves out searches from or to an airport only', async () => {
    const beijing = (token: string) => (['BJS', '北京'].includes(token) ? 'beijing' : token);
    const fares = new FaresService(new FaresRepository(database.db), countingPricer().price, beijing, now);
    await fares.answered(criteria(), [result('flight', 70_000)]);
    const fromAirport = criteria();
    fromAirport.legs = fromAirport.legs.map((l) => ({
      ...l,
      departure_date: '2030/05/02',
      departure_only_airport: true,
    }));
    await fares.searched(fromAirport);
    await fares.answered(fromAirport, [result('flight', 50_000, '2030/05/02')]);
    const month = await fares.month({ from: '北京', to: 'SHA', month: '2030/05' });
    expect(month.days.map((d) => [d.date, d.flight?.price.amount])).toEqual([['2030/05/01', 70_000]]);
    const rows = await sql<{ origin: string }>`select origin from fare_days`.execute(database.db);
    expect(rows.rows).toEqual([{ origin: 'beijing' }]);
  });

  it('gives the round-trip grid the lowest price of each pair of dates seen, around the dates chosen', async () => {
    const fares = new FaresService(new FaresRepository(database.db), countingPricer().price, asTyped, now);
    await fares.answered(criteria({}, '2030/05/05'), [result('flight', 120_000), result('train', 99_000)]);
    const grid = await fares.grid({ from: 'BJS', to: 'SHA', departure: '2030/05/02', return: '2030/05/06' });
    expect(grid.departures).toHaveLength(7);
    expect(grid.departures[0]).toBe('2030/04/29');
    expect(grid.returns.at(-1)).toBe('2030/05/09');
    expect(grid.cells).toEqual([
      {
        departure: '2030/05/01',
        return: '2030/05/05',
        price: { amount: 99_000, currency: 'CNY' },
        seenAt: NOW.toISOString(),
      },
    ]);
  });

  it('holds the schedule it is given, and none when switched off, the job still run when queued', () => {
    const service = new FaresService(new FaresRepository(database.db), countingPricer().price, asTyped, now);
    const scheduled = new JobRegistry();
    registerFareJobs(scheduled, service, '5 */2 * * *');
    expect(scheduled.schedules.map((s) => [s.name, s.cron])).toEqual([['fares.fill', '5 */2 * * *']]);
    const off = new JobRegistry();
    registerFareJobs(off, service, null);
    expect(off.schedules).toEqual([]);
    expect(off.tasks.has('fares.fill')).toBe(true);
  });

  it("prices the trips searched most at each occurrence of its schedule, whose payload carries the runner's stamp", async () => {
    await new FaresRepository(database.db).looked({
      origin: 'BJS',
      destination: 'SHA',
      day: '2030-05-03',
      returnDay: '',
    });
    const pricer = countingPricer();
    const registry = new JobRegistry();
    registerFareJobs(
      registry,
      new FaresService(new FaresRepository(database.db), pricer.price, asTyped, now),
      '*/20 * * * *',
    );
    // The job a schedule's occurrence adds, as graphile-worker adds it: its time and whether it was made up.
    const occurrence = { _cron: { ts: '2030-04-20T02:00:00.000Z', backfilled: false } };
    await addJob(database.db, 'fares.fill', occurrence);
    await new JobRunner(registry, { connectionString: database.url, concurrency: 1 }).runDueJobs();
    expect(pricer.asked.map((t) => t.day)).toEqual(['2030-05-03']);
  });

  it('prices the trips searched most, once, when two processes run the job at the same time', async () => {
    const repo = new FaresRepository(database.db);
    for (const [day, looks] of [
      ['2030-05-03', 3],
      ['2030-05-04', 1],
      ['2030-04-01', 9], // already past: never priced again
    ] as const)
      for (let i = 0; i < looks; i++) await repo.looked({ origin: 'BJS', destination: 'SHA', day, returnDay: '' });
    const pricer = countingPricer();
    const runners = [1, 2].map(() => {
      const registry = new JobRegistry();
      registerFareJobs(
        registry,
        new FaresService(new FaresRepository(database.db), pricer.price, asTyped, now),
        '*/20 * * * *',
      );
      return new JobRunner(registry, { connectionString: database.url, concurrency: 2 });
    });
    // The schedule's occurrence is one job whichever process holds the schedule; two of them added at once.
    await addJob(database.db, 'fares.fill', {}, { jobKey: 'fares.fill' });
    await addJob(database.db, 'fares.fill', {}, { jobKey: 'fares.fill' });
    await Promise.all(runners.map((r) => r.runDueJobs()));
    expect(pricer.asked.map((t) => t.day).sort()).toEqual(['2030-05-03', '2030-05-04']);

    // Two runs overlapping (two occurrences in two processes) share the trips out, never price one twice.
    await sql`update fare_days set flight_seen_at = null, train_seen_at = null, tried_at = null`.execute(database.db);
    pricer.asked.length = 0;
    const services = [1, 2].map(() => new FaresService(new FaresRepository(database.db), pricer.price, asTyped, now));
    const runs = await Promise.all(services.map((s) => s.fill({ batch: 5, staleMs: 3_600_000, claimMs: 60_000 })));
    expect(runs.reduce((a, b) => a + b.priced, 0)).toBe(2);
    expect(pricer.asked.map((t) => t.day).sort()).toEqual(['2030-05-03', '2030-05-04']);
    const month = await services[0]?.month({ from: 'BJS', to: 'SHA', month: '2030/05' });
    expect(month?.days.map((d) => [d.date, d.train?.price.amount])).toEqual([
      ['2030/05/03', 55_000],
      ['2030/05/04', 55_000],
    ]);
  });

  it('prices the rest of a batch when one trip fails, and tries a trip it could not price again only once it is stale', async () => {
    const repo = new FaresRepository(database.db);
    for (const day of ['2030-05-03', '2030-05-04', '2030-05-05'])
      await repo.looked({ origin: 'BJS', destination: 'SHA', day, returnDay: '' });
    const asked: string[] = [];
    const price = async (trip: FareTrip) => {
      asked.push(trip.day);
      if (trip.day === '2030-05-03') throw new Error('the seller is down');
      if (trip.day === '2030-05-04') return []; // nothing on sale that day
      return countingPricer().price(trip);
    };
    let at = NOW;
    const fares = new FaresService(repo, price, asTyped, () => at);
    const options = { batch: 5, staleMs: 3_600_000, claimMs: 60_000 };
    await expect(fares.fill(options)).resolves.toEqual({
      priced: 2,
      failed: [{ trip: expect.objectContaining({ day: '2030-05-03' }), error: expect.any(Error) }],
    });
    expect(asked.sort()).toEqual(['2030-05-03', '2030-05-04', '2030-05-05']);
    const month = await fares.month({ from: 'BJS', to: 'SHA', month: '2030/05' });
    expect(month.days.map((d) => d.date)).toEqual(['2030/05/05']);

    // Past the claim but not yet stale: no trip is tried again.
    at = new Date(NOW.getTime() + 2 * 60_000);
    asked.length = 0;
    await expect(fares.fill(options)).resolves.toEqual({ priced: 0, failed: [] });
    expect(asked).toEqual([]);
    // Stale: every trip is tried again.
    at = new Date(NOW.getTime() + 2 * 3_600_000);
    await fares.fill(options);
    expect(asked.sort()).toEqual(['2030-05-03', '2030-05-04', '2030-05-05']);
  });

  it('forgets the trips of days more than a month gone when it fills, keeping every day a month can show', async () => {
    const repo = new FaresRepository(database.db);
    for (const day of ['2030-03-19', '2030-03-20', '2030-04-19', '2030-05-03'])
      await repo.looked({ origin: 'BJS', destination: 'SHA', day, returnDay: '' });
    await repo.looked({ origin: 'BJS', destination: 'SHA', day: '2030-03-01', returnDay: '2030-05-01' });
    const fares = new FaresService(repo, countingPricer().price, asTyped, now);
    await fares.fill({ batch: 5, staleMs: 3_600_000, claimMs: 60_000 });
    const left = await sql<{
      day: string;
    }>`select to_char(day, 'YYYY-MM-DD') as day from fare_days order by day`.execute(database.db);
    expect(left.rows.map((r) => r.day)).toEqual(['2030-03-20', '2030-04-19', '2030-05-03']);
  });

  it('names the pairs of places searched most from today on, however their searches spread over days', async () => {
    const repo = new FaresRepository(database.db);
    const look = async (origin: string, destination: string, day: string, times: number, returnDay = '') => {
      for (let i = 0; i < times; i++) await repo.looked({ origin, destination, day, returnDay });
    };
    // Beijing → Shanghai on three days outweighs Guangzhou → Chengdu on one; searches of days gone count for nothing.
    await look('BJS', 'SHA', '2030-04-21', 2);
    await look('BJS', 'SHA', '2030-04-25', 2);
    await look('BJS', 'SHA', '2030-05-01', 1, '2030-05-04');
    await look('CAN', 'CTU', '2030-04-20', 4);
    await look('XIY', 'WUH', '2030-04-19', 9);
    const fares = new FaresService(repo, countingPricer().price, asTyped, now);
    expect(await fares.popularPairs(5)).toEqual([
      { origin: 'BJS', destination: 'SHA' },
      { origin: 'CAN', destination: 'CTU' },
    ]);
    expect(await fares.popularPairs(1)).toEqual([{ origin: 'BJS', destination: 'SHA' }]);
  });

  it('answers a round-trip grid around a date that does not exist with the validation error, not a failure', async () => {
    const fares = new FaresService(new FaresRepository(database.db), countingPricer().price, asTyped, now);
    await expect(
      fares.grid({ from: 'BJS', to: 'SHA', departure: '2030/02/30', return: '2030/03/02' }),
    ).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
  });
});

describe('the prices the month of fares holds for a price alert over a month', () => {
  it('are each day’s lowest of the criteria’s mode, a round trip of their length only, none for a party it cannot price', async () => {
    const fares = new FaresService(new FaresRepository(database.db), countingPricer().price, asTyped, now);
    for (const day of ['01', '02', '03']) {
      const date = `2030/05/${day}`;
      const oneWay = criteria({ legs: [{ ...criteria().legs[0], departure_date: date } as SearchCriteria['legs'][0]] });
      await fares.answered(oneWay, [result('flight', 60_000 + Number(day), date), result('train', 55_000, date)]);
    }
    await fares.answered(criteria({}, '2030/05/04'), [result('flight', 99_000)]);
    await fares.answered(criteria({}, '2030/05/08'), [result('flight', 70_000)]);
    const days = ['2030-05-01', '2030-05-02'];
    const flights = await fares.seenOn(criteria({ mode: 'flight' }), days);
    expect([...flights].map(([d, p]) => [d, p.lowestMinor])).toEqual([
      ['2030-05-01', 60_001],
      ['2030-05-02', 60_002],
    ]);
    expect(flights.get('2030-05-01')?.seenAt).toEqual(NOW);
    expect([...(await fares.seenOn(criteria(), days)).values()].map((p) => p.lowestMinor)).toEqual([55_000, 55_000]);
    // A round trip of seven days is not one of three.
    const round = await fares.seenOn(criteria({}, '2030/05/08'), ['2030-05-01']);
    expect([...round.values()].map((p) => p.lowestMinor)).toEqual([70_000]);
    expect((await fares.seenOn(criteria({ adults: 2 }), days)).size).toBe(0);
  });
});
