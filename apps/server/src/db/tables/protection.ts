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
