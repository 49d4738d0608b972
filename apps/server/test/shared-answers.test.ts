import {
  type PullResponse,
  type SearchCriteriaInput,
  type SearchResult,
  sameInBoth,
  toRequestDate,
} from '@junction/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { Mailer } from '../src/features/account/messaging/mailer';
import { LogSmsProvider } from '../src/features/account/messaging/sms';
import { sharedInventory } from '../src/features/search/inventory/inventory';
import type { Supplier, SupplierRequest } from '../src/features/search/suppliers/supplier';
import { createTestApp, createTestDatabase, type TestApp, testConfig, testRefdata, testSecrets } from './harness';
import { skipWithoutRedis, startRedis, type TestRedis } from './redis';
import { flightAt } from './search-answers';

/**
 * Suppliers' answers shared between searches: the same request is sent to a supplier once, whichever
 * process the searches start on, while it is on its way and for the reuse window after; failures are not
 * reused, and a different party or cabin is a different request.
 */
const START = Date.parse('2026-11-22T04:00:00Z');
let clock = START;
const now = () => new Date(clock);

const oneWay = (over: Partial<SearchCriteriaInput> = {}, date = '2026/12/01'): SearchCriteriaInput => ({
  type: 1,
  legs: [{ departure: 'BJS', destination: 'SHA', departure_date: date }],
  ...over,
});

/** A remote flight seller both processes ask: it counts its requests and prices by the party and cabin asked. */
class CountingSupplier implements Supplier {
  readonly id = 'counted';
  readonly name = sameInBoth('Counted');
  readonly kind = 'flight' as const;
  calls = 0;
  /** Failures still to give, one per request. */
  failures = 0;
  /** While set, requests wait until it is resolved. */
  gate?: Promise<void>;

  async search(request: SupplierRequest): Promise<SearchResult[]> {
    this.calls++;
    if (this.gate) await this.gate;
    if (this.failures > 0) {
      this.failures--;
      throw new Error('503 from upstream');
    }
    const trip = request.trips[0];
    const seated = request.party.adults + request.party.children;
    const amount = (request.cabin === 'Y' ? 50_000 : 150_000) * seated + 1000 * this.calls;
    const seller = { supplier: this.id, name: this.name };
    return [flightAt(`F:${trip?.date}`, amount, seller, toRequestDate(trip?.date ?? '2026-12-01'))];
  }

  async quote(): Promise<SearchResult | undefined> {
    return undefined;
  }
}

async function start(t: FastifyInstance, criteria: SearchCriteriaInput): Promise<string> {
  const res = await t.inject({ method: 'POST', url: '/api/v2/search', payload: criteria });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { searchId: string }).searchId;
}

