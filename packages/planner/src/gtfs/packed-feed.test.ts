import { addDays, toGtfsDate } from '@junction/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeFeed, encodeFeed } from './compact-feed';
import { timetableFromGtfs } from './gtfs-timetable';
import { type PackedFeed, packedFeed, packFeed } from './packed-feed';
import type { GtfsFeed } from './read-gtfs';

const ZONES = ['Asia/Shanghai', 'Europe/London', 'America/New_York', 'Etc/UTC'];

/** Random feeds: a few agencies (one of them missing from agency.txt), stops, routes, services and trips. */
const feeds = fc
  .record({
    stops: fc.integer({ min: 2, max: 8 }),
    routes: fc.array(
      fc.record({
        agency: fc.integer({ min: 0, max: 2 }),
        type: fc.constantFrom(2, 101, 1100, 1),
        shortName: fc.string({ maxLength: 6 }),
        longName: fc.option(fc.string({ minLength: 1, maxLength: 8 }), { nil: undefined }),
      }),
      { minLength: 1, maxLength: 5 },
    ),
    services: fc.array(
      fc.record({ days: fc.integer({ min: 0, max: 127 }), start: fc.constantFrom('20260101', '20261203') }),
      {
        minLength: 1,
        maxLength: 3,
      },
    ),
    trips: fc.array(
      fc.record({
        route: fc.integer({ min: 0, max: 5 }),
        service: fc.integer({ min: 0, max: 3 }),
        shortName: fc.constantFrom('', 'G1', '中1', 'CA981'),
        calls: fc.array(fc.tuple(fc.nat(7), fc.integer({ min: 0, max: 30 * 3600 }), fc.nat(1800)), { maxLength: 5 }),
      }),
      { maxLength: 12 },
    ),
  })
  .map((g): GtfsFeed => {
    const stops = Array.from({ length: g.stops }, (_, i) => ({
      id: `rail:S${i}`,
      name: `站${i}`,
      ...(i % 2 ? { nameEn: `Station ${i}` } : {}),
      lat: 30 + i * 0.7,
      lon: 110 + i * 1.3,
    }));
    const trips = g.trips.map((t, i) => ({
      // Two trips share an id now and then, and so their stop times.
      id: `T${i % 7}`,
      routeId: `R${t.route}`,
      serviceId: `S${t.service}`,
      shortName: t.shortName,
    }));
    const stopTimes = new Map<string, { stopId: string; arrival: number; departure: number }[]>();
    g.trips.forEach((t, i) => {
      if (stopTimes.has(`T${i % 7}`)) return;
      let clock = 0;
      stopTimes.set(
        `T${i % 7}`,
        t.calls.map(([stop, gap, dwell]) => {
          const arrival = clock + gap;
          clock = arrival + dwell;
          return { stopId: `rail:S${stop % g.stops}`, arrival, departure: clock };
        }),
      );
    });
    return {
      agencies: new Map([
        ['A0', { timezone: ZONES[0] as string }],
        ['A1', { timezone: ZONES[1] as string }],
      ]),
      stops,
      routes: new Map(
        g.routes.map((r, i) => [
          `R${i}`,
          { agencyId: `A${r.agency}`, type: r.type, shortName: r.shortName, longName: r.longName },
        ]),
      ),
      trips,
      stopTimes,
      calendar: new Map(g.services.map((s, i) => [`S${i}`, { days: s.days, start: s.start, end: '20271231' }])),
    };
  });

/** The feed as `readGtfsZip` would give it, read back from the packed columns. */
function unpack(p: PackedFeed) {
  const trips = Array.from({ length: p.tripCount }, (_, t) => {
    const route = p.tripRoute[t] as number;
    const times = [];
    for (let i = p.tripTimeStart[t] as number; i < (p.tripTimeStart[t + 1] as number); i++)
      times.push({
        stopId: p.stops[p.timeStop[i] as number]?.id,
        arrival: p.arrival[i],
        departure: p.departure[i],
      });
    return {
      name: p.tripName.at(t),
      route:
        route < 0
          ? undefined
          : {
              agencyId: p.routeAgencyIds[p.routeAgency[route] as number],
              type: p.routeType[route],
              shortName: p.routeShortName.at(route),
              longName: p.routeLongName.at(route) || undefined,
            },
      service: p.services[p.tripService[t] as number],
      times,
    };
  });
  return { agencies: p.agencies, stops: p.stops, trips };
}

