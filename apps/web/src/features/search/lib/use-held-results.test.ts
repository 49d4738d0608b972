import type { SearchResult } from '@junction/domain';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useHeldResults } from './use-held-results';

const results = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `r${i}` }) as SearchResult);

describe('held results', () => {
  it('lets arrivals straight in while the traveller is not reading the list', () => {
    const { result, rerender } = renderHook(({ rs, engaged }) => useHeldResults('s1', rs, engaged), {
      initialProps: { rs: results(2), engaged: false },
    });
    rerender({ rs: results(5), engaged: false });
    expect(result.current.shown).toHaveLength(5);
    expect(result.current.pendingCount).toBe(0);
  });

  it('holds arrivals back while the traveller reads, and shows them on request or when they leave', () => {
    const { result, rerender } = renderHook(({ rs, engaged }) => useHeldResults('s1', rs, engaged), {
      initialProps: { rs: results(2), engaged: true },
    });
    rerender({ rs: results(5), engaged: true });
    expect(result.current.shown).toHaveLength(2);
    expect(result.current.pendingCount).toBe(3);
    act(() => result.current.showAll());
    expect(result.current.shown).toHaveLength(5);
    rerender({ rs: results(7), engaged: true });
    expect(result.current.pendingCount).toBe(2);
    rerender({ rs: results(7), engaged: false });
    expect(result.current.pendingCount).toBe(0);
  });

  it('keeps re-priced results as they were while the traveller reads', () => {
    const first = results(2);
    const repriced = [first[0], { id: 'r1', price: { amount: 1, currency: 'CNY' } } as SearchResult];
    const { result, rerender } = renderHook(({ rs, engaged }) => useHeldResults('s1', rs, engaged), {
      initialProps: { rs: first, engaged: true },
    });
    rerender({ rs: repriced as SearchResult[], engaged: true });
    expect(result.current.shown).toBe(first);
    rerender({ rs: repriced as SearchResult[], engaged: false });
    expect(result.current.shown).toBe(repriced);
  });

  it('always shows the first results, and starts over for a new search', () => {
    const { result, rerender } = renderHook(({ id, rs }) => useHeldResults(id, rs, true), {
      initialProps: { id: 's1', rs: results(0) },
    });
    rerender({ id: 's1', rs: results(3) });
    expect(result.current.shown).toHaveLength(3);
    rerender({ id: 's2', rs: results(1) });
    expect(result.current.shown).toHaveLength(1);
  });
});
