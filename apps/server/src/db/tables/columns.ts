import type { ColumnType } from 'kysely';

/** A time stamp: read as a Date, written as a Date or an ISO string. */
export type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** A DATE column read and written as a calendar date ('2026-01-31'). */
export type CalendarDate = ColumnType<string, string, string>;
