import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MarkedRoutes } from './marked-routes';

describe('the routes a round scans', () => {
  it('come in the order of their numbers, each once, from the first position marked, and none after clearing', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 200 }).chain((routeCount) =>
          fc.tuple(
            fc.constant(routeCount),
            fc.array(fc.tuple(fc.integer({ min: 0, max: routeCount - 1 }), fc.integer({ min: 0, max: 30 })), {
              maxLength: 100,
            }),
          ),
        ),
        ([routeCount, marks]) => {
          const marked = new MarkedRoutes(routeCount);
          for (let round = 0; round < 2; round++) {
            const first = new Map<number, number>();
            for (const [r, pos] of marks) {
              marked.mark(r, pos);
              first.set(r, Math.min(first.get(r) ?? pos, pos));
            }
            expect(marked.sort()).toBe(first.size);
            expect([...marked.list.subarray(0, marked.count)]).toEqual([...first.keys()].sort((a, b) => a - b));
            for (const [r, pos] of first) expect(marked.fromOf(r)).toBe(pos);
            marked.clear();
            expect(marked.sort()).toBe(0);
            for (const r of first.keys()) expect(marked.fromOf(r)).toBe(-1);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
