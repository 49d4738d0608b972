import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import { Mailer } from '../src/features/account/messaging/mailer';
import { LogSmsProvider } from '../src/features/account/messaging/sms';
import { type Inventory, sharedInventory } from '../src/features/search/inventory/inventory';
import { SearchService } from '../src/features/search/search.service';
import { type SessionChange, SessionSignals, sessionChanges } from '../src/features/search/session-signals';
import { PgSearchStore } from '../src/features/search/stores/pg-search-store';
import type { Supplier } from '../src/features/search/suppliers/supplier';
import { type Bus, PgBus, RedisBus } from '../src/lib/bus';
import { createTestDatabase, testConfig, testRefdata, testSecrets } from './harness';
import { skipWithoutRedis, startRedis, type TestRedis } from './redis';
import { heldSellers } from './support/held-sellers';
import { flightsFromBeijing } from './support/search-criteria';

/**
 * A pull waiting on one server process for news of a search that another process asks the suppliers for:
 * the process recording a seller's answer tells the others through the bus (PostgreSQL's LISTEN/NOTIFY, or
 * Redis), so the pull answers with the results the moment they are stored, not when its wait runs out.
 */
const now = () => new Date('2026-11-22T04:00:00Z');
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let redis: TestRedis | undefined;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await redis?.stop();
  await database.drop();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A server process's search: its own store over the shared database, and pulls told of changes by its bus. */
async function processWith(bus: Bus<SessionChange>, suppliers: (inv: Inventory) => Supplier[]) {
  const signals = new SessionSignals(bus);
  await signals.start();
  const store = new PgSearchStore(database.db, () => now().getTime());
  const service = new SearchService(
    testRefdata(),
    sharedInventory(testRefdata(), true),
    store,
    { supplierTimeoutMs: 60_000, suppliers, signals },
    now,
  );
  return { service, signals };
}

/** Until `ok`, looking again after other callbacks have run (no timer: the test's timers are stopped). */
async function until(ok: () => boolean): Promise<void> {
  while (!ok()) await new Promise((resolve) => setImmediate(resolve));
}

const buses: { name: string; skip: () => boolean; bus: () => Promise<() => Bus<SessionChange>> }[] = [
  { name: 'PostgreSQL', skip: () => false, bus: async () => () => new PgBus(database.url, sessionChanges) },
  {
    name: 'Redis',
    skip: skipWithoutRedis,
    bus: async () => {
      redis ??= await startRedis();
      const { url } = redis;
      return () => new RedisBus(url, sessionChanges);
    },
  },
];

describe.each(buses)('pulls on another process than the search’s ($name)', ({ skip, bus: buses }) => {
  it.skipIf(skip())(
    'get each seller’s results the moment the asking process stores them',
    async () => {
      const bus = await buses();
      const { gates, suppliers } = heldSellers();
      const asking = await processWith(bus(), suppliers);
      const other = await processWith(bus(), suppliers);
      try {
        const id = await asking.service.start(flightsFromBeijing('SHA', '2026/12/10'), 'en');
        await vi.waitFor(() => expect(gates).toHaveLength(2), { timeout: 30_000 });
        // From here no pull's wait can run out: only news from the asking process can end it.
        vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });

        const first = other.service.pull(id, 0, undefined, 1000);
        await until(() => other.signals.size === 1);
        (gates[0] as () => void)();
        const one = await first;
        expect(one).toMatchObject({ answered: 1, total: 2, done: false });
        expect(one.resultsJson.length).toBeGreaterThan(0);

        const second = other.service.pull(id, one.cursor, undefined, 1000);
        await until(() => other.signals.size === 1);
        (gates[1] as () => void)();
        expect(await second).toMatchObject({ answered: 2, total: 2, done: true });
      } finally {
        vi.useRealTimers();
        for (const p of [asking, other]) {
          p.signals.close();
          await p.signals.stop();
        }
      }
    },
    60_000,
  );
});

describe('a server on a shared database', () => {
  /** The connections listening for searches' news on the test's database. */
  const listening = async () => {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
      where datname = current_database() and query = 'LISTEN "junction_search"'`.execute(database.db);
    return rows[0]?.n ?? 0;
  };
  const serverWith = (settings: Record<string, string>) =>
    buildApp(testConfig(settings), {
      db: database.db,
      refdata: testRefdata(),
      mailer: new Mailer('smtp://127.0.0.1:1', 'Junction <no-reply@junction.example>'),
      sms: new LogSmsProvider(() => {}),
      secrets: testSecrets(),
      databaseUrl: database.url,
      now,
    });

  it('listens for searches’ news from when it is ready until it closes, unless its sessions are its own', async () => {
    const own = await serverWith({ SEARCH_STORE: 'memory' });
    await own.ready();
    expect(await listening()).toBe(0);
    const shared = await serverWith({});
    await shared.ready();
    expect(await listening()).toBe(1);
    await shared.close();
    await vi.waitFor(async () => expect(await listening()).toBe(0), { timeout: 30_000 });
    await own.close();
  }, 60_000);
});
