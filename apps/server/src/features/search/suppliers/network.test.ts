import type { SearchResult } from '@junction/domain';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Conditions, overNetwork } from './network';
import { type Supplier, SupplierError, type SupplierRequest } from './supplier';

const RESULT = { id: 'r1', price: { amount: 100_00, currency: 'CNY' } } as SearchResult;
const QUOTED = { ...RESULT, price: { amount: 123_00, currency: 'CNY' } } as SearchResult;
const REQUEST = { cabin: 'Y', party: { adults: 1, children: 0, infants: 0 }, today: '2026-11-22', trips: [] };

/** A supplier that prices at once and counts how often it was asked. */
function pricing() {
  const asked = { search: 0, quote: 0 };
  const supplier: Supplier = {
    id: 'inner',
    name: { en: 'Inner', 'zh-CN': '内部' },
    kind: 'flight',
    search: async () => {
      asked.search++;
      return [RESULT];
    },
    quote: async () => {
      asked.quote++;
      return QUOTED;
    },
  };
  return { supplier, asked };
}

/** A random sequence that repeats: the roll first, then the two numbers of the latency sample. */
const sequence = (...values: number[]) => {
  let i = 0;
  return () => values[i++ % values.length] as number;
};

const steady: Conditions = { minMs: 1000, medianMs: 1000, maxMs: 1000, failureRate: 0, timeoutRate: 0 };
const never = () => new AbortController().signal;

/** Whether a promise has settled once the pending timers up to now have run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  promise.then(
    () => {
      done = true;
    },
    () => {
      done = true;
    },
  );
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('a simulated supplier over the network', () => {
  it('answers with what the supplier priced, after its response time', async () => {
    const { supplier, asked } = pricing();
    const remote = overNetwork(supplier, steady, { latencyScale: 1, random: sequence(0.5) });
    expect(remote).toMatchObject({ id: 'inner', name: supplier.name, kind: 'flight' });
    const answer = remote.search(REQUEST as SupplierRequest, never());
    await vi.advanceTimersByTimeAsync(999);
    expect(await settled(answer)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await answer).toEqual([RESULT]);
    expect(asked.search).toBe(1);
  });

  it('works out its answer only at its turn on the event loop, and not at all once its time is up', async () => {
    const { supplier, asked } = pricing();
    let turn: () => void = () => {};
    const turns = { next: () => new Promise<void>((resolve) => (turn = resolve)) };
    const remote = overNetwork(supplier, steady, { latencyScale: 0, random: sequence(0.5), turns });
    const answer = remote.search(REQUEST as SupplierRequest, never());
    expect(await settled(answer)).toBe(false);
    expect(asked.search).toBe(0);
    turn();
    expect(await answer).toEqual([RESULT]);
    expect(asked.search).toBe(1);

    const limit = new AbortController();
    const late = remote.search(REQUEST as SupplierRequest, limit.signal);
    expect(await settled(late)).toBe(false);
    limit.abort(new Error('time limit'));
    turn();
    await expect(late).rejects.toThrow('time limit');
    expect(asked.search).toBe(1);
  });

  it('works out its answer while its response time runs, as a remote system does, so it is ready when that ends', async () => {
    const { supplier, asked } = pricing();
    let turn: () => void = () => {};
    const turns = { next: () => new Promise<void>((resolve) => (turn = resolve)) };
    const remote = overNetwork(supplier, steady, { latencyScale: 1, random: sequence(0.5), turns });
    const answer = remote.search(REQUEST as SupplierRequest, never());
    turn();
    expect(await settled(answer)).toBe(false);
    expect(asked.search).toBe(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(await settled(answer)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await answer).toEqual([RESULT]);
    expect(asked.search).toBe(1);
  });

  it('answers at once with the latency scaled to 0', async () => {
    const { supplier } = pricing();
    const remote = overNetwork(supplier, steady, { latencyScale: 0, random: sequence(0.5) });
    const answer = remote.search(REQUEST as SupplierRequest, never());
    expect(await settled(answer)).toBe(true);
  });

  it('fails as often as its failure rate says, without asking the supplier', async () => {
    const { supplier, asked } = pricing();
    const flaky = { ...steady, failureRate: 0.3, timeoutRate: 0.1 };
    // A roll of 0.2 lands between the silence share (0.1) and silence plus failures (0.4).
    const remote = overNetwork(supplier, flaky, { latencyScale: 1, random: sequence(0.2, 0.5, 0.5) });
    const answer = remote.search(REQUEST as SupplierRequest, never());
    const failure = expect(answer).rejects.toBeInstanceOf(SupplierError);
    await vi.advanceTimersByTimeAsync(1000);
    await failure;
    expect(asked.search).toBe(0);
  });

  it('stays silent as often as its no-answer rate says, until the caller gives up', async () => {
    const { supplier, asked } = pricing();
    const silent = { ...steady, timeoutRate: 0.5 };
    const remote = overNetwork(supplier, silent, { latencyScale: 1, random: sequence(0.1, 0.5, 0.5) });
    const giveUp = new AbortController();
    const answer = remote.search(REQUEST as SupplierRequest, giveUp.signal);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(await settled(answer)).toBe(false);
    const reason = new Error('time limit');
    giveUp.abort(reason);
    await expect(answer).rejects.toBe(reason);
    expect(asked.search).toBe(0);
  });

  it('quotes take the response time but never fail or go silent', async () => {
    const { supplier, asked } = pricing();
    const hopeless = { ...steady, failureRate: 0.5, timeoutRate: 0.5 };
    const remote = overNetwork(supplier, hopeless, { latencyScale: 1, random: sequence(0.1, 0.5, 0.5) });
    const quote = remote.quote(RESULT, REQUEST as SupplierRequest, never());
    await vi.advanceTimersByTimeAsync(1000);
    expect(await quote).toBe(QUOTED);
    expect(asked.quote).toBe(1);
  });

  it('answers within its shortest and longest response times, whatever the random draw', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        fc.integer({ min: 1, max: 4 }),
        async (u1, u2, scale) => {
          const { supplier } = pricing();
          const spread: Conditions = { minMs: 200, medianMs: 900, maxMs: 4000, failureRate: 0, timeoutRate: 0 };
          const remote = overNetwork(supplier, spread, { latencyScale: scale, random: sequence(0.9, u1, u2) });
          const answer = remote.search(REQUEST as SupplierRequest, never());
          await vi.advanceTimersByTimeAsync(spread.minMs * scale - 1);
          expect(await settled(answer)).toBe(false);
          await vi.advanceTimersByTimeAsync((spread.maxMs - spread.minMs) * scale + 1);
          expect(await settled(answer)).toBe(true);
        },
      ),
      { numRuns: 100 },
    );
  });
});
