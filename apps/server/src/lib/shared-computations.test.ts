import { describe, expect, it } from 'vitest';
import { SharedComputations } from './shared-computations';

/** A computation the test finishes by hand, counting how often it was started and whether it was cancelled. */
function gated() {
  const started: { key: string; signal: AbortSignal; finish: (v: string) => void; fail: (e: Error) => void }[] = [];
  const compute = (key: string) => (signal: AbortSignal) =>
    new Promise<string>((resolve, reject) => started.push({ key, signal, finish: resolve, fail: reject }));
  return { started, compute };
}

const never = () => new AbortController().signal;

describe('shared computations', () => {
  it('computes a key once for every concurrent asker and keeps the answer for later ones', async () => {
    const cache = new SharedComputations<string>(4);
    const { started, compute } = gated();
    const asks = [1, 2, 3].map(() => cache.get('a', never(), compute('a')));
    expect(started).toHaveLength(1);
    started[0]?.finish('A');
    expect(await Promise.all(asks)).toEqual(['A', 'A', 'A']);
    expect(await cache.get('a', never(), compute('a'))).toBe('A');
    expect(started).toHaveLength(1);
  });

  it('keeps the most recently used answers only', async () => {
    const cache = new SharedComputations<string>(2);
    for (const key of ['a', 'b']) await cache.get(key, never(), async () => key);
    await cache.get('a', never(), async () => 'again');
    await cache.get('c', never(), async () => 'c');
    expect(cache.keys()).toEqual(['a', 'c']);
    expect(await cache.get('b', never(), async () => 'b2')).toBe('b2');
  });

  it('cancels a computation once every asker has given up, and not before', async () => {
    const cache = new SharedComputations<string>(4);
    const { started, compute } = gated();
    const first = new AbortController();
    const second = new AbortController();
    const a = cache.get('k', first.signal, compute('k'));
    const b = cache.get('k', second.signal, compute('k'));
    first.abort(new Error('first gave up'));
    await expect(a).rejects.toThrow('first gave up');
    expect(started[0]?.signal.aborted).toBe(false);
    second.abort(new Error('second gave up'));
    await expect(b).rejects.toThrow('second gave up');
    expect(started[0]?.signal.aborted).toBe(true);
    // A later asker starts afresh.
    const c = cache.get('k', never(), compute('k'));
    expect(started).toHaveLength(2);
    started[1]?.finish('K');
    expect(await c).toBe('K');
  });

  it('does not keep a failure: the next asker computes again', async () => {
    const cache = new SharedComputations<string>(4);
    const { started, compute } = gated();
    const a = cache.get('k', never(), compute('k'));
    started[0]?.fail(new Error('boom'));
    await expect(a).rejects.toThrow('boom');
    expect(cache.stats()).toEqual({ kept: 0, computing: 0 });
    const b = cache.get('k', never(), compute('k'));
    started[1]?.finish('ok');
    expect(await b).toBe('ok');
  });

  it('refuses at once an asker whose signal has already aborted', async () => {
    const cache = new SharedComputations<string>(4);
    const gone = new AbortController();
    gone.abort(new Error('too late'));
    let computed = false;
    await expect(
      cache.get('k', gone.signal, async () => {
        computed = true;
        return 'x';
      }),
    ).rejects.toThrow('too late');
    expect(computed).toBe(false);
  });
});
