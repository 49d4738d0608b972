import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shiftIso } from '../orders/schedule-change';
import { arriveBy, MIN_CONNECTION_MINUTES, missedConnection, selfTransfers } from './protection';

type Kind = 'air' | 'land' | 'subway' | 'taxi';
type Leg = { kind: Kind; departureTime: string; arrivalTime: string };

const at = (ms: number) => `${new Date(ms + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;
const START = Date.UTC(2026, 11, 1, 0, 0);

/** A ride, a ground leg or none, then the second ride `gap` minutes after the first arrives. */
function plan(first: 'air' | 'land', second: 'air' | 'land', ground: number, gap: number): Leg[] {
  const arrive = START + 120 * 60_000;
  const legs: Leg[] = [{ kind: first, departureTime: at(START), arrivalTime: at(arrive) }];
  if (ground > 0) legs.push({ kind: 'subway', departureTime: at(arrive), arrivalTime: at(arrive + ground * 60_000) });
  const leave = arrive + gap * 60_000;
  legs.push({ kind: second, departureTime: at(leave), arrivalTime: at(leave + 90 * 60_000) });
  return legs;
}
const ticketsOf = (legs: Leg[]) => [[0], [legs.length - 1]];
const delay = (legs: Leg[], minutes: number): Leg[] =>
  legs.map((l, i) =>
    i === 0
      ? {
          ...l,
          departureTime: shiftIso(l.departureTime, minutes * 60_000),
          arrivalTime: shiftIso(l.arrivalTime, minutes * 60_000),
        }
      : l,
  );

const ride = fc.constantFrom<'air' | 'land'>('air', 'land');

describe('a protected connection', () => {
  it('is missed exactly when the time left is less than the ground legs and the minimum connection', () => {
    fc.assert(
      fc.property(ride, ride, fc.integer({ min: 0, max: 90 }), fc.integer({ min: 0, max: 600 }), (a, b, g, gap) => {
        const legs = plan(a, b, g, gap);
        const need = g + MIN_CONNECTION_MINUTES[a][b];
        const missed = missedConnection(legs, ticketsOf(legs));
        expect(missed !== undefined).toBe(gap < need);
        if (missed) expect(missed).toEqual({ arriving: 0, departing: legs.length - 1, groundMinutes: g });
      }),
    );
  });

  it('stays missed under any longer delay, and is made under any shorter one', () => {
    fc.assert(
      fc.property(
        ride,
        ride,
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 60, max: 400 }),
        fc.integer({ min: 0, max: 600 }),
        fc.integer({ min: 0, max: 600 }),
        (a, b, g, gap, d1, d2) => {
          const legs = plan(a, b, g, gap);
          const [short, long] = d1 <= d2 ? [d1, d2] : [d2, d1];
          const missedShort = missedConnection(delay(legs, short), ticketsOf(legs)) !== undefined;
          const missedLong = missedConnection(delay(legs, long), ticketsOf(legs)) !== undefined;
          if (missedShort) expect(missedLong).toBe(true);
          if (!missedLong) expect(missedShort).toBe(false);
        },
      ),
    );
  });

  it('is no self-transfer when both rides are on one ticket, or the next leg is a taxi', () => {
    const legs = plan('air', 'land', 20, 0);
    expect(selfTransfers(legs, [[0, 2]])).toEqual([]);
    expect(missedConnection(legs, [[0, 2]])).toBeUndefined();
    const taxi: Leg[] = [legs[0] as Leg, { ...(legs[1] as Leg), kind: 'taxi' }];
    expect(selfTransfers(taxi, [[0]])).toEqual([]);
  });

  it('needs 45 minutes from a flight to a train at the boundary', () => {
    expect(missedConnection(plan('air', 'land', 0, 45), [[0], [1]])).toBeUndefined();
    expect(missedConnection(plan('air', 'land', 0, 44), [[0], [1]])).toBeDefined();
  });

  it('takes a ride replacing a cancelled one that arrives by its deadline, and no ride that arrives after it', () => {
    fc.assert(
      fc.property(
        ride,
        ride,
        fc.integer({ min: 0, max: 90 }),
        fc.integer({ min: 0, max: 600 }),
        fc.integer({ min: -600, max: 600 }),
        (a, b, g, gap, shift) => {
          const legs = plan(a, b, g, gap);
          const [transfer] = selfTransfers(legs, ticketsOf(legs));
          if (!transfer) throw new Error('no self-transfer');
          // Another departure of the cancelled ride's route, `shift` minutes from its deadline.
          const by = Date.parse(arriveBy(legs, transfer));
          const arrive = by + shift * 60_000;
          const replaced = legs.map((l, i) =>
            i === 0 ? { ...l, departureTime: at(arrive - 120 * 60_000), arrivalTime: at(arrive) } : l,
          );
          expect(missedConnection(replaced, ticketsOf(legs)) === undefined).toBe(shift <= 0);
        },
      ),
    );
  });
});
