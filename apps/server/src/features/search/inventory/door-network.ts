import { addDays, daysBetween } from '@junction/domain';
import {
  calendarKey,
  type LoadedTimetable,
  McRaptor,
  type PackedFeed,
  StopGrid,
  shapeOf,
  sharedTimetable,
  shiftedTimetable,
  type Timetable,
} from '@junction/planner';

/**
 * Travel dates one timetable serves: a week of dates, built with the day before it and the day after it
 * (journeys run overnight). Searches on neighbouring dates share one build, and one build of nine days
 * costs far less than seven of three.
 */
export const DATES_PER_TIMETABLE = 7;

/** The first travel date of the timetable that serves a date (`yyyy-MM-dd`). */
export function timetableKey(date: string): string {
  const day = Math.floor(Date.parse(`${date}T00:00:00Z`) / 86_400_000);
  const first = day - (((day % DATES_PER_TIMETABLE) + DATES_PER_TIMETABLE) % DATES_PER_TIMETABLE);
  return new Date(first * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The key timetables are kept by: the week of the date (`timetableKey`). One timetable holds the rail and
 * flight network and every city's metro; a plan closes the metro of the cities it neither starts nor ends
 * in (`DoorNetwork.closedFor`), so every search of a week plans on one build.
 */
export const networkKey = (date: string): string => timetableKey(date);

/**
 * The calendar key of a week's timetable (`calendarKey` over its window, the week with the day before and
 * the day after): weeks with one key plan on one build, each on its own dates (`shiftedNetwork`).
 */
export const weekCalendar = (feeds: PackedFeed[], week: string): string =>
  calendarKey(feeds, addDays(week, -1), DATES_PER_TIMETABLE + 2);

/** The week (`networkKey`) a network's timetable serves: its epoch is the midnight of the day before. */
export const weekOf = (net: DoorNetwork): string => addDays(new Date(net.loaded.epochMs).toISOString().slice(0, 10), 1);

/** Closed-stop sets kept per timetable, one for each set of cities at a plan's ends asked lately. */
const KEEP_CLOSED = 64;

/**
 * The engines of this thread, by the shape of the timetables they plan on (`shapeOf`): every week of the
 * door-to-door network has one shape, so a thread plans on all the weeks it holds with one engine and its
 * scratch space (about 12 MB) instead of one each. Planning is synchronous, so a thread's queries never
 * overlap. Two shapes at most: other feeds come only when the process reads new ones.
 */
const engines = new Map<string, McRaptor>();
const KEEP_ENGINES = 2;

/** This thread's engine for timetables of the shape of `tt`, set to plan on `tt`. */
export function engineFor(tt: Timetable): McRaptor {
  const shape = shapeOf(tt);
  let engine = engines.get(shape);
  if (engine) engines.delete(shape);
  else engine = new McRaptor(tt);
  engines.set(shape, engine);
  if (engines.size > KEEP_ENGINES) engines.delete(engines.keys().next().value as string);
  return engine.use(tt);
}

/** A date's timetable with what planning on it needs: the stops' grid, the engine and the stops each plan closes. */
export type DoorNetwork = {
  loaded: LoadedTimetable;
  grid: StopGrid;
  /** This thread's engine, set to plan on this timetable (`engineFor`). */
  readonly raptor: McRaptor;
  /** The stops closed to a plan whose ends' metro cities are these (sorted, `metroCities`): every other city's metro. */
  closedFor(cities: readonly string[], cityOfStop: ReadonlyMap<string, string>): Uint8Array;
};

export const networkOf = (loaded: LoadedTimetable): DoorNetwork => {
  const closed = new Map<string, Uint8Array>();
  return {
    loaded,
    grid: new StopGrid(loaded.stopPoints),
    get raptor() {
      return engineFor(loaded.timetable);
    },
    closedFor(cities, cityOfStop) {
      const key = cities.join('+');
      let mask = closed.get(key);
      if (!mask) {
        mask = new Uint8Array(loaded.stopIds.length);
        for (const [i, id] of loaded.stopIds.entries()) {
          const city = cityOfStop.get(id);
          if (city !== undefined && !cities.includes(city)) mask[i] = 1;
        }
        closed.set(key, mask);
        if (closed.size > KEEP_CLOSED) closed.delete(closed.keys().next().value as string);
      }
      return mask;
    },
  };
};

/** A date's timetable from the shared memory `DoorToDoorPlanner.share` filled, as views on it. */
export const sharedNetwork = (buffer: SharedArrayBuffer): DoorNetwork => networkOf(sharedTimetable(buffer));

/**
 * The network of `week` on the timetable built for another week with the same calendar (`weekCalendar`):
 * its trips, times and names on that week's dates, planned by the same engine with the same stops' grid and
 * closed-stop sets.
 */
export const shiftedNetwork = (net: DoorNetwork, week: string): DoorNetwork => ({
  loaded: shiftedTimetable(net.loaded, daysBetween(weekOf(net), week)),
  grid: net.grid,
  get raptor() {
    return net.raptor;
  },
  closedFor: net.closedFor,
});

/** Weeks' networks on the timetable of another week of their calendar (`shiftedNetwork`), each made once. */
export class WeekViews {
  private readonly views = new Map<string, { base: DoorNetwork; net: DoorNetwork }>();

  constructor(private readonly keep: number) {}

  /** The network of `week` on `base`: `base` itself when it was built for that week. */
  of(base: DoorNetwork, week: string): DoorNetwork {
    if (weekOf(base) === week) return base;
    const known = this.views.get(week);
    if (known?.base === base) return known.net;
    const net = shiftedNetwork(base, week);
    this.views.delete(week);
    this.views.set(week, { base, net });
    while (this.views.size > this.keep) this.views.delete(this.views.keys().next().value as string);
    return net;
  }
}

/**
 * Timetables built on demand, one for each calendar (`weekCalendar`): the first week asked with a calendar
 * has it built, and every other week of that calendar plans on it (`WeekViews`). The `keep` used last stay.
 */
export class CalendarNetworks {
  private readonly networks = new Map<string, DoorNetwork>();
  /** Calendar keys by week, worked out once. */
  private readonly calendars = new Map<string, string>();

  constructor(
    private readonly feeds: PackedFeed[],
    private readonly keep: number,
    private readonly build: (week: string) => LoadedTimetable,
  ) {}

  /** A timetable with the calendar of `week`: built for it, or for another week of that calendar. */
  get(week: string): DoorNetwork {
    let calendar = this.calendars.get(week);
    if (calendar === undefined) {
      calendar = weekCalendar(this.feeds, week);
      if (this.calendars.size >= 64) this.calendars.clear();
      this.calendars.set(week, calendar);
    }
    let net = this.networks.get(calendar);
    if (net) this.networks.delete(calendar);
    else net = networkOf(this.build(week));
    this.networks.set(calendar, net);
    while (this.networks.size > this.keep) this.networks.delete(this.networks.keys().next().value as string);
    return net;
  }
}
