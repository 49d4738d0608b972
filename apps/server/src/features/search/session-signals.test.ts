import { MAX_PULL_WAIT_MS, type SearchResult } from '@junction/domain';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testRefdata } from '../../../test/harness';
import { heldSellers } from '../../../test/support/held-sellers';
import { flightsFromBeijing } from '../../../test/support/search-criteria';
import { LocalBus } from '../../lib/bus';
import { type Inventory, sharedInventory } from './inventory/inventory';
import { SearchService } from './search.service';
import { MemorySearchStore } from './search-store';
import { SessionSignals, sessionChanges } from './session-signals';
import type { Supplier } from './suppliers/supplier';

afterEach(() => {
  vi.useRealTimers();
});

/** A read that counts its calls and answers what `state` holds at the time. */
const reader = (state: { news: boolean }) => {
  const calls = { n: 0 };
  const read = async () => {
    calls.n++;
    return { news: state.news };
  };
  return { calls, read };
};

describe('a pull waiting for its session’s next change', () => {
  it('answers at once, with one read, when there is something new', async () => {
    vi.useFakeTimers();
    const signals = new SessionSignals();
    const { calls, read } = reader({ news: true });
    await expect(signals.readOrWait('s', 400, read, (r) => r.news)).resolves.toEqual({ news: true });
    expect(calls.n).toBe(1);
    expect(signals.size).toBe(0);
  });

  it('goes on the moment the session changes here, with no time passing', async () => {
    vi.useFakeTimers();
    const signals = new SessionSignals();
    const state = { news: false };
    const { calls, read } = reader(state);
    const pulled = signals.readOrWait('s', 400, read, (r) => r.news);
    await vi.waitFor(() => expect(calls.n).toBe(1));
    state.news = true;
    signals.changed('other');
    expect(signals.size).toBe(1);
    signals.changed('s');
    await expect(pulled).resolves.toEqual({ news: true });
    expect(calls.n).toBe(2);
    expect(signals.size).toBe(0);
  });

  it('does not miss a change made while the session was being read', async () => {
    vi.useFakeTimers();
    const signals = new SessionSignals();
    let reads = 0;
    const pulled = signals.readOrWait(
      's',
      400,
      async () => {
        // The change lands after the store answered the first read, before the pull starts waiting.
        if (reads++ === 0) queueMicrotask(() => signals.changed('s'));
        return { read: reads };
      },
      () => false,
    );
    await expect(pulled).resolves.toEqual({ read: 2 });
  });

  it('reads again when its time is up and nothing changed here (another process’s change)', async () => {
    vi.useFakeTimers();
    const signals = new SessionSignals();
    const { calls, read } = reader({ news: false });
    let settled = false;
    const pulled = signals
      .readOrWait('s', 400, read, (r) => r.news)
      .finally(() => {
        settled = true;
      });
    await vi.advanceTimersByTimeAsync(399);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await pulled;
    expect(calls.n).toBe(2);
    expect(signals.size).toBe(0);
  });

  it('lets every waiting pull go on when the server closes, and none wait after', async () => {
    vi.useFakeTimers();
    const signals = new SessionSignals();
    const { calls, read } = reader({ news: false });
    const waiting = [
      signals.readOrWait('a', 400, read, (r) => r.news),
      signals.readOrWait('b', 400, read, (r) => r.news),
    ];
    await vi.advanceTimersByTimeAsync(0);
    expect(signals.size).toBe(2);
    signals.close();
    await Promise.all(waiting);
    expect(calls.n).toBe(4);
    await signals.readOrWait('c', 400, read, (r) => r.news);
    expect(calls.n).toBe(5);
    expect(signals.size).toBe(0);
  });

  it('waits at most a second, whatever it is asked', async () => {
    vi.useFakeTimers();
    const signals = new SessionSignals();
    const { read } = reader({ news: false });
    let settled = false;
    const pulled = signals
      .readOrWait('s', 60_000, read, (r) => r.news)
      .finally(() => {
        settled = true;
      });
    await vi.advanceTimersByTimeAsync(MAX_PULL_WAIT_MS);
    await pulled;
    expect(settled).toBe(true);
  });
});

describe('the changes told between processes', () => {
  it('read back as the process and session written, and anything else is dropped', () => {
    fc.assert(
      fc.property(fc.uuid(), fc.string({ minLength: 1 }), (from, session) => {
        expect(sessionChanges.read(sessionChanges.write({ from, session }))).toEqual({ from, session });
      }),
    );
    for (const payload of ['', ' ', 'no-session', ' s', 'p ']) expect(sessionChanges.read(payload)).toBeUndefined();
  });

  it('are not heard twice by the process that told them: a pull that began after the change goes on waiting', async () => {
    // The bus delivers in a microtask: only the waits' timers stop.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const signals = new SessionSignals(new LocalBus(sessionChanges));
    const { calls, read } = reader({ news: false });
    signals.changed('s');
    const pulled = signals.readOrWait('s', 400, read, (r) => r.news);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.n).toBe(1);
    expect(signals.size).toBe(1);
    await vi.advanceTimersByTimeAsync(400);
    await pulled;
    expect(calls.n).toBe(2);
  });

  it('from another process let its session’s waiting pulls go on, and no other session’s', async () => {
    // The bus delivers in a microtask: only the waits' timers stop.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const bus = new LocalBus(sessionChanges);
    const signals = new SessionSignals(bus);
    const { calls, read } = reader({ news: false });
    const waiting = signals.readOrWait('s', 400, read, (r) => r.news);
    const other = signals.readOrWait('t', 400, read, (r) => r.news);
    await vi.advanceTimersByTimeAsync(0);
    await bus.publish({ from: 'another-process', session: 's' });
    await waiting;
    expect(calls.n).toBe(3);
    expect(signals.size).toBe(1);
    await vi.advanceTimersByTimeAsync(400);
    await other;
  });
});

