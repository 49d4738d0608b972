import {
  addDays,
  type GroundArrival,
  type LatLon,
  localMidnight,
  railBoardingMinutes,
  railChangeMinutes,
  type StationSize,
} from '@junction/domain';
import type { TransferInput } from '@junction/planner';
import {
  type Access,
  DEFAULT_TAXI,
  type LoadedTimetable,
  type StopGrid,
  shareTimetable,
  type TaxiModel,
  taxi,
  taxiAccess,
  taxiTransfers,
  timetableFromGtfs,
} from '@junction/planner';
import type { RawPlace, TaxiFare, TransitLink } from '@junction/refdata';
import type { DoorToDoorJourney } from './door-journey';
import { CalendarNetworks, DATES_PER_TIMETABLE, type DoorNetwork, networkKey, WeekViews } from './door-network';
import { DOOR_TO_DOOR } from './door-plan-params';
import { KeptPlans } from './kept-plans';
import { metroWalks } from './metro-walks';
import { metroCities, type NetworkFeeds, timetableFeeds } from './network-feeds';
import { readPlan, writePlan } from './plan-bytes';
import { type PlanAsked, type PlanExchange, planDigest } from './plan-exchange';
import { StationSizes } from './station-sizes';

export type { DoorToDoorJourney } from './door-journey';

export { centrePlanName, type PlanAsked, type PlanExchange } from './plan-exchange';

/** Metro stops carry this prefix; their rides are `subway` legs. */
export const METRO_PREFIX = 'metro:';
/** Railway stations carry this prefix before their telecode. */
const RAIL_PREFIX = 'rail:';

/** Weeks' networks on another week's timetable kept. */
const KEEP_VIEWS = 64;
/** Timetables a planner that builds its own keeps by default. */
const KEEP_TIMETABLES = 3;
/** Plans kept for other weeks of their calendar, per planner (a thread). */
const KEEP_PLANS = 48;

const walkSeconds = (km: number) => Math.round(((km * 1.3) / DOOR_TO_DOOR.walkKmh) * 3600);

/**
 * A walk between a door and a railway station next to it, through the station's exit or entrance: as long as
 * one between the station and a metro station as far (`metroWalks`), so that no plan rides the metro to
 * leave a station sooner than on foot.
 */
const stationWalkSeconds = (km: number) => walkSeconds(km) + DOOR_TO_DOOR.stationWalkMin * 60;

export {
  DATES_PER_TIMETABLE,
  type DoorNetwork,
  networkKey,
  sharedNetwork,
  timetableKey,
  weekCalendar,
} from './door-network';
export { DOOR_TO_DOOR } from './door-plan-params';

/**
 * Door-to-door planning over China Railway and the flights touching Greater China, with taxi and metro
 * legs at both ends and taxi transfers between stations and airports. A timetable is built for the
 * week of a travel date on first use, serves every week of the same calendar, and a few are kept.
 */
export class DoorToDoorPlanner {
  /** The timetables this planner built, one for each calendar (`weekCalendar`). */
  private readonly networks: CalendarNetworks;
  /** Plans made lately, for the same places on the same day of another week of their calendar. */
  private readonly plans = new KeptPlans<DoorToDoorJourney>(KEEP_PLANS);
  /** Weeks planned on another week's timetable of their calendar. */
  private readonly views = new WeekViews(KEEP_VIEWS);
  /**
   * Where a worker thread finds the timetables the process shares (`useShared`); such a planner never
   * builds one of its own to plan on.
   */
  private shared?: (key: string) => DoorNetwork | undefined;
  /** Plans made by other planners, and where this one's go (`exchangeWith`). */
  private exchange?: PlanExchange;
  /** Metro trips by their feed name: the line in English and Chinese, and its city. */
  readonly metroLines = new Map<string, { en: string; zh: string; city: string }>();
  /** The city of each metro station, by stop id. */
  private readonly metroCityOf = new Map<string, string>();
  /** Metro stations by stop id, with both names. */
  readonly metroStations = new Map<string, { nameZh: string; nameEn: string; lat: number; lon: number }>();
  /** Railway stations' sizes by the trains calling there a day. */
  readonly stationSizes: StationSizes;
  /** Railway stations' stop ids by their Chinese names (昆明南 → rail:KOM). */
  private readonly railByName: Map<string, string>;

