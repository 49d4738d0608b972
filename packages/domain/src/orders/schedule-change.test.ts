import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ResultLeg } from '../search/search.schema';
import type { LegKind } from '../search/search-options';
import { applyScheduleChange, type ScheduledItinerary, scheduleChangeOf, shiftIso } from './schedule-change';

const point = { code: '', name: { en: 'Somewhere', 'zh-CN': '某地' }, kind: 'address' as const, lat: 0, lon: 0 };
const OFFSETS = ['+08:00', '+09:00', '+00:00', '-05:00', '+05:30'];

/** A local ISO time of an instant in a fixed offset. */
function localIso(ms: number, offset: string): string {
  const sign = offset.startsWith('-') ? -1 : 1;
  const offsetMs = sign * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6))) * 60_000;
  return `${new Date(ms + offsetMs).toISOString().slice(0, 19)}${offset}`;
}

function leg(kind: LegKind, start: number, minutes: number, offsets: [string, string]): ResultLeg {
  return {
    kind,
    carrier: kind === 'air' ? 'CA' : '',
    carrierName: { en: '', 'zh-CN': '' },
    number: kind === 'air' ? `CA${minutes}` : '',
    from: point,
    to: point,
    departureTime: localIso(start, offsets[0]),
    arrivalTime: localIso(start + minutes * 60_000, offsets[1]),
    durationMinutes: minutes,
    price: { amount: 0, currency: 'CNY' },
    separateTicket: false,
  };
}

/** Itineraries of one or two journeys whose legs follow one another, rides and ground legs mixed. */
const itineraries = fc
  .record({
    start: fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2028, 0, 1) }).map((ms) => ms - (ms % 60_000)),
    legs: fc.array(
      fc.record({
        kind: fc.constantFrom<LegKind>('air', 'land', 'subway', 'taxi', 'lands'),
        minutes: fc.integer({ min: 5, max: 900 }),
        wait: fc.integer({ min: 0, max: 300 }),
        offsets: fc.tuple(fc.constantFrom(...OFFSETS), fc.constantFrom(...OFFSETS)),
      }),
      { minLength: 1, maxLength: 9 },
    ),
    split: fc.nat(),
  })
  .map(({ start, legs: specs, split }): ScheduledItinerary => {
    let at = start;
    const legs = specs.map((s) => {
      const made = leg(s.kind, at + s.wait * 60_000, s.minutes, s.offsets);
      at += (s.wait + s.minutes) * 60_000;
      return made;
    });
    const cut = split % legs.length;
    const bounds =
      cut === 0
        ? [{ start: 0, end: legs.length }]
        : [
            { start: 0, end: cut },
            { start: cut, end: legs.length },
          ];
    return { legs, bounds };
  });

const rideOf = (it: ScheduledItinerary) => fc.constantFrom(...it.legs.map((_, i) => i));
const isRide = (l: ResultLeg) => l.kind === 'air' || l.kind === 'land';

/** A published change of a ride: later or earlier by up to five hours, its arrival moving on its own. */
const changes = itineraries.chain((it) =>
  fc.record({
    it: fc.constant(it),
    index: rideOf(it),
    departs: fc.integer({ min: -300, max: 300 }),
    arrives: fc.integer({ min: -300, max: 300 }),
  }),
);

function publish(it: ScheduledItinerary, index: number, departs: number, arrives: number) {
  const ride = it.legs[index] as ResultLeg;
  return {
    legIndex: index,
    departureTime: shiftIso(ride.departureTime, departs * 60_000),
    arrivalTime: shiftIso(ride.arrivalTime, Math.max(arrives, departs - ride.durationMinutes + 1) * 60_000),
  };
}

