import type { ResultPage } from '@junction/domain';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useHeldPage } from './use-held-results';

const page = (count: number) => ({ count, matched: count, results: [] }) as unknown as ResultPage;

describe('held results', () => {
  it('lets arrivals straight in while the traveller is not reading the list', () => {
    const { result, rerender } = renderHook(({ p, engaged }) => useHeldPage('s1', p, 'best', engaged), {
      initialProps: { p: page(2), engaged: false },
    });
    rerender({ p: page(5), engaged: false });
    expect(result.current.shown?.count).toBe(5);
    expect(result.current.pendingCount).toBe(0);
  });

  it('holds arrivals back while the traveller reads, and shows them on request or when they leave', () => {
    const { result, rerender } = renderHook(({ p, engaged }) => useHeldPage('s1', p, 'best', engaged), {
      initialProps: { p: page(2), engaged: true },
    });
    rerender({ p: page(5), engaged: true });
    expect(result.current.shown?.count).toBe(2);
    expect(result.current.pendingCount).toBe(3);
    act(() => result.current.showAll());
    expect(result.current.shown?.count).toBe(5);
    rerender({ p: page(7), engaged: true });
    expect(result.current.pendingCount).toBe(2);
    rerender({ p: page(7), engaged: false });
    expect(result.current.pendingCount).toBe(0);
  });

  it('shows the page of another order or other filters at once, even while the traveller reads', () => {
    const first = page(3);
    const { result, rerender } = renderHook(({ p, key }) => useHeldPage('s1', p, key, true), {
      initialProps: { p: first, key: 'best' },
    });
    rerender({ p: page(4), key: 'best' });
    expect(result.current.shown).toBe(first);
    const cheapest = page(4);
    rerender({ p: cheapest, key: 'cheapest' });
    expect(result.current.shown).toBe(cheapest);
  });

  it('always shows the first results, and starts over for a new search', () => {
    const { result, rerender } = renderHook(({ id, p }) => useHeldPage(id, p, 'best', true), {
      initialProps: { id: 's1', p: page(0) },
    });
    rerender({ id: 's1', p: page(3) });
    expect(result.current.shown?.count).toBe(3);
    rerender({ id: 's2', p: page(1) });
    expect(result.current.shown?.count).toBe(1);
  });
});
