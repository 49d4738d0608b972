import {
  AppError,
  addDays,
  daysBetween,
  FARE_GRID_DAYS,
  type FareGrid,
  type FareMonth,
  fromRequestDate,
  isSoldOutTrain,
  localDate,
  type SearchCriteria,
  type SearchResult,
  shiftRequestDate,
  toRequestDate,
} from '@junction/domain';
import type { FareRow, FaresRepository, FareTrip, SeenFares } from './fares.repository';

/** Prices a trip for one adult in economy, as a search on its dates would (the search feature's port). */
export type TripPricer = (trip: FareTrip) => Promise<readonly SearchResult[]>;
/**
 * The key of the place a token names, however it is spelled (a city code, the place code, a name): one
 * place, one row. A door keeps its token; a token naming no place keeps itself.
 */
export type PlaceKey = (token: string) => string;

export type FillOptions = {
  /** Trips one run prices at most. */
  batch: number;
  /** A price older than this is priced again. */
  staleMs: number;
  /** How long a run holds the trips it claimed. */
  claimMs: number;
};

/** What a run of the filling job did: how many trips it priced, and those it could not with why. */
export type FillRun = { priced: number; failed: { trip: FareTrip; error: unknown }[] };

const HOME_ZONE = 'Asia/Shanghai';
/** Days gone that the month of fares keeps: the whole of the current month, whichever day it is. */
const KEEP_DAYS_GONE = 31;
const isoOf = (requestDate: string) => {
  const iso = fromRequestDate(requestDate);
  if (iso === null) throw new AppError('VALIDATION_FAILED', { params: { date: requestDate } });
  return iso;
};

/**
 * The trip a search prices for the calendar: one way or a round trip between the places its tokens name,
 * and its price only for one adult in economy. A search from or to an airport only is no route's fare.
 */
export function fareTripOf(criteria: SearchCriteria, placeKey: PlaceKey): { trip: FareTrip; priced: boolean } | null {
  const leg = criteria.legs[0];
  if (!leg || criteria.type === 3 || leg.departure_only_airport || leg.destination_only_airport) return null;
  const returnDay = criteria.type === 2 && leg.return_date ? (fromRequestDate(leg.return_date) ?? '') : '';
  if (criteria.type === 2 && !returnDay) return null;
  const day = fromRequestDate(leg.departure_date);
  if (!day) return null;
  const trip = { origin: placeKey(leg.departure), destination: placeKey(leg.destination), day, returnDay };
  const oneAdult = criteria.adults === 1 && criteria.children === 0 && criteria.infants === 0;
  const economy = criteria.cabin === 'Y' || criteria.cabin === 'M';
  return { trip, priced: oneAdult && economy && criteria.flexDays === 0 };
}

/** The lowest bookable flight and train among a trip's results on its day. */
export function lowestFares(results: readonly SearchResult[], day: string): SeenFares {
  const fares: SeenFares = { flight: null, train: null };
  const date = toRequestDate(day);
  for (const r of results) {
    if (r.date !== date || r.price.currency !== 'CNY' || isSoldOutTrain(r)) continue;
    const kind = r.kind === 'flight' ? 'flight' : r.kind === 'train' ? 'train' : null;
    if (kind && (fares[kind] === null || r.price.amount < (fares[kind] as number))) fares[kind] = r.price.amount;
  }
  return fares;
}

const seenPrice = (minor: number | null, at: Date | null) =>
  minor !== null && at ? { price: { amount: minor, currency: 'CNY' as const }, seenAt: at.toISOString() } : undefined;

/** The lowest of a row's two prices, with when it was seen. */
function lowestOf(row: FareRow) {
  const flight = seenPrice(row.flightMinor, row.flightSeenAt);
  const train = seenPrice(row.trainMinor, row.trainSeenAt);
  if (!flight || !train) return flight ?? train;
  return train.price.amount < flight.price.amount ? train : flight;
}

/** The lowest of a row's prices a search of `mode` would see, and when the older of them was seen. */
function lowestFor(row: FareRow, mode: SearchCriteria['mode']): { lowestMinor: number; seenAt: Date } | undefined {
  const kinds = [
    mode === 'train' ? null : { minor: row.flightMinor, at: row.flightSeenAt },
    mode === 'flight' ? null : { minor: row.trainMinor, at: row.trainSeenAt },
  ].flatMap((k) => (k && k.minor !== null && k.at ? [{ minor: k.minor, at: k.at }] : []));
  if (kinds.length === 0) return undefined;
  return {
    lowestMinor: Math.min(...kinds.map((k) => k.minor)),
    seenAt: new Date(Math.min(...kinds.map((k) => k.at.getTime()))),
  };
}

/** The month of fares and the round-trip grid: what searches saw, and a job pricing the trips most searched. */
export class FaresService {
  constructor(
    private readonly repo: FaresRepository,
    private readonly price: TripPricer,
    private readonly placeKey: PlaceKey,
    private readonly now: () => Date,
  ) {}

