import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Outcomes } from './outcomes';

const journeyArb = fc.record({
  arrival: fc.integer({ min: 0, max: 40 }),
  price: fc.integer({ min: 0, max: 40 }),
  transfers: fc.integer({ min: 0, max: 3 }),
});

describe('the journeys a search keeps', () => {
  it('are beaten or matched exactly when one kept arrives no later, costs no more and changes no more often', () => {
    fc.assert(
      fc.property(fc.array(journeyArb, { maxLength: 30 }), fc.array(journeyArb, { maxLength: 20 }), (added, asked) => {
        const outcomes = new Outcomes();
        const kept: { arrival: number; price: number; transfers: number }[] = [];
        const covers = (a: (typeof kept)[number], b: (typeof kept)[number]) =>
          a.arrival <= b.arrival && a.price <= b.price && a.transfers <= b.transfers;
        for (const [i, j] of added.entries()) {
          outcomes.add(j.arrival, j.price, j.transfers, i);
          if (kept.some((k) => covers(k, j))) continue;
          for (let x = kept.length - 1; x >= 0; x--) if (covers(j, kept[x] as (typeof kept)[number])) kept.splice(x, 1);
          kept.push(j);
          // Asked between additions too: the staircases follow every change.
          const q = asked[i % Math.max(1, asked.length)];
          if (q) expect(outcomes.dominates(q.arrival, q.price, q.transfers)).toBe(kept.some((k) => covers(k, q)));
        }
        for (const q of asked)
          expect(outcomes.dominates(q.arrival, q.price, q.transfers)).toBe(kept.some((k) => covers(k, q)));
        expect(outcomes.list().map(({ label: _, ...o }) => o)).toEqual(
          [...kept].sort((a, b) => a.arrival - b.arrival || a.price - b.price || a.transfers - b.transfers),
        );
      }),
      { numRuns: 1000 },
    );
  });
});
