import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './columns';

/** A ticket change (改签): the old and new sub-orders, both rides, both fares, the fee and the money each way. */
export type TicketChangesTable = {
  id: Generated<string>;
  orderId: string;
  oldSubOrderId: string;
  newSubOrderId: string;
  /** 'awaiting-payment', 'issuing', 'done' or 'lapsed'. */
  status: string;
  oldFareMinor: number;
  newFareMinor: number;
  feeMinor: number;
  dueMinor: number;
  refundMinor: number;
  oldTrip: ColumnType<unknown, string, string>;
  newTrip: ColumnType<unknown, string, string>;
  newLegs: ColumnType<unknown, string, string>;
  /** The seat stock the new train's seats are held in, and the old train's, given back once the change goes ahead. */
  seatKey: string | null;
  oldSeatKey: string | null;
  /** A difference to pay is paid by then, or the change lapses. */
  paymentDeadline: Timestamp | null;
  createdAt: Timestamp;
  doneAt: Timestamp | null;
};

export type ChangeTables = { ticketChanges: TicketChangesTable };