describe('a GTFS feed packed in shared memory', () => {
  it('holds every trip with its name, route, service and stop times, read back alike in another thread', () => {
    fc.assert(
      fc.property(feeds, (feed) => {
        const packed = packFeed(feed);
        // What a worker thread sees: views on the same memory, made from the buffer alone.
        const seen = packedFeed(packed.buffer);
        const expected = {
          agencies: feed.agencies,
          stops: feed.stops,
          trips: feed.trips.map((trip) => {
            const service = feed.calendar.get(trip.serviceId);
            return {
              name: trip.shortName || trip.id,
              route: feed.routes.get(trip.routeId),
              service: service && { id: trip.serviceId, ...service },
              times: feed.stopTimes.get(trip.id) ?? [],
            };
          }),
        };
        expect(unpack(packed)).toEqual(expected);
        expect(unpack(seen)).toEqual(expected);
      }),
    );
  });

  it('builds a timetable of the trips that run each day, whether from the feed or from its shared memory', () => {
    fc.assert(
      fc.property(feeds, fc.constantFrom('2026-03-27', '2026-12-05'), (feed, firstDate) => {
        const options = {
          firstDate,
          days: 3,
          fares: (type: number, agency: string) => ({ boardFee: type * 10 + agency.length, perKm: 40 }),
          changeSeconds: (id: string) => id.length * 60,
        };
        const ids = (tt: { tripIds: { length: number; at(i: number): string | undefined } }) =>
          Array.from({ length: tt.tripIds.length }, (_, t) => tt.tripIds.at(t) as string).sort();
        const direct = timetableFromGtfs([feed], options);
        const shared = timetableFromGtfs([packedFeed(packFeed(feed).buffer)], options);
        const running = [0, 1, 2].flatMap((d) => {
          const date = addDays(firstDate, d);
          const ymd = toGtfsDate(date);
          const bit = 1 << ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7);
          return feed.trips.flatMap((trip) => {
            const service = feed.calendar.get(trip.serviceId);
            const runs =
              feed.routes.has(trip.routeId) &&
              (feed.stopTimes.get(trip.id)?.length ?? 0) >= 2 &&
              !!service &&
              (service.days & bit) !== 0 &&
              ymd >= service.start &&
              ymd <= service.end;
            return runs ? [`${trip.shortName || trip.id} ${ymd}`] : [];
          });
        });
        expect(ids(direct.timetable)).toEqual(running.sort());
        expect(ids(shared.timetable)).toEqual(ids(direct.timetable));
        expect(shared.timetable.arrival).toEqual(direct.timetable.arrival);
        expect(shared.timetable.routeFare).toEqual(direct.timetable.routeFare);
        expect(shared.stopIds).toEqual(direct.stopIds);
      }),
    );
  });

  it('names a stop time at a stop the feed lacks', () => {
    const feed: GtfsFeed = {
      agencies: new Map(),
      stops: [{ id: 'A', name: 'A', lat: 0, lon: 0 }],
      routes: new Map(),
      trips: [{ id: 'T', routeId: 'R', serviceId: 'S', shortName: '' }],
      stopTimes: new Map([['T', [{ stopId: 'B', arrival: 0, departure: 0 }]]]),
      calendar: new Map(),
    };
    expect(() => packFeed(feed)).toThrow(/trip T calls at B/);
  });
});

describe('a GTFS feed in its compact form on disk', () => {
  it('reads back as the same feed, stop sequences and stops missing from the feed included', () => {
    fc.assert(
      fc.property(feeds, fc.boolean(), (feed, withSequence) => {
        if (withSequence)
          for (const list of feed.stopTimes.values())
            for (const [i, time] of list.entries()) Object.assign(time, { seq: i + 1 });
        // A stop time at a stop the feed lacks keeps its id.
        feed.stopTimes.set('X', [{ stopId: 'rail:missing', arrival: 60, departure: 120 }]);
        const back = decodeFeed(encodeFeed(feed));
        expect(back).toEqual(feed);
        expect([...back.stopTimes.keys()]).toEqual([...feed.stopTimes.keys()]);
        expect([...back.routes.keys()]).toEqual([...feed.routes.keys()]);
      }),
    );
  });

  it('refuses bytes that are not a compact feed', () => {
    expect(() => decodeFeed(new Uint8Array(64))).toThrow(/not a compact GTFS feed/);
  });
});
