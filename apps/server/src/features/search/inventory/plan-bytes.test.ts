import type { TransitLink } from '@junction/refdata';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { testRefdata } from '../../../../test/harness';
import type { DoorToDoorJourney } from './door-to-door';
import { readPlan, writePlan } from './plan-bytes';

const links: readonly TransitLink[] = testRefdata().massTransit.slice(0, 5);
const count = fc.integer({ min: 0, max: 2_000_000 });
const end = fc.record(
  {
    kind: fc.constantFrom('taxi' as const, 'subway' as const, 'walk' as const),
    link: fc.constantFrom(...links),
    seconds: count,
    price: count,
    stop: fc.nat(9000),
  },
  { requiredKeys: ['kind', 'seconds', 'price', 'stop'] },
);
const leg = fc.oneof(
  fc.record({
    kind: fc.constant('ride' as const),
    trip: fc.nat(),
    route: fc.nat(),
    boardStop: fc.nat(9000),
    alightStop: fc.nat(9000),
    departure: count,
    arrival: count,
    price: count,
  }),
  fc.record({
    kind: fc.constant('transfer' as const),
    fromStop: fc.nat(9000),
    toStop: fc.nat(9000),
    seconds: count,
    price: count,
  }),
);
const journey: fc.Arbitrary<DoorToDoorJourney> = fc.record({
  access: end,
  egress: end,
  outcome: fc.record(
    { arrival: count, price: count, transfers: fc.nat(6), legs: fc.array(leg, { maxLength: 9 }) },
    { requiredKeys: ['arrival', 'price', 'transfers'] },
  ),
  leaveAt: fc.integer({ min: 0, max: 9 * 86_400_000 }),
});

describe("a plan's journeys as bytes", () => {
  it('are read back as written, on the dates of the timetable they are read on', () => {
    const epochMs = Date.parse('2026-12-06T00:00:00Z');
    fc.assert(
      fc.property(fc.array(journey, { maxLength: 30 }), fc.integer({ min: -60, max: 60 }), (journeys, weeks) => {
        const moved = epochMs + weeks * 7 * 86_400_000;
        const on = journeys.map((j) => ({ ...j, leaveAt: epochMs + j.leaveAt }));
        const read = readPlan(writePlan(on, epochMs, links), moved, links);
        expect(read).toEqual(on.map((j) => ({ ...j, leaveAt: j.leaveAt - epochMs + moved })));
        // The links are the planner's own, not copies.
        for (const [i, j] of read.entries()) expect(j.access.link).toBe(on[i]?.access.link);
      }),
    );
  });

  it('name only links the planner has, and are not read by a planner without them', () => {
    const plan: DoorToDoorJourney = {
      access: { kind: 'subway', link: links[4] as TransitLink, seconds: 1800, price: 700, stop: 3 },
      egress: { kind: 'taxi', seconds: 900, price: 4200, stop: 8 },
      outcome: { arrival: 40_000, price: 55_300, transfers: 0 },
      leaveAt: 1000,
    };
    expect(() => readPlan(writePlan([plan], 0, links), 0, links.slice(0, 2))).toThrow(/link/);
    expect(() => writePlan([plan], 0, [])).toThrow(/link/);
  });
});