  /** The pairs of places searched most on the days from today on, the most first (doors as given). */
  popularPairs(limit: number): Promise<{ origin: string; destination: string }[]> {
    return this.repo.popularPairs(limit, localDate(this.now().getTime(), HOME_ZONE));
  }

  /** A search was started: its trip counts as looked at. */
  async searched(criteria: SearchCriteria): Promise<void> {
    const found = fareTripOf(criteria, this.placeKey);
    if (found) await this.repo.looked(found.trip);
  }

  /** A search's results are all in: the lowest prices of its trip, when it is priced for the calendar. */
  async answered(criteria: SearchCriteria, results: readonly SearchResult[]): Promise<void> {
    const found = fareTripOf(criteria, this.placeKey);
    if (!found?.priced) return;
    const fares = lowestFares(results, found.trip.day);
    if (fares.flight !== null || fares.train !== null) await this.repo.seen(found.trip, fares, this.now());
  }

  /**
   * The lowest price held for the trip of the criteria on each of `days` (`yyyy-mm-dd`; a round trip keeping
   * its length), of their mode, with when it was seen; none for criteria the calendar does not price (a
   * party other than one adult, a cabin above economy).
   */
  async seenOn(
    criteria: SearchCriteria,
    days: readonly string[],
  ): Promise<Map<string, { lowestMinor: number; seenAt: Date }>> {
    const seen = new Map<string, { lowestMinor: number; seenAt: Date }>();
    const found = fareTripOf(criteria, this.placeKey);
    const [first, last] = [days[0], days[days.length - 1]];
    if (!found?.priced || first === undefined || last === undefined) return seen;
    const { origin, destination, day, returnDay } = found.trip;
    const length = returnDay ? daysBetween(day, returnDay) : null;
    const rows =
      length === null
        ? await this.repo.days(origin, destination, first, last)
        : await this.repo.roundTrips(
            origin,
            destination,
            [...days],
            days.map((d) => addDays(d, length)),
          );
    for (const row of rows) {
      const trip = length === null ? row.returnDay === '' : row.returnDay === addDays(row.day, length);
      const lowest = lowestFor(row, criteria.mode);
      if (trip && lowest && days.includes(row.day)) seen.set(row.day, lowest);
    }
    return seen;
  }

  async month(q: { from: string; to: string; month: string }): Promise<FareMonth> {
    const first = `${q.month.replace('/', '-')}-01`;
    const last = new Date(Date.UTC(Number(first.slice(0, 4)), Number(first.slice(5, 7)), 0)).toISOString().slice(0, 10);
    const rows = await this.repo.days(this.placeKey(q.from), this.placeKey(q.to), first, last);
    return {
      days: rows.map((row) => ({
        date: toRequestDate(row.day),
        flight: seenPrice(row.flightMinor, row.flightSeenAt),
        train: seenPrice(row.trainMinor, row.trainSeenAt),
      })),
    };
  }

  async grid(q: { from: string; to: string; departure: string; return: string }): Promise<FareGrid> {
    isoOf(q.departure);
    isoOf(q.return);
    const around = (date: string) =>
      Array.from({ length: 2 * FARE_GRID_DAYS + 1 }, (_, i) => shiftRequestDate(date, i - FARE_GRID_DAYS));
    const departures = around(q.departure);
    const returns = around(q.return);
    const [from, to] = [this.placeKey(q.from), this.placeKey(q.to)];
    const rows = await this.repo.roundTrips(from, to, departures.map(isoOf), returns.map(isoOf));
    const cells = rows.flatMap((row) => {
      const lowest = lowestOf(row);
      return lowest ? [{ departure: toRequestDate(row.day), return: toRequestDate(row.returnDay), ...lowest }] : [];
    });
    return { departures, returns, cells };
  }

  /**
   * Prices the trips travellers search most whose prices are stale. Each trip is tried once a run: one
   * that fails is left until it is stale again and the rest of the batch is priced. The trips of days
   * more than a month gone are forgotten.
   */
  async fill(options: FillOptions): Promise<FillRun> {
    const now = this.now();
    const today = localDate(now.getTime(), HOME_ZONE);
    await this.repo.forgetBefore(addDays(today, -KEEP_DAYS_GONE));
    const trips = await this.repo.claimPopular(
      options.batch,
      today,
      new Date(now.getTime() - options.staleMs),
      new Date(now.getTime() + options.claimMs),
      now,
    );
    const run: FillRun = { priced: 0, failed: [] };
    for (const trip of trips) {
      try {
        const fares = lowestFares(await this.price(trip), trip.day);
        await this.repo.seen(trip, fares, this.now());
        run.priced++;
      } catch (error) {
        run.failed.push({ trip, error });
      }
      await this.repo.tried(trip, this.now());
    }
    return run;
  }
}
