import type { ResultLeg } from '@junction/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { movedFlights, type SellerFlight } from './schedule-changes';

const leg = (number: string, from: string, to: string, departureTime: string, arrivalTime: string) =>
  ({ kind: 'air', number, from: { code: from }, to: { code: to }, departureTime, arrivalTime }) as ResultLeg;

/** A leg as its seller tells it: the same airports, local times without their offset. */
const told = (l: ResultLeg, departure = l.departureTime, arrival = l.arrivalTime): SellerFlight => ({
  from: l.from.code,
  to: l.to.code,
  departingAt: departure.slice(0, 19),
  arrivingAt: arrival.slice(0, 19),
});

describe("a seller's new flight times", () => {
  // Beijing to Seoul and back, a taxi between.
  const legs = [
    leg('KE852', 'PEK', 'ICN', '2027-01-02T09:40:00+08:00', '2027-01-02T12:45:00+09:00'),
    { kind: 'taxi', departureTime: '2027-01-02T13:30:00+09:00', arrivalTime: '2027-01-02T14:30:00+09:00' } as ResultLeg,
    leg('KE851', 'ICN', 'PEK', '2027-01-05T12:05:00+09:00', '2027-01-05T13:25:00+08:00'),
  ];
  const [out, , back] = legs as [ResultLeg, ResultLeg, ResultLeg];

  it('are changes only for the flights whose departure moved, with the offsets as bought', () => {
    expect(movedFlights(legs, [0, 2], [told(out, '2027-01-02T10:25:00', '2027-01-02T13:30:00'), told(back)])).toEqual([
      { legIndex: 0, departureTime: '2027-01-02T10:25:00+08:00', arrivalTime: '2027-01-02T13:30:00+09:00' },
    ]);
  });

  it('find the flight a seller names alone by its airports, as Duffel sends only the slices a change added', () => {
    expect(movedFlights(legs, [0, 2], [told(back, '2027-01-05T14:05:00', '2027-01-05T15:25:00')])).toEqual([
      { legIndex: 2, departureTime: '2027-01-05T14:05:00+09:00', arrivalTime: '2027-01-05T15:25:00+08:00' },
    ]);
  });

  it('are none when nothing moved, or for a flight the sub-order does not have', () => {
    expect(movedFlights(legs, [0, 2], [told(out), told(back)])).toEqual([]);
    expect(movedFlights(legs, [0, 2], [{ ...told(out, '2027-01-02T11:00:00'), to: 'NRT' }])).toEqual([]);
  });

  it('are, in whatever order the seller lists them, exactly the flights that moved, at their new times', () => {
    // A multi-city trip with the same route on two days: each flight is told apart by its day.
    const trip = [
      leg('KE852', 'PEK', 'ICN', '2027-01-02T09:40:00+08:00', '2027-01-02T12:45:00+09:00'),
      leg('KE705', 'ICN', 'NRT', '2027-01-03T13:30:00+09:00', '2027-01-03T15:45:00+09:00'),
      leg('KE852', 'PEK', 'ICN', '2027-01-09T09:40:00+08:00', '2027-01-09T12:45:00+09:00'),
    ];
    const later = (iso: string, minutes: number) =>
      new Date(Date.parse(`${iso.slice(0, 19)}Z`) + minutes * 60_000).toISOString().slice(0, 19);
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -180, max: 600 }), { minLength: 3, maxLength: 3 }),
        fc.shuffledSubarray([0, 1, 2], { minLength: 1 }),
        (minutes, listed) => {
          const flights = listed.map((i) => {
            const l = trip[i] as ResultLeg;
            const m = minutes[i] ?? 0;
            return { ...told(l), departingAt: later(l.departureTime, m), arrivingAt: later(l.arrivalTime, m) };
          });
          const changes = movedFlights(trip, [0, 1, 2], flights);
          const moved = listed.filter((i) => minutes[i] !== 0).sort();
          expect(changes.map((c) => c.legIndex).sort()).toEqual(moved);
          for (const c of changes) {
            const l = trip[c.legIndex] as ResultLeg;
            const m = minutes[c.legIndex] ?? 0;
            expect(c.departureTime).toBe(`${later(l.departureTime, m)}${l.departureTime.slice(19)}`);
            expect(c.arrivalTime).toBe(`${later(l.arrivalTime, m)}${l.arrivalTime.slice(19)}`);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
