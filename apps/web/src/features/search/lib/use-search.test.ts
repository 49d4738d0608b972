import { type PullResponse, resultViewSchema, type SearchCriteria } from '@junction/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pullResponse } from '../../../testing/search-fixtures';
import { searchApi } from '../api/search-api';
import { PULL_INTERVAL_MS, streamSearch } from './use-search';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const pulled = pullResponse;

/**
 * The search's pulls as the results page makes them, against a server that answers each pull at once
 * with the next of `answers`; the test moves the clock.
 */
function pullsAgainst(answers: PullResponse[]) {
  vi.useFakeTimers();
  vi.spyOn(searchApi, 'start').mockResolvedValue({ searchId: 's1' });
  const asked: { cursor: number; waitMs?: number; at: number }[] = [];
  vi.spyOn(searchApi, 'pull').mockImplementation(async (_id, cursor, _signal, _view, waitMs) => {
    asked.push({ cursor, waitMs, at: Date.now() });
    return answers[Math.min(asked.length - 1, answers.length - 1)] as PullResponse;
  });
  const view = resultViewSchema.parse({ sort: 'best', offset: 0, limit: 20 });
  const events = streamSearch({} as SearchCriteria, new AbortController().signal, () => view);
  const run = (async () => {
    for await (const _ of events);
  })();
  return { asked, run };
}

describe('the results page’s pulls', () => {
  it('let the server wait for news, and follow a pull that brought some 100 ms later, not 400', async () => {
    const { asked, run } = pullsAgainst([
      pulled({ answered: 1, cursor: 4, phase: 'filter' }),
      pulled({ answered: 3, cursor: 9, phase: 'pull', done: true }),
    ]);
    await vi.advanceTimersByTimeAsync(0);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ cursor: 0, waitMs: PULL_INTERVAL_MS });
    await vi.advanceTimersByTimeAsync(99);
    expect(asked).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await run;
    expect(asked).toHaveLength(2);
    expect(asked[1]).toMatchObject({ cursor: 4, waitMs: PULL_INTERVAL_MS, at: (asked[0]?.at ?? 0) + 100 });
  });

  it('keep about 400 ms apart while nothing new comes, however soon the server answers', async () => {
    const { asked, run } = pullsAgainst([
      pulled({}),
      pulled({}),
      pulled({ answered: 3, cursor: 2, phase: 'pull', done: true }),
    ]);
    await vi.advanceTimersByTimeAsync(PULL_INTERVAL_MS - 1);
    expect(asked).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(asked).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(PULL_INTERVAL_MS);
    await run;
    expect(asked.map((a) => a.at - (asked[0]?.at ?? 0))).toEqual([0, PULL_INTERVAL_MS, 2 * PULL_INTERVAL_MS]);
  });

  it('count a supplier that failed as news, though no result came', async () => {
    const { asked, run } = pullsAgainst([
      pulled({ answered: 1, phase: 'filter' }),
      pulled({ answered: 3, phase: 'pull', done: true }),
    ]);
    await vi.advanceTimersByTimeAsync(100);
    await run;
    expect(asked.map((a) => a.at - (asked[0]?.at ?? 0))).toEqual([0, 100]);
  });
});
