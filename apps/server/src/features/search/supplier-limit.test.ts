import { describe, expect, it } from 'vitest';
import { testRefdata } from '../../../test/harness';
import { flightsFromBeijing } from '../../../test/support/search-criteria';
import type { Inventory } from './inventory/inventory';
import { sharedInventory } from './inventory/inventory';
import { SearchService } from './search.service';
import type { AnswerClaim } from './search-store';
import { MemorySearchStore } from './search-store';
import { defaultSuppliers } from './suppliers/catalogue';
import type { Supplier } from './suppliers/supplier';

const now = () => new Date('2026-11-22T04:00:00Z');
const LIMIT_MS = 50;

/**
 * A store whose claims on an answer come back only once a search has recorded a supplier's failure: the
 * slowest a shared store can be, so that the supplier is asked after its search has given up on it.
 */
class SlowClaims extends MemorySearchStore {
  private told: () => void = () => {};
  private readonly failed = new Promise<void>((resolve) => {
    this.told = resolve;
  });

  override async answer(id: string, supplier: string, answer: string | 'failed'): Promise<number | undefined> {
    const seq = await super.answer(id, supplier, answer);
    if (answer === 'failed') this.told();
    return seq;
  }

  override async claimAnswer(key: string, id: string, pendingUntil: number): Promise<AnswerClaim> {
    await this.failed;
    return super.claimAnswer(key, id, pendingUntil);
  }
}

describe("a supplier's time limit", () => {
  it('is the search’s own: a supplier asked once its search has given up is told so, and does no work for it', async () => {
    const asked: { abortedWhenAsked: boolean; signal: AbortSignal }[] = [];
    const silent: Supplier = {
      id: 'silent',
      name: { en: 'Silent', 'zh-CN': '无应答' },
      kind: 'flight',
      quote: () => Promise.resolve(undefined),
      search: (_request, signal) => {
        asked.push({ abortedWhenAsked: signal.aborted, signal });
        return new Promise(() => {});
      },
    };
    const store = new SlowClaims(100, () => now().getTime());
    const service = new SearchService(
      testRefdata(),
      sharedInventory(testRefdata(), true),
      store,
      { supplierTimeoutMs: LIMIT_MS, answerReuseMs: 60_000, suppliers: () => [silent] },
      now,
    );
    const id = await service.start(flightsFromBeijing('SHA', '2026/12/10'), 'en');
    await expect.poll(async () => (await service.pull(id, 0)).done, { interval: 10, timeout: 30_000 }).toBe(true);
    expect((await service.pull(id, 0)).failed.map((f) => f.en)).toEqual(['Silent']);
    // The search gave up before the shared store let the supplier be asked: the supplier hears it at once.
    await expect.poll(() => asked.length, { interval: 10, timeout: 30_000 }).toBe(1);
    expect(asked[0]?.abortedWhenAsked).toBe(true);
  });

  it('keeps an answer the supplier gave in time when storing it outlasts the limit: answered once, not failed', async () => {
    let limitPassed = () => {};
    const passed = new Promise<void>((resolve) => {
      limitPassed = resolve;
    });
    class SlowWrites extends MemorySearchStore {
      writes = 0;
      override async storeAnswer(...args: Parameters<MemorySearchStore['storeAnswer']>) {
        this.writes++;
        await passed;
        return super.storeAnswer(...args);
      }
    }
    const store = new SlowWrites(100, () => now().getTime());
    // A seller with its results at hand at once; its search's limit passing lets the write go on.
    const prompt = (inv: Inventory): Supplier[] =>
      defaultSuppliers(inv, { latencyScale: 0, failures: false, plannerWorker: false })
        .filter((s) => s.kind === 'flight')
        .slice(0, 1)
        .map((s) => ({
          ...s,
          search: (request, signal) => {
            signal.addEventListener('abort', () => limitPassed(), { once: true });
            return s.search(request, signal);
          },
        }));
    const service = new SearchService(
      testRefdata(),
      sharedInventory(testRefdata(), true),
      store,
      { supplierTimeoutMs: LIMIT_MS, answerReuseMs: 60_000, suppliers: prompt },
      now,
    );
    const id = await service.start(flightsFromBeijing('SHA', '2026/12/10'), 'en');
    await expect.poll(async () => (await service.pull(id, 0)).done, { interval: 10, timeout: 30_000 }).toBe(true);
    const pulled = await service.pull(id, 0);
    expect(store.writes).toBe(1);
    expect(pulled).toMatchObject({ answered: 1, total: 1, failed: [] });
    expect(pulled.resultsJson).toContain('"kind":"flight"');
  });
});
