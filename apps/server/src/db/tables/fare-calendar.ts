import type { ColumnType, Generated } from 'kysely';
import type { CalendarDate, Timestamp } from './columns';

/** A trip travellers searched, with the lowest prices last seen for it (migrations 0021, 0025). */
export type FareDaysTable = {
  origin: string;
  destination: string;
  day: CalendarDate;
  /** The return day of a round trip ('yyyy-MM-dd'), '' for one way. */
  returnDay: string;
  looks: Generated<number>;
  /** Lowest prices in CNY hundredths for one adult in economy, and when each was seen. */
  flightMinor: number | null;
  flightSeenAt: Timestamp | null;
  trainMinor: number | null;
  trainSeenAt: Timestamp | null;
  claimedUntil: Generated<Timestamp | null>;
  /** When the filling job last tried to price the trip, whatever came of it. */
  triedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
};

/** The fare calendar tables, by the name queries use. */
export type FareCalendarTables = { fareDays: FareDaysTable };
