import { describe, expect, it } from 'vitest';
import { lazyObject, lazyPromise } from './lazy';

class Counter {
  count = 0;
  add(n: number): number {
    this.count += n;
    return this.count;
  }
}

describe('lazy values', () => {
  it('read an object on its first use, once, with its methods bound to it', () => {
    let loads = 0;
    const counter = lazyObject(() => {
      loads++;
      return new Counter();
    });
    expect(loads).toBe(0);
    const add = counter.add;
    expect(add(2)).toBe(2);
    expect(counter.add(3)).toBe(5);
    expect(counter.count).toBe(5);
    expect('add' in counter).toBe(true);
    expect(loads).toBe(1);
  });

  it('compute a promised value on its first await, shared by every later one', async () => {
    let loads = 0;
    const value = lazyPromise(async () => {
      loads++;
      return 42;
    });
    expect(loads).toBe(0);
    expect(await Promise.all([value, value])).toEqual([42, 42]);
    expect(await value).toBe(42);
    expect(loads).toBe(1);
  });

  it('hand a failed computation to every awaiter', async () => {
    const value = lazyPromise<number>(async () => {
      throw new Error('unreadable');
    });
    await expect(Promise.resolve(value)).rejects.toThrow('unreadable');
  });
});
