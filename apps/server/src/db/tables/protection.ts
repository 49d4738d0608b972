import type { ColumnType, Generated } from 'kysely';
import type { CalendarDate, Timestamp } from './columns';

type Json = ColumnType<unknown, string, string>;

/** A missed protected connection and the traveller's choice (migration 0015). */
export type ProtectionCasesTable = {
  id: Generated<string>;
  orderId: string;
  userId: string;
  delayedSubOrderId: string;
  missedSubOrderId: string;
  status: string;
  delayedLeg: number;
  missedLeg: number;
  delayMinutes: number;
  missed: Json;
  next: ColumnType<unknown, string | null, string | null>;
  refundMinor: number;
  newSubOrderId: string | null;
  absorbedMinor: number | null;
  /** After a cancellation, the ride after it rebooked too (migration 0040): its ticket, its leg, `{ missed, next }`. */
  onwardSubOrderId: ColumnType<string | null, string | null | undefined, string | null>;
  onwardLeg: ColumnType<number | null, number | null | undefined, number | null>;
  onward: ColumnType<unknown, string | null | undefined, string | null>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
};

/** The simulated operators' delays of a service on a day. */
export type SimDelaysTable = { service: string; date: CalendarDate; minutes: number; announcedAt: Timestamp };

/** The protection tables, by the name queries use. */
export type ProtectionTables = {
  protectionCases: ProtectionCasesTable;
  simDelays: SimDelaysTable;
};
