import { addDays, type LatLon } from '@junction/domain';
import {
  type Access,
  DEFAULT_TAXI,
  type GtfsFeed,
  type LoadedTimetable,
  McRaptor,
  type Outcome,
  StopGrid,
  taxi,
  taxiAccess,
  taxiTransfers,
  timetableFromGtfs,
} from '@junction/planner';
import type { RawPlace, TransitLink } from '@junction/refdata';

/** One way through the network, with the ends reached by taxi or metro. */
export type DoorToDoorJourney = {
  access: { kind: 'taxi' | 'subway'; link?: TransitLink; seconds: number; price: number; stop: number };
  egress: { kind: 'taxi' | 'subway'; link?: TransitLink; seconds: number; price: number; stop: number };
  outcome: Outcome;
  /** The absolute instant (ms) the traveller leaves the door. */
  leaveAt: number;
};

/** Planning parameters, as data. */
export const DOOR_TO_DOOR = {
  /**
   * Minutes to change between flights at an airport, and between trains at a station. Every ride of a
   * door-to-door plan is its own ticket, so a change of flights is a self-transfer with its protected buffer.
   */
  airChangeMin: 180,
  railChangeMin: 20,
  /** The traveller's walk to a metro or airport-express station in the centre, and back. */
  transitWalkMin: 8,
  /** Time to be at an airport before a flight, and at a station before a train. */
  airportCheckInMin: 60,
  stationCheckInMin: 15,
  /** Departure times (hours, local) the planner tries over the day. */
  departureHours: [5, 7, 9, 11, 13, 15, 17, 19, 21],
  maxTransfers: 2,
  /** Rough planning fares: the exact prices come from the fare model once a journey is chosen. */
  planningFares: {
    air: { boardFee: 28_000, perKm: 55 },
    highSpeed: { boardFee: 0, perKm: 46 },
    rail: { boardFee: 0, perKm: 20 },
  },
};

export type NetworkFeeds = { rail: GtfsFeed; flights: GtfsFeed };

/**
 * Door-to-door planning over China Railway and the flights touching Greater China, with taxi and metro
 * legs at both ends and taxi transfers between stations and airports. A timetable is built for the
 * days around a travel date on first use and kept for a few dates.
 */
export class DoorToDoorPlanner {
  private readonly networks = new Map<string, { loaded: LoadedTimetable; grid: StopGrid; raptor: McRaptor }>();

  constructor(
    private readonly feeds: NetworkFeeds,
    private readonly transit: readonly TransitLink[],
    private readonly keep = 8,
  ) {}

  network(date: string) {
    let net = this.networks.get(date);
    if (net) {
      this.networks.delete(date);
      this.networks.set(date, net);
      return net;
    }
    const f = DOOR_TO_DOOR.planningFares;
    const loaded = timetableFromGtfs([this.feeds.rail, this.feeds.flights], {
      firstDate: addDays(date, -1),
      days: 3,
      fares: (type) => (type === 1100 ? f.air : type === 101 ? f.highSpeed : f.rail),
      changeSeconds: (id) => (id.startsWith('air:') ? DOOR_TO_DOOR.airChangeMin : DOOR_TO_DOOR.railChangeMin) * 60,
      groundTransfers: (points) => taxiTransfers(points, 6),
    });
    net = { loaded, grid: new StopGrid(loaded.stopPoints), raptor: new McRaptor(loaded.timetable) };
    this.networks.set(date, net);
    while (this.networks.size > this.keep) this.networks.delete(this.networks.keys().next().value as string);
    return net;
  }