describe('a schedule change', () => {
  it('moves an ISO time by minutes in its own offset', () => {
    expect(shiftIso('2026-12-19T06:36:00+08:00', 25 * 60_000)).toBe('2026-12-19T07:01:00+08:00');
    expect(shiftIso('2026-12-19T23:50:00-05:00', 20 * 60_000)).toBe('2026-12-20T00:10:00-05:00');
    expect(shiftIso('2026-12-19T00:10:00Z', -20 * 60_000)).toBe('2026-12-18T23:50:00Z');
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2100, 0, 1) }).map((ms) => ms - (ms % 1000)),
        fc.constantFrom(...OFFSETS),
        fc.integer({ min: -10_000, max: 10_000 }),
        (ms, offset, minutes) => {
          const moved = shiftIso(localIso(ms, offset), minutes * 60_000);
          expect(Date.parse(moved)).toBe(ms + minutes * 60_000);
          expect(moved.endsWith(offset)).toBe(true);
        },
      ),
    );
  });

  it('gives the ride its published times and keeps the times it was booked with', () => {
    fc.assert(
      fc.property(changes, ({ it, index, departs, arrives }) => {
        const ride = it.legs[index] as ResultLeg;
        const change = publish(it, index, departs, arrives);
        const after = applyScheduleChange(it, change);
        if (!isRide(ride)) {
          expect(after).toBe(it);
          return;
        }
        const moved = after.legs[index] as ResultLeg;
        expect(moved.departureTime).toBe(change.departureTime);
        expect(moved.arrivalTime).toBe(change.arrivalTime);
        expect(moved.durationMinutes * 60_000).toBe(Date.parse(moved.arrivalTime) - Date.parse(moved.departureTime));
        expect(scheduleChangeOf(after.scheduleChanges, index)).toEqual({
          ...change,
          previousDepartureTime: ride.departureTime,
          previousArrivalTime: ride.arrivalTime,
        });
      }),
    );
  });

  it('moves the ground legs after the ride with its arrival, up to the next ride of its journey, and nothing else', () => {
    fc.assert(
      fc.property(changes, ({ it, index, departs, arrives }) => {
        if (!isRide(it.legs[index] as ResultLeg)) return;
        const change = publish(it, index, departs, arrives);
        const after = applyScheduleChange(it, change);
        const moved = Date.parse(change.arrivalTime) - Date.parse((it.legs[index] as ResultLeg).arrivalTime);
        const bound = it.bounds.find((b) => index >= b.start && index < b.end) as { end: number };
        const nextRide = it.legs.findIndex((l, i) => i > index && isRide(l));
        const followEnd = Math.min(bound.end, nextRide < 0 ? it.legs.length : nextRide);
        expect(after.legs).toHaveLength(it.legs.length);
        for (const [i, before] of it.legs.entries()) {
          if (i === index) continue;
          const now = after.legs[i] as ResultLeg;
          if (i > index && i < followEnd) {
            expect(Date.parse(now.departureTime) - Date.parse(before.departureTime)).toBe(moved);
            expect(Date.parse(now.arrivalTime) - Date.parse(before.arrivalTime)).toBe(moved);
            expect(now.departureTime.slice(19)).toBe(before.departureTime.slice(19));
            expect(now.durationMinutes).toBe(before.durationMinutes);
          } else {
            expect(now).toEqual(before);
          }
        }
      }),
    );
  });

  it('is the same applied once or again, and remembers the first booked times across changes', () => {
    fc.assert(
      fc.property(changes, fc.integer({ min: -120, max: 120 }), ({ it, index, departs, arrives }, again) => {
        if (!isRide(it.legs[index] as ResultLeg)) return;
        const change = publish(it, index, departs, arrives);
        const once = applyScheduleChange(it, change);
        expect(applyScheduleChange(once, change)).toEqual(once);
        const twice = applyScheduleChange(once, publish(once, index, again, again));
        expect(twice.scheduleChanges).toHaveLength(1);
        expect(scheduleChangeOf(twice.scheduleChanges, index)?.previousDepartureTime).toBe(
          (it.legs[index] as ResultLeg).departureTime,
        );
      }),
    );
  });

  it('changes nothing for a leg that is not a ride of the itinerary, or times that are not times', () => {
    const it: ScheduledItinerary = {
      legs: [
        leg('subway', Date.UTC(2026, 11, 19, 0), 40, ['+08:00', '+08:00']),
        leg('air', Date.UTC(2026, 11, 19, 1), 120, ['+08:00', '+08:00']),
      ],
      bounds: [],
    };
    const at = it.legs[1]?.departureTime as string;
    expect(applyScheduleChange(it, { legIndex: 0, departureTime: at, arrivalTime: at })).toBe(it);
    expect(applyScheduleChange(it, { legIndex: 5, departureTime: at, arrivalTime: at })).toBe(it);
    expect(applyScheduleChange(it, { legIndex: 1, departureTime: 'soon', arrivalTime: at })).toBe(it);
    // Without journeys, the whole itinerary is one.
    const later = applyScheduleChange(it, {
      legIndex: 1,
      departureTime: shiftIso(at, 25 * 60_000),
      arrivalTime: shiftIso(it.legs[1]?.arrivalTime as string, 25 * 60_000),
    });
    expect(later.legs[1]?.departureTime).toBe('2026-12-19T09:25:00+08:00');
    expect(later.legs[0]).toEqual(it.legs[0]);
  });
});