/** Pulls a search until it is done: its results and the suppliers that failed. */
async function finish(t: FastifyInstance, searchId: string) {
  const byId = new Map<string, SearchResult>();
  let cursor = 0;
  for (let i = 0; i < 600; i++) {
    const res = await t.inject({ method: 'POST', url: '/api/v2/pull', payload: { searchId, cursor } });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as PullResponse;
    for (const r of body.results) byId.set(r.id, r);
    cursor = body.cursor;
    if (body.done) return { results: [...byId.values()], failed: body.failed.map((f) => f.en) };
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('the search never ended');
}

const search = async (t: FastifyInstance, criteria: SearchCriteriaInput) => finish(t, await start(t, criteria));

let redis: TestRedis | undefined;
const noRedis = skipWithoutRedis();
beforeAll(async () => {
  if (!noRedis) redis = await startRedis();
});
afterAll(async () => {
  await redis?.stop();
});

const stores = [
  { name: 'PostgreSQL', settings: (): Record<string, string> => ({}) },
  ...(noRedis ? [] : [{ name: 'Redis', settings: () => ({ REDIS_URL: (redis as TestRedis).url }) }]),
];

describe.each(stores)('answers shared between searches, two processes on $name', ({ settings }) => {
  const supplier = new CountingSupplier();
  const apps: FastifyInstance[] = [];
  let drop: () => Promise<void>;
  let date = 0;
  /** Each test asks about a day of its own, so nothing it asks was asked before. */
  const fresh = () => `2026/12/${String(++date).padStart(2, '0')}`;

  beforeAll(async () => {
    const database = await createTestDatabase();
    drop = database.drop;
    const secrets = testSecrets();
    for (let i = 0; i < 2; i++) {
      const app = await buildApp(
        testConfig({ SEARCH_SUPPLIER_TIMEOUT_MS: '20000', SEARCH_ANSWER_REUSE_SECONDS: '60', ...settings() }),
        {
          db: database.db,
          refdata: testRefdata(),
          mailer: new Mailer('smtp://127.0.0.1:1', 'Junction <no-reply@junction.example>'),
          sms: new LogSmsProvider(() => {}),
          secrets,
          databaseUrl: database.url,
          now,
          suppliers: () => [supplier],
        },
      );
      await app.ready();
      apps.push(app);
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await drop();
  });
  const [a, b] = [() => apps[0] as FastifyInstance, () => apps[1] as FastifyInstance];

  it('asks the supplier once for the same criteria on either process, and again after the reuse window', async () => {
    const criteria = oneWay({}, fresh());
    const calls = supplier.calls;
    const first = await search(a(), criteria);
    const second = await search(b(), criteria);
    const third = await search(a(), criteria);
    expect(supplier.calls - calls).toBe(1);
    expect(first.results).toHaveLength(1);
    expect(second.results).toEqual(first.results);
    expect(third.results).toEqual(first.results);
    clock += 61_000;
    const later = await search(b(), criteria);
    expect(supplier.calls - calls).toBe(2);
    expect(later.results[0]?.price.amount).not.toBe(first.results[0]?.price.amount);
  });

  it('sends twenty identical searches started at once on two processes to the supplier once', async () => {
    const criteria = oneWay({}, fresh());
    const calls = supplier.calls;
    let open = () => {};
    supplier.gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const ids = await Promise.all(Array.from({ length: 20 }, (_, i) => start(i % 2 ? a() : b(), criteria)));
    // Every search has asked (joined the request on its way) before the supplier answers.
    await new Promise((r) => setTimeout(r, 300));
    supplier.gate = undefined;
    open();
    const done = await Promise.all(ids.map((id, i) => finish(i % 2 ? a() : b(), id)));
    expect(supplier.calls - calls).toBe(1);
    for (const d of done) {
      expect(d.failed).toEqual([]);
      expect(d.results).toEqual(done[0]?.results);
    }
    expect(done[0]?.results).toHaveLength(1);
  });

  it('does not reuse a failed answer', async () => {
    const criteria = oneWay({}, fresh());
    const calls = supplier.calls;
    supplier.failures = 1;
    const failed = await search(a(), criteria);
    expect(failed.failed).toEqual(['Counted']);
    expect(failed.results).toEqual([]);
    const again = await search(b(), criteria);
    expect(again.failed).toEqual([]);
    expect(again.results).toHaveLength(1);
    expect(supplier.calls - calls).toBe(2);
  });

  it('asks again for another party or cabin, and shares across search modes', async () => {
    const day = fresh();
    const calls = supplier.calls;
    const one = await search(a(), oneWay({}, day));
    const two = await search(a(), oneWay({ adults: 2 }, day));
    const business = await search(b(), oneWay({ cabin: 'C' }, day));
    const child = await search(b(), oneWay({ adults: 1, children: 1 }, day));
    expect(supplier.calls - calls).toBe(4);
    const price = (r: { results: SearchResult[] }) => r.results[0]?.price.amount ?? 0;
    expect(price(two)).toBeGreaterThan(price(one));
    expect(price(business)).toBeGreaterThan(price(one));
    // Flights only asks the same flight supplier the same: shared.
    const flights = await search(b(), oneWay({ mode: 'flight' }, day));
    expect(supplier.calls - calls).toBe(4);
    expect(flights.results).toEqual(one.results);
    expect(child.results).toHaveLength(1);
  });
});

describe('a search with shared answers', () => {
  let shared: TestApp;
  let alone: TestApp;
  beforeAll(async () => {
    await sharedInventory(testRefdata(), false);
    const quiet = {
      SEARCH_LATENCY_SCALE: '0',
      SEARCH_SUPPLIER_FAILURES: 'false',
      SEARCH_SUPPLIER_TIMEOUT_MS: '60000',
      RATE_LIMIT_MAX: '100000',
    };
    shared = await createTestApp({ ...quiet, SEARCH_ANSWER_REUSE_SECONDS: '60' }, now);
    alone = await createTestApp({ ...quiet, SEARCH_ANSWER_REUSE_SECONDS: '0' }, now);
  });
  afterAll(async () => {
    await shared?.close();
    await alone?.close();
  });

  it('shows the same results as a search that shares nothing', async () => {
    const criteria: SearchCriteriaInput = {
      type: 2,
      mode: 'flight',
      legs: [{ departure: 'BJS', destination: 'SHA', departure_date: '2026/12/03', return_date: '2026/12/06' }],
    };
    // Of sellers offering one journey at one price, the one whose answer came first is shown (its legs' fares)
    // and listed first, which differs from run to run: the journeys, best prices and sellers are compared.
    const byId = (rs: SearchResult[]) =>
      [...rs]
        .sort((x, y) => x.id.localeCompare(y.id))
        .map((r) => ({
          id: r.id,
          price: r.price,
          times: [r.departureTime, r.arrivalTime],
          sellers: [...r.sellers].sort(
            (x, y) => x.price.amount - y.price.amount || x.supplier.localeCompare(y.supplier),
          ),
        }));
    const first = await search(shared.app, criteria);
    const reused = await search(shared.app, criteria);
    const unshared = await search(alone.app, criteria);
    expect(first.results.length).toBeGreaterThan(10);
    expect(byId(reused.results)).toEqual(byId(first.results));
    expect(byId(unshared.results)).toEqual(byId(first.results));
  }, 60_000);
});