describe('the bus of a process’s pulls', () => {
  /** A bus that fails to start `failures` times, counting its tries. */
  const failingBus = (failures: number) => {
    const bus = new LocalBus(sessionChanges);
    const tries = { n: 0 };
    bus.start = async () => {
      tries.n++;
      if (tries.n <= failures) throw new Error('connection refused');
    };
    return { bus, tries };
  };

  it('that does not start is tried again in the background, less often each time, until it does', async () => {
    vi.useFakeTimers();
    const { bus, tries } = failingBus(3);
    const warned: unknown[] = [];
    const signals = new SessionSignals(bus, (e) => warned.push(e));
    await signals.start();
    expect(tries.n).toBe(1);
    await vi.advanceTimersByTimeAsync(200);
    expect(tries.n).toBe(2);
    await vi.advanceTimersByTimeAsync(399);
    expect(tries.n).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(tries.n).toBe(3);
    await vi.advanceTimersByTimeAsync(800);
    expect(tries.n).toBe(4);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(tries.n).toBe(4);
    expect(warned).toHaveLength(3);
  });

  it('is tried no more once the server closes', async () => {
    vi.useFakeTimers();
    const { bus, tries } = failingBus(Number.POSITIVE_INFINITY);
    const signals = new SessionSignals(bus);
    await signals.start();
    await vi.advanceTimersByTimeAsync(200);
    expect(tries.n).toBe(2);
    signals.close();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(tries.n).toBe(2);
  });
});

describe('pulls of a search that wait for its answers', () => {
  /** The search service of one process over its own sessions, asking these sellers. */
  const searchWith = (suppliers: (inv: Inventory) => Supplier[]) => {
    const now = () => new Date('2026-11-22T04:00:00Z');
    const store = new MemorySearchStore(100, () => now().getTime());
    return new SearchService(
      testRefdata(),
      sharedInventory(testRefdata(), true),
      store,
      {
        supplierTimeoutMs: 60_000,
        suppliers,
      },
      now,
    );
  };

  it('get a seller’s results the moment they are stored, and the end of the search with the last answer', async () => {
    const { gates, suppliers } = heldSellers();
    const service = searchWith(suppliers);
    const id = await service.start(flightsFromBeijing('SHA', '2026/12/10'), 'en');
    await vi.waitFor(() => expect(gates).toHaveLength(2), { timeout: 30_000 });
    // From here no pull's wait can run out: only a change can end it.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });

    const first = service.pull(id, 0, undefined, 1000);
    (gates[0] as () => void)();
    const one = await first;
    expect(one).toMatchObject({ answered: 1, total: 2, done: false });
    expect(one.cursor).toBeGreaterThan(0);
    expect(one.resultsJson.length).toBeGreaterThan(0);

    const second = service.pull(id, one.cursor, undefined, 1000);
    (gates[1] as () => void)();
    const two = await second;
    expect(two).toMatchObject({ answered: 2, total: 2, done: true });
    expect(two.cursor).toBeGreaterThan(one.cursor);
  }, 60_000);

  it('get a result the moment its seller quotes it at a new price', async () => {
    const { gates, suppliers } = heldSellers();
    /** Each seller quotes every result ¥100 dearer than it listed it. */
    const dearer = (inv: Inventory): Supplier[] =>
      suppliers(inv).map((s) => ({
        ...s,
        quote: async (result) => ({ ...result, price: { ...result.price, amount: result.price.amount + 10_000 } }),
      }));
    const service = searchWith(dearer);
    const id = await service.start(flightsFromBeijing('SHA', '2026/12/10'), 'en');
    await vi.waitFor(() => expect(gates).toHaveLength(2), { timeout: 30_000 });
    (gates[0] as () => void)();
    const one = await service.pull(id, 0, undefined, 1000);
    expect(one).toMatchObject({ answered: 1, done: false });
    const listed = JSON.parse(`[${one.resultsJson}]`)[0] as SearchResult;
    // From here no pull's wait can run out: only a change can end it.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });

    const waiting = service.pull(id, one.cursor, undefined, 1000);
    const refreshed = await service.refresh(id, listed.id);
    expect(refreshed.priceChanged).toBe(true);
    const news = await waiting;
    expect(news).toMatchObject({ answered: 1, done: false });
    expect(JSON.parse(`[${news.resultsJson}]`)).toEqual([
      expect.objectContaining({ id: listed.id, price: { ...listed.price, amount: listed.price.amount + 10_000 } }),
    ]);
    vi.useRealTimers();
    (gates[1] as () => void)();
  }, 60_000);
});
