import { sql } from 'kysely';
import type { Db } from '../../db/database';

/** A trip as the calendar keys it: place tokens, the departure day and the return day ('' one way), 'yyyy-MM-dd'. */
export type FareTrip = { origin: string; destination: string; day: string; returnDay: string };
/** The lowest prices of a trip seen at one time (CNY hundredths), null for a kind not asked or not found. */
export type SeenFares = { flight: number | null; train: number | null };

export type FareRow = FareTrip & {
  flightMinor: number | null;
  flightSeenAt: Date | null;
  trainMinor: number | null;
  trainSeenAt: Date | null;
};

const COLUMNS = [
  'origin',
  'destination',
  'day',
  'returnDay',
  'flightMinor',
  'flightSeenAt',
  'trainMinor',
  'trainSeenAt',
] as const;

/** The trips travellers searched, how often, and the lowest prices last seen for them. */
export class FaresRepository {
  constructor(private readonly db: Db) {}

  /** The pairs of places (either way apart) whose trips on `firstDay` and after were searched most, the most first. */
  async popularPairs(limit: number, firstDay: string): Promise<{ origin: string; destination: string }[]> {
    return this.db
      .selectFrom('fareDays')
      .select(['origin', 'destination'])
      .where('day', '>=', firstDay)
      .groupBy(['origin', 'destination'])
      .orderBy(sql`sum(looks)`, 'desc')
      .orderBy('origin')
      .orderBy('destination')
      .limit(limit)
      .execute();
  }

  /** Counts a search of the trip. */
  async looked(trip: FareTrip): Promise<void> {
    await this.db
      .insertInto('fareDays')
      .values({ ...trip, looks: 1 })
      .onConflict((oc) =>
        oc.columns(['origin', 'destination', 'day', 'returnDay']).doUpdateSet({ looks: sql`fare_days.looks + 1` }),
      )
      .execute();
  }

  /** Keeps the prices just seen for a trip; a kind not seen keeps its earlier price and time. */
  async seen(trip: FareTrip, fares: SeenFares, at: Date): Promise<void> {
    const values = {
      ...trip,
      flightMinor: fares.flight,
      flightSeenAt: fares.flight === null ? null : at,
      trainMinor: fares.train,
      trainSeenAt: fares.train === null ? null : at,
    };
    await this.db
      .insertInto('fareDays')
      .values(values)
      .onConflict((oc) =>
        oc.columns(['origin', 'destination', 'day', 'returnDay']).doUpdateSet({
          flightMinor: sql`coalesce(excluded.flight_minor, fare_days.flight_minor)`,
          flightSeenAt: sql`coalesce(excluded.flight_seen_at, fare_days.flight_seen_at)`,
          trainMinor: sql`coalesce(excluded.train_minor, fare_days.train_minor)`,
          trainSeenAt: sql`coalesce(excluded.train_seen_at, fare_days.train_seen_at)`,
          claimedUntil: null,
        }),
      )
      .execute();
  }

  /** One-way trips of a route between two days (inclusive) with a price seen. */
  async days(origin: string, destination: string, first: string, last: string): Promise<FareRow[]> {
    return this.db
      .selectFrom('fareDays')
      .select(COLUMNS)
      .where('origin', '=', origin)
      .where('destination', '=', destination)
      .where('returnDay', '=', '')
      .where('day', '>=', first)
      .where('day', '<=', last)
      .where((eb) => eb.or([eb('flightMinor', 'is not', null), eb('trainMinor', 'is not', null)]))
      .orderBy('day')
      .execute();
  }

  /** Round trips of a route leaving and coming back on the days given, with a price seen. */
  async roundTrips(origin: string, destination: string, days: string[], returns: string[]): Promise<FareRow[]> {
    return this.db
      .selectFrom('fareDays')
      .select(COLUMNS)
      .where('origin', '=', origin)
      .where('destination', '=', destination)
      .where('day', 'in', days)
      .where('returnDay', 'in', returns)
      .where((eb) => eb.or([eb('flightMinor', 'is not', null), eb('trainMinor', 'is not', null)]))
      .execute();
  }

  /** The filling job tried to price the trip, whatever came of it: it is not tried again until stale, and unclaimed. */
  /** Forgets the trips leaving before `day`: no month of fares shows them. */
  async forgetBefore(day: string): Promise<void> {
    await this.db.deleteFrom('fareDays').where('day', '<', day).execute();
  }

  async tried(trip: FareTrip, at: Date): Promise<void> {
    await this.db
      .updateTable('fareDays')
      .set({ triedAt: at, claimedUntil: null })
      .where('origin', '=', trip.origin)
      .where('destination', '=', trip.destination)
      .where('day', '=', trip.day)
      .where('returnDay', '=', trip.returnDay)
      .execute();
  }

  /**
   * Claims the most-searched trips from `firstDay` on whose prices are older than `staleBefore` (or never
   * seen) and not tried since, each until `until`: a trip claimed by one job is skipped by every other until then, whichever
   * process runs it (compare-and-set under row locks that others skip).
   */
  async claimPopular(limit: number, firstDay: string, staleBefore: Date, until: Date, now: Date): Promise<FareTrip[]> {
    const result = await sql<FareTrip>`
      update fare_days set claimed_until = ${until}
      where (origin, destination, day, return_day) in (
        select origin, destination, day, return_day from fare_days
        where day >= ${firstDay}
          and (claimed_until is null or claimed_until < ${now})
          and coalesce(greatest(flight_seen_at, train_seen_at, tried_at), '-infinity') < ${staleBefore}
        order by looks desc, day
        limit ${limit}
        for update skip locked)
      returning origin, destination, day, return_day`.execute(this.db);
    return result.rows;
  }
}
