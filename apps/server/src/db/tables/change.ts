import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './columns';

/** A ticket change (改签): the old and new sub-orders, both rides, both fares, the fee and the money each way. */
export type TicketChangesTable = {
  id: Generated<string>;
  orderId: string;
  oldSubOrderId: string;
  newSubOrderId: string;
  /** A step of `CHANGE_TRANSITIONS`: 'awaiting-payment', 'issuing', 'done', 'lapsed' or 'failed'. */
  status: string;
  oldFareMinor: number;
  newFareMinor: number;
  feeMinor: number;
  dueMinor: number;
  refundMinor: number;
  oldTrip: ColumnType<unknown, string, string>;
  newTrip: ColumnType<unknown, string, string>;
  newLegs: ColumnType<unknown, string, string>;
  /** The rides the change replaced in the order's itinerary, kept once it goes ahead (a refused new ticket puts them back). */
  oldLegs: ColumnType<unknown, string | null | undefined, string | null>;
  /** The seat stock the new train's seats are held in, and the old train's, given back once the change goes ahead. */
  seatKey: string | null;
  oldSeatKey: string | null;
  /** A difference to pay is paid by then, or the change lapses. */
  paymentDeadline: Timestamp | null;
  /** The positions of the travellers whose tickets it changed, the others keeping theirs; null: the whole ticket. */
  travellers: ColumnType<unknown, string | null | undefined, string | null>;
  /** The seats of the old train it gives back; null: every seat the order held there. */
  oldSeats: ColumnType<number | null, number | null | undefined, number | null>;
  createdAt: Timestamp;
  doneAt: Timestamp | null;
};

export type ChangeTables = { ticketChanges: TicketChangesTable };
