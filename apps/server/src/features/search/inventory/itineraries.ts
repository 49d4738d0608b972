import type { FlightInstance, FlightSchedule } from './flight-schedule';

/**
 * Connection rules: the longest layover offered, and the protected buffer a self-transfer (separate
 * tickets on airlines that do not sell each other's flights) must leave. Minimum connection times on one
 * ticket are per airport, as data (`ItineraryQuery.connectionMinutes`).
 */
export const CONNECTION_RULES = {
  maxLayoverMin: 14 * 60,
  selfTransferMinMin: 180,
};

export type Itinerary = {
  segments: FlightInstance[];
  /** Index of the segment after which a self-transfer happens, or -1. */
  selfTransferAfter: number;
};

export type ItineraryQuery = {
  origins: number[];
  destinations: number[];
  fromMs: number;
  toMs: number;
  countryOf: (airport: number) => string;
  /** Minimum connection time on one ticket at an airport, domestic (both flights in one country) or not. */
  connectionMinutes: (airport: number, domestic: boolean) => number;
  /** Airlines that ticket each other's flights on one ticket (same airline, or partners). */
  sameTicket: (a: string, b: string) => boolean;
  maxResults?: number;
};

/**
 * Nonstop flights and one-stop connections between two sets of airports for departures in a window.
 * Per first flight it keeps the earliest onward flight on the same ticket and the earliest self-transfer,
 * then drops connections far slower than the fastest way.
 */
export function findItineraries(schedule: FlightSchedule, q: ItineraryQuery): Itinerary[] {
  const destinations = new Set(q.destinations);
  const destinationList = [...destinations];
  const origins = new Set(q.origins);
  // A trip within one country changes planes at home: nobody flies Beijing–Shanghai through Seoul, and
  // a connection abroad would need a passport and a visa for a domestic journey.
  const countries = new Set([...q.origins, ...q.destinations].map(q.countryOf));
  const home = countries.size === 1 ? [...countries][0] : undefined;
  const out: Itinerary[] = [];
  for (const o of q.origins) {
    for (const first of schedule.departures(o, q.fromMs, q.toMs)) {
      const hub = schedule.destination[first.flight] as number;
      if (destinations.has(hub)) {
        out.push({ segments: [first], selfTransferAfter: -1 });
        continue;
      }
      if (origins.has(hub) || (home !== undefined && q.countryOf(hub) !== home)) continue;
      const domestic =
        q.countryOf(o) === q.countryOf(hub) && q.destinations.some((d) => q.countryOf(d) === q.countryOf(hub));
      const mct = q.connectionMinutes(hub, domestic);
      const onward = schedule.departuresTo(
        hub,
        destinationList,
        first.arrival + mct * 60_000,
        first.arrival + CONNECTION_RULES.maxLayoverMin * 60_000,
      );
      const firstAirline = schedule.airlineOf(first.flight);
      let ticketed = false;
      let self = false;
      for (const second of onward) {
        const together = q.sameTicket(firstAirline, schedule.airlineOf(second.flight));
        if (together && !ticketed) {
          ticketed = true;
          out.push({ segments: [first, second], selfTransferAfter: -1 });
        } else if (
          !together &&
          !self &&
          second.departure - first.arrival >= CONNECTION_RULES.selfTransferMinMin * 60_000
        ) {
          self = true;
          out.push({ segments: [first, second], selfTransferAfter: 0 });
        }
        if (ticketed && self) break;
      }
    }
  }
  if (out.length === 0) return out;
  const duration = (i: Itinerary) =>
    (i.segments[i.segments.length - 1] as FlightInstance).arrival - (i.segments[0] as FlightInstance).departure;
  const fastest = Math.min(...out.map(duration));
  const limit = Math.max(fastest * 2.2, fastest + 8 * 3600_000);
  return out
    .filter((i) => i.segments.length === 1 || duration(i) <= limit)
    .sort((a, b) => a.segments.length - b.segments.length || duration(a) - duration(b))
    .slice(0, q.maxResults ?? 120);
}