  constructor(
    readonly feeds: NetworkFeeds,
    private readonly transit: readonly TransitLink[],
    private readonly taxiFares: Readonly<Record<string, TaxiFare>> = {},
    keep = KEEP_TIMETABLES,
  ) {
    this.networks = new CalendarNetworks(timetableFeeds(feeds), keep, (week) => this.build(week));
    this.stationSizes = StationSizes.fromFeed(feeds.rail, RAIL_PREFIX);
    this.railByName = new Map(feeds.rail.stops.map((stop) => [stop.name, stop.id]));
    for (const [city, metro] of Object.entries(feeds.metros)) {
      const lines = new Map<number, { en: string; zh: string; city: string }>();
      for (let t = 0; t < metro.tripCount; t++) {
        const route = metro.tripRoute[t] as number;
        if (route < 0) continue;
        let line = lines.get(route);
        if (!line) {
          const en = metro.routeShortName.at(route) ?? '';
          line = { en, zh: metro.routeLongName.at(route) || en, city };
          lines.set(route, line);
        }
        this.metroLines.set(metro.tripName.at(t) ?? '', line);
      }
      for (const stop of metro.stops) this.metroCityOf.set(stop.id, city);
      for (const stop of metro.stops)
        this.metroStations.set(stop.id, {
          nameZh: stop.name,
          nameEn: stop.nameEn ?? stop.name,
          lat: stop.lat,
          lon: stop.lon,
        });
    }
  }

  /** The size of a railway station by its stop id (`rail:VNP`). */
  private stationSize(stopId: string): StationSize {
    return this.stationSizes.size(stopId.slice(RAIL_PREFIX.length));
  }

  /**
   * Seconds a traveller reaching a stop over the ground needs there before a ride leaves it: checking in
   * at an airport, or the station's entrance, walk to the gate and ticket check (by its size and how the
   * traveller arrives); none at a metro station.
   */
  boardingSeconds(stopId: string, arrival: GroundArrival): number {
    if (stopId.startsWith('air:')) return DOOR_TO_DOOR.airportCheckInMin * 60;
    if (stopId.startsWith(RAIL_PREFIX)) return railBoardingMinutes(this.stationSize(stopId), arrival) * 60;
    return 0;
  }

  /** The taxi of a city: its tariff and driving speed where known, else the default. */
  taxiModel(city: RawPlace | undefined): TaxiModel {
    const fare = city ? this.taxiFares[city.cityCode] : undefined;
    return fare ? { ...DEFAULT_TAXI, ...fare } : DEFAULT_TAXI;
  }

  /**
   * Ground transfers: taxis between nearby stations and airports, and walks between a metro station and
   * the railway stations and airports next to it. A transfer to a station or an airport takes the time
   * to board there too (`boardingSeconds`), so no plan leaves less.
   */
  private groundTransfers(ids: string[], points: LatLon[]): TransferInput[] {
    const isMetro = (i: number) => (ids[i] ?? '').startsWith(METRO_PREFIX);
    const main = points.flatMap((_, i) => (isMetro(i) ? [] : [i]));
    const taxis = taxiTransfers(
      main.map((i) => points[i] as LatLon),
      6,
    ).map((t) => {
      const to = main[t.to] as number;
      return {
        ...t,
        from: main[t.from] as number,
        to,
        seconds: t.seconds + this.boardingSeconds(ids[to] ?? '', 'taxi'),
      };
    });
    if (main.length === points.length) return taxis;
    const walks = metroWalks(ids, points, isMetro, (id) => this.metroStations.get(id)?.nameZh ?? '', this.railByName, {
      ...DOOR_TO_DOOR,
      walkSeconds,
      boardingSeconds: (id) => this.boardingSeconds(id, 'subway'),
    });
    return [...taxis, ...walks];
  }

  /** Plans on the timetables `source` gives by their key (the process's shared ones) instead of building its own. */
  useShared(source: (key: string) => DoorNetwork | undefined): void {
    this.shared = source;
  }

