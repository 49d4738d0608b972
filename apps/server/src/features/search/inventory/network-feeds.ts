import type { GtfsFeed, PackedFeed } from '@junction/planner';
import { packedFeed } from '@junction/planner';

/**
 * The feeds door-to-door timetables are built from, packed in shared memory (`packFeed`): China Railway,
 * the flights with an end in Greater China, and each city's metro on its own, by city code. The process
 * reads them once; its planner workers build from views on the same memory.
 */
export type NetworkFeeds = { rail: PackedFeed; flights: PackedFeed; metros: Record<string, PackedFeed> };

/** The shared memory of the network's feeds, as posted to a worker thread. */
export type NetworkFeedBuffers = {
  rail: SharedArrayBuffer;
  flights: SharedArrayBuffer;
  metros: Record<string, SharedArrayBuffer>;
};

/**
 * The feeds a door-to-door timetable is built from, in the order it takes them: the rail network, the
 * flights, then every city's metro by city code (so each city's lines keep their order among the routes).
 */
export const timetableFeeds = (feeds: NetworkFeeds): PackedFeed[] => [
  feeds.rail,
  feeds.flights,
  ...Object.keys(feeds.metros)
    .sort()
    .map((city) => feeds.metros[city] as PackedFeed),
];

export const feedBuffers = (feeds: NetworkFeeds): NetworkFeedBuffers => ({
  rail: feeds.rail.buffer,
  flights: feeds.flights.buffer,
  metros: Object.fromEntries(Object.entries(feeds.metros).map(([city, feed]) => [city, feed.buffer])),
});

/** The network's feeds as views on the shared memory another thread packed them in. */
export const sharedFeeds = (buffers: NetworkFeedBuffers): NetworkFeeds => ({
  rail: packedFeed(buffers.rail),
  flights: packedFeed(buffers.flights),
  metros: Object.fromEntries(Object.entries(buffers.metros).map(([city, buffer]) => [city, packedFeed(buffer)])),
});

/**
 * The metro feed as one feed per city, by the city its agency runs in (`agencyCity`): a plan rides the
 * metro of the cities at its two ends only, and closes the other cities' stations (`DoorNetwork.closedFor`).
 */
export function metroByCity(feed: GtfsFeed, agencyCity: Readonly<Record<string, string>>): Record<string, GtfsFeed> {
  const out: Record<string, GtfsFeed> = {};
  const of = (city: string): GtfsFeed => {
    out[city] ??= {
      agencies: new Map(),
      stops: [],
      routes: new Map(),
      trips: [],
      stopTimes: new Map(),
      calendar: feed.calendar,
    };
    return out[city];
  };
  const routeCity = new Map<string, string>();
  for (const [id, route] of feed.routes) {
    const city = agencyCity[route.agencyId];
    if (!city) continue;
    routeCity.set(id, city);
    const part = of(city);
    part.routes.set(id, route);
    const agency = feed.agencies.get(route.agencyId);
    if (agency) part.agencies.set(route.agencyId, agency);
  }
  const stopCity = new Map<string, string>();
  for (const trip of feed.trips) {
    const city = routeCity.get(trip.routeId);
    if (!city) continue;
    const part = of(city);
    part.trips.push(trip);
    const times = feed.stopTimes.get(trip.id) ?? [];
    part.stopTimes.set(trip.id, times);
    for (const t of times) stopCity.set(t.stopId, city);
  }
  for (const stop of feed.stops) {
    const city = stopCity.get(stop.id);
    if (city) of(city).stops.push(stop);
  }
  return out;
}

/** The cities among `codes` with a metro in the feeds, each once, in order: the metros a plan between them rides. */
export function metroCities(feeds: NetworkFeeds, codes: readonly (string | undefined)[]): string[] {
  return [...new Set(codes.filter((c): c is string => !!c && !!feeds.metros[c]))].sort();
}
