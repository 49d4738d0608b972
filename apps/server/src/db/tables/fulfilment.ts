import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './columns';

export type TicketsTable = {
  id: Generated<string>;
  orderId: string;
  subOrderId: string;
  legIndex: number;
  travellerPosition: number;
  supplier: string;
  bookingReference: string;
  ticketNumber: string;
  seat: string | null;
  coach: string | null;
  berth: string | null;
  gate: string | null;
  /** Rail: the ticket's type as the railway wrote it (ADULT, CHILD, STUDENT…); null for older tickets. */
  ticketType: ColumnType<string | null, string | null | undefined, string | null>;
  issuedAt: Timestamp;
};

/** A service's schedule change on a day, set through the simulated airline's control (0: none). */
export type SimScheduleChangesTable = { service: string; date: string; minutes: number };

/** Duffel's orders of our sub-orders, written before the call that makes one and after its answer. */
export type DuffelOrdersTable = {
  requestKey: string;
  orderId: string;
  subOrderId: string;
  offerId: string;
  amountMinor: number;
  currency: string;
  state: 'creating' | 'booked' | 'cancelled';
  duffelOrderId: string | null;
  bookingReference: string | null;
  createdAt: Generated<Date>;
  updatedAt: Generated<Date>;
};

export type SimTicketIssuesTable = {
  requestKey: string;
  supplier: string;
  response: ColumnType<unknown, string, string>;
  createdAt: Timestamp;
};

export type RefundsTable = {
  id: Generated<string>;
  orderId: string;
  subOrderId: string;
  userId: string;
  status: string;
  reason: string;
  paidMinor: number;
  feeMinor: number;
  amountMinor: number;
  feeRule: string;
  channel: string | null;
  /** The traveller whose ticket is refunded; null for an older refund of everyone on the sub-order. */
  travellerPosition: ColumnType<number | null, number | null | undefined, number | null>;
  /** Our service fee kept from `paidMinor` (an issued train ticket ticketed offline). */
  serviceFeeMinor: ColumnType<number, number | undefined, number>;
  requestedAt: Timestamp;
  deadline: Timestamp;
  doneAt: Timestamp | null;
  withdrawnAt: Timestamp | null;
  claimedAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
};

export type RefundEventsTable = {
  id: Generated<string>;
  refundId: string;
  fromStatus: string | null;
  toStatus: string;
  data: ColumnType<unknown, string | undefined, string>;
  at: Timestamp;
};

export type ItineraryPdfsTable = {
  orderId: string;
  language: string;
  version: string;
  body: Buffer;
  drawnAt: Timestamp;
};

/** The fulfilment tables, by the name queries use. */
export type FulfilmentTables = {
  tickets: TicketsTable;
  simTicketIssues: SimTicketIssuesTable;
  simScheduleChanges: SimScheduleChangesTable;
  duffelOrders: DuffelOrdersTable;
  refunds: RefundsTable;
  refundEvents: RefundEventsTable;
  itineraryPdfs: ItineraryPdfsTable;
};