  /**
   * The timetable serving a date (`networkKey`): the one of its week, or of a week with the same calendar
   * (`weekCalendar`) on this week's dates. Weeks of one calendar share one build.
   */
  network(date: string): DoorNetwork {
    const week = networkKey(date);
    let base: DoorNetwork;
    if (this.shared) {
      const net = this.shared(week);
      if (!net) throw new Error(`no shared timetable for ${week}`);
      base = net;
    } else base = this.networks.get(week);
    return this.views.of(base, week);
  }

  /** The timetable of a key (`networkKey`), built and laid out in shared memory for every worker thread. */
  share(key: string): SharedArrayBuffer {
    return shareTimetable(this.build(key));
  }

  /** The cities whose metro a plan between these places rides: those at its ends that have one. */
  metroCities(...places: (RawPlace | undefined)[]): string[] {
    return metroCities(
      this.feeds,
      places.map((p) => p?.cityCode),
    );
  }

  /**
   * The timetable of a key (`networkKey`): the dates of its week (`DATES_PER_TIMETABLE`) from the day before
   * the first to the day after the last (journeys run overnight), the rail and flight network and every
   * city's metro (`timetableFeeds`), with its ground transfers.
   */
  private build(week: string): LoadedTimetable {
    const f = DOOR_TO_DOOR.planningFares;
    const feeds = timetableFeeds(this.feeds);
    // The stop order timetableFromGtfs gives: feed by feed, first appearance wins.
    const ids = [...new Set(feeds.flatMap((feed) => feed.stops.map((s) => s.id)))];
    return timetableFromGtfs(feeds, {
      firstDate: addDays(week, -1),
      days: DATES_PER_TIMETABLE + 2,
      fares: (type) =>
        type === 1100 ? f.air : type === 101 ? f.highSpeed : type === 1 ? f.metro : type === 12 ? f.maglev : f.rail,
      changeSeconds: (id) =>
        (id.startsWith('air:')
          ? DOOR_TO_DOOR.airChangeMin
          : id.startsWith(METRO_PREFIX)
            ? DOOR_TO_DOOR.metroChangeMin
            : railChangeMinutes(this.stationSize(id))) * 60,
      groundTransfers: (points) => this.groundTransfers(ids, points),
    });
  }

  /**
   * Ways between a point and stops (`way`: from the point to them, or from them to the point): taxis to the
   * nearby ones, walks to the metro stations and railway stations next to it, and the city's metro and
   * airport-express links.
   */
  private ends(
    loaded: LoadedTimetable,
    grid: StopGrid,
    point: LatLon,
    city: RawPlace | undefined,
    centre: boolean | undefined,
    way: 'access' | 'egress',
  ) {
    const checkIn = (stop: number, arrival: GroundArrival) => this.boardingSeconds(loaded.stopIds[stop] ?? '', arrival);
    const isMetro = (stop: number) => (loaded.stopIds[stop] ?? '').startsWith(METRO_PREFIX);
    const options: DoorToDoorJourney['access'][] = taxiAccess(grid, loaded.stopPoints, point, this.taxiModel(city))
      .filter((a) => !isMetro(a.stop))
      .slice(0, 24)
      .map((a) => ({
        kind: 'taxi' as const,
        seconds: a.seconds + checkIn(a.stop, 'taxi'),
        price: a.price,
        stop: a.stop,
      }));
    for (const { stop, km } of grid.near(point, DOOR_TO_DOOR.walkToMetroKm)) {
      if (isMetro(stop)) options.push({ kind: 'walk', seconds: walkSeconds(km), price: 0, stop });
    }
    // A railway station next to the door is walked to (and boarded there), or walked from.
    for (const { stop, km } of grid.near(point, DOOR_TO_DOOR.walkToStationKm)) {
      if (!(loaded.stopIds[stop] ?? '').startsWith(RAIL_PREFIX)) continue;
      const seconds = stationWalkSeconds(km) + (way === 'access' ? checkIn(stop, 'walk') : 0);
      options.push({ kind: 'walk', seconds, price: 0, stop });
    }
    if (city && centre !== false) {
      for (const link of this.transit) {
        if (link.cityCode !== city.cityCode) continue;
        const stop = loaded.stopIndex.get(`${link.fromKind === 'airport' ? 'air' : 'rail'}:${link.fromCode}`);
        if (stop === undefined) continue;
        const seconds =
          (DOOR_TO_DOOR.transitWalkMin + link.frequencyMinutes / 2 + link.durationMinutes) * 60 +
          checkIn(stop, 'subway');
        options.push({ kind: 'subway', link, seconds: Math.round(seconds), price: link.fareMinor, stop });
      }
    }
    return options;
  }

