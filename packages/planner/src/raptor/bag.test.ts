import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BagSet } from './bag';

type Entry = { time: number; price: number; trips: number; label: number };

const stepArb = fc.oneof(
  fc.record({
    kind: fc.constant('insert' as const),
    stop: fc.integer({ min: 0, max: 2 }),
    time: fc.integer({ min: 0, max: 12 }),
    price: fc.integer({ min: 0, max: 12 }),
    trips: fc.integer({ min: 0, max: 3 }),
  }),
  fc.record({ kind: fc.constant('unlink' as const), stop: fc.integer({ min: 0, max: 2 }), at: fc.nat() }),
);

type Criteria = Omit<Entry, 'label'>;
const covers = (a: Criteria, b: Criteria) => a.time <= b.time && a.price <= b.price && a.trips <= b.trips;

/** The entries of the bag at a stop, as its list holds them. */
function entries(bags: BagSet, stop: number): Entry[] {
  const out: Entry[] = [];
  for (let e = bags.first(stop); e >= 0; e = bags.nextOf(e))
    out.push({
      time: bags.time[e] as number,
      price: bags.price[e] as number,
      trips: bags.trips[e] as number,
      label: bags.label[e] as number,
    });
  return out;
}

describe('the labels a stop keeps', () => {
  it('take a label exactly when none kept is as good on time, price and rides, and drop those it beats', () => {
    fc.assert(
      fc.property(fc.array(stepArb, { maxLength: 40 }), (steps) => {
        const bags = new BagSet(3);
        const model: Entry[][] = [[], [], []];
        for (const [label, step] of steps.entries()) {
          const kept = model[step.stop] as Entry[];
          if (step.kind === 'unlink') {
            // As a search drops a label that journeys found since now beat.
            const list = entries(bags, step.stop);
            if (list.length === 0) continue;
            const at = step.at % list.length;
            let prev = -1;
            let e = bags.first(step.stop);
            for (let i = 0; i < at; i++) {
              prev = e;
              e = bags.nextOf(e);
            }
            bags.unlink(step.stop, prev, e);
            kept.splice(kept.length - 1 - at, 1);
            continue;
          }
          const expected = !kept.some((k) => covers(k, step));
          expect(bags.insert(step.stop, step.time, step.price, label, step.trips)).toBe(expected);
          expect(bags.dominates(step.stop, step.time, step.price, step.trips)).toBe(true);
          if (!expected) continue;
          model[step.stop] = [
            ...kept.filter((k) => !covers(step, k)),
            { time: step.time, price: step.price, trips: step.trips, label },
          ];
        }
        // The newest first, as the list links them.
        for (let s = 0; s < 3; s++) expect(entries(bags, s)).toEqual([...(model[s] as Entry[])].reverse());
      }),
      { numRuns: 1000 },
    );
  });
});
