import type { GtfsFeed } from './read-gtfs';

/** The part of a feed whose trips call at a stop `keep` takes, with only the stops those trips call at. */
export function feedTouching(feed: GtfsFeed, keep: (stopId: string) => boolean): GtfsFeed {
  const trips = feed.trips.filter((t) => (feed.stopTimes.get(t.id) ?? []).some((s) => keep(s.stopId)));
  const used = new Set(trips.flatMap((t) => (feed.stopTimes.get(t.id) ?? []).map((s) => s.stopId)));
  return {
    ...feed,
    stops: feed.stops.filter((s) => used.has(s.id)),
    trips,
    stopTimes: new Map(trips.map((t) => [t.id, feed.stopTimes.get(t.id) ?? []])),
  };
}