  /** Ways to reach stops from a point: taxis to the nearby ones, and the city's metro and airport-express links. */
  private ends(loaded: LoadedTimetable, grid: StopGrid, point: LatLon, city: RawPlace | undefined) {
    const checkIn = (stop: number) =>
      ((loaded.stopIds[stop] ?? '').startsWith('air:')
        ? DOOR_TO_DOOR.airportCheckInMin
        : DOOR_TO_DOOR.stationCheckInMin) * 60;
    const options: DoorToDoorJourney['access'][] = taxiAccess(grid, loaded.stopPoints, point)
      .slice(0, 24)
      .map((a) => ({ kind: 'taxi' as const, seconds: a.seconds + checkIn(a.stop), price: a.price, stop: a.stop }));
    if (city) {
      for (const link of this.transit) {
        if (link.cityCode !== city.cityCode) continue;
        const stop = loaded.stopIndex.get(`${link.fromKind === 'airport' ? 'air' : 'rail'}:${link.fromCode}`);
        if (stop === undefined) continue;
        const seconds =
          (DOOR_TO_DOOR.transitWalkMin + link.frequencyMinutes / 2 + link.durationMinutes) * 60 + checkIn(stop);
        options.push({ kind: 'subway', link, seconds: Math.round(seconds), price: link.fareMinor, stop });
      }
    }
    return options;
  }

  /**
   * Pareto-optimal door-to-door journeys leaving `from` on the local day `date` (midnight at `dayStart`,
   * epoch ms), tried from several times of day so the list covers the whole day.
   */
  plan(p: { from: LatLon; to: LatLon; fromCity?: RawPlace; toCity?: RawPlace; date: string; dayStart: number }) {
    const net = this.network(p.date);
    const { loaded, grid, raptor } = net;
    const access = this.ends(loaded, grid, p.from, p.fromCity);
    const egressAll = this.ends(loaded, grid, p.to, p.toCity);
    // The engine takes one way out per stop: the quickest.
    const egressByStop = new Map<number, DoorToDoorJourney['egress']>();
    for (const e of egressAll) {
      const known = egressByStop.get(e.stop);
      if (!known || e.seconds < known.seconds) egressByStop.set(e.stop, e);
    }
    const toAccess = (list: DoorToDoorJourney['access'][]): Access[] =>
      list.map((a) => ({ stop: a.stop, seconds: a.seconds, price: a.price }));
    const journeys: DoorToDoorJourney[] = [];
    const seen = new Set<string>();
    const direct = taxi(p.from, p.to, DEFAULT_TAXI);
    for (const hour of DOOR_TO_DOOR.departureHours) {
      const leaveAt = p.dayStart + hour * 3600_000;
      const departAt = Math.round((leaveAt - loaded.epochMs) / 1000);
      const outcomes = raptor.plan({
        departAt,
        access: toAccess(access),
        egress: toAccess([...egressByStop.values()]),
        maxTransfers: DOOR_TO_DOOR.maxTransfers,
      });
      for (const outcome of outcomes) {
        const rides = (outcome.legs ?? []).filter((l) => l.kind === 'ride');
        const first = rides[0];
        const last = rides[rides.length - 1];
        if (!first || !last || first.kind !== 'ride' || last.kind !== 'ride') continue;
        // A plan slower than driving the whole way is no plan.
        if (outcome.arrival - departAt > direct.seconds * 1.5 && direct.km < 300) continue;
        const key = rides.map((r) => (r.kind === 'ride' ? r.trip : -1)).join('+');
        if (seen.has(key)) continue;
        seen.add(key);
        const firstDeparture = first.departure;
        const accessLeg =
          access
            .filter((a) => a.stop === first.boardStop && departAt + a.seconds <= firstDeparture)
            .sort((a, b) => a.price - b.price)[0] ?? access.find((a) => a.stop === first.boardStop);
        const egressLeg = egressByStop.get(last.alightStop);
        if (!accessLeg || !egressLeg) continue;
        journeys.push({
          access: accessLeg,
          egress: egressLeg,
          outcome,
          leaveAt: loaded.epochMs + (firstDeparture - accessLeg.seconds) * 1000,
        });
      }
    }
    return { journeys, loaded };
  }
}