  /**
   * Pareto-optimal door-to-door journeys leaving `from` on the local day `date` (midnight at `dayStart`,
   * epoch ms), tried from several times of day so the list covers the whole day.
   */
  plan(p: PlanAsked) {
    const net = this.network(p.date);
    const { loaded } = net;
    // A plan on another week of the same calendar is this one on that week's dates: the same journeys, on
    // the same clock from the timetable's epoch, leaving the door as many days apart as the weeks are.
    const key = `${p.from.lat},${p.from.lon}|${p.to.lat},${p.to.lon}|${p.fromCity?.cityCode}|${p.toCity?.cityCode}|${p.fromCentre !== false}|${p.toCentre !== false}|${p.dayStart - loaded.epochMs}`;
    const kept = this.plans.get(key, loaded);
    if (kept) {
      this.exchange?.made(p, loaded, kept);
      return { journeys: kept, loaded };
    }
    const given = this.exchange?.given(p, loaded);
    const journeys = given ?? this.search(net, p);
    this.plans.set(key, loaded, journeys);
    if (!given) this.exchange?.made(p, loaded, journeys);
    return { journeys: [...journeys], loaded };
  }

  /** Plans asks `exchange` for a plan before searching it, and tells it of each plan searched; none when undefined. */
  exchangeWith(exchange: PlanExchange | undefined): void {
    this.exchange = exchange;
  }

  /** A plan's journeys as bytes another planner on a timetable of the same build reads (`readPlan`). */
  writePlan(journeys: readonly DoorToDoorJourney[], loaded: LoadedTimetable): Uint8Array {
    return writePlan(journeys, loaded.epochMs, this.transit);
  }

  /** The journeys of `writePlan`'s bytes on `loaded`'s dates. */
  readPlan(bytes: Uint8Array, loaded: LoadedTimetable): DoorToDoorJourney[] {
    return readPlan(bytes, loaded.epochMs, this.transit);
  }

  /** What plans on this shared timetable depend on beyond their ends and day, as a digest (`planDigest`). */
  planDigest(shared: SharedArrayBuffer): string {
    return planDigest(shared, [DOOR_TO_DOOR, this.transit, this.taxiFares]);
  }

  /** `plan` between two cities' centres, the day starting at midnight where the journey starts. */
  planBetween(from: RawPlace, to: RawPlace, date: string) {
    return this.plan({ from, to, fromCity: from, toCity: to, date, dayStart: localMidnight(date, from.tz) });
  }

  /** Lets go of the plans kept for other weeks (`plan`): the next plans are searched. */
  forgetPlans(): void {
    this.plans.clear();
  }

  /** The journeys of `plan`, searched. */
  private search(net: DoorNetwork, p: Parameters<DoorToDoorPlanner['plan']>[0]): DoorToDoorJourney[] {
    const { loaded, grid, raptor } = net;
    const closed = net.closedFor(this.metroCities(p.fromCity, p.toCity), this.metroCityOf);
    const access = this.ends(loaded, grid, p.from, p.fromCity, p.fromCentre, 'access');
    const egressAll = this.ends(loaded, grid, p.to, p.toCity, p.toCentre, 'egress');
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
    const direct = taxi(p.from, p.to, this.taxiModel(p.fromCity));
    const departAts = DOOR_TO_DOOR.departureHours.map((hour) =>
      Math.round((p.dayStart + hour * 3600_000 - loaded.epochMs) / 1000),
    );
    // One range query over the day's departure times, the earliest's answer first.
    const answers = raptor.planRange(
      {
        access: toAccess(access),
        egress: toAccess([...egressByStop.values()]),
        maxTransfers: DOOR_TO_DOOR.maxTransfers,
        maxWait: (DOOR_TO_DOOR.maxWaitMin + DOOR_TO_DOOR.walkTransferSlackMin) * 60,
        closed,
      },
      departAts,
    );
    for (const [h, outcomes] of answers.entries()) {
      const departAt = departAts[h] as number;
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
    return journeys;
  }
}
