import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { Turns } from './turns';

/** Keeps the thread busy, as a simulated supplier working out its offers does. */
const busy = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // working
  }
};

describe('turns on the event loop', () => {
  it('gives waiters their turns in the order asked', async () => {
    const turns = new Turns();
    const order: number[] = [];
    await Promise.all([1, 2, 3, 4].map((n) => turns.next().then(() => order.push(n))));
    expect(order).toEqual([1, 2, 3, 4]);
    expect(turns.pending).toBe(0);
  });

  it('lets a timer that falls due during one turn run before the next turn, rather than after all of them', async () => {
    const turns = new Turns();
    const order: string[] = [];
    const done = ['a', 'b', 'c'].map((name, i) =>
      turns.next().then(() => {
        order.push(name);
        // During the first turn a time limit's timer is set, and falls due while the turn works on.
        if (i === 0) setTimeout(() => order.push('timer'), 0);
        busy(5);
      }),
    );
    await Promise.all(done);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(order).toEqual(['a', 'timer', 'b', 'c']);
  });
});
