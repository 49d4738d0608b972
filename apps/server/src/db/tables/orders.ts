import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './columns';

export type OrdersTable = {
  id: Generated<string>;
  userId: string;
  orderNumber: string;
  idempotencyKey: string;
  requestHash: string;
  status: string;
  paymentStatus: string;
  kind: string;
  agent: string;
  originName: string;
  destinationName: string;
  departureTime: string;
  arrivalTime: string;
  departureAt: Timestamp;
  priceMinor: number;
  currency: Generated<string>;
  paymentDeadline: Timestamp;
  itinerary: ColumnType<unknown, string, string>;
  breakdown: ColumnType<unknown, string, string>;
  extras: ColumnType<unknown, string, string>;
  contactName: string;
  contactPhoneSealed: string;
  contactPhoneMasked: string;
  contactEmail: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  /** 'web' or 'app' (spec §4: an order made in the app is paid in the app). */
  channel: Generated<string>;
};

export type OrderTravellersTable = {
  id: Generated<string>;
  orderId: string;
  position: number;
  passengerId: string | null;
  name: string;
  birthDate: ColumnType<string, string, string>;
  airType: string;
  railType: string | null;
  documentType: string;
  /** Sealed with the keyring (purpose `order-document`); never in clear. */
  documentSealed: string;
  documentMasked: string;
};

export type SubOrdersTable = {
  id: Generated<string>;
  orderId: string;
  position: number;
  type: string;
  status: string | null;
  legs: ColumnType<unknown, string, string>;
  flightNumber: string;
  priceMinor: number;
  ticketNumber: string | null;
  confirmationCode: string | null;
  seat: string | null;
  paidMinor: number | null;
  priceDifferenceMinor: number | null;
  expectedRefundMinor: number | null;
  receiptUrl: string | null;
  itineraryUrl: string | null;
  /** Rail only: 'online' (the traveller's 12306 account) or 'offline' (our agents). */
  ticketing: ColumnType<string | null, string | null | undefined, string | null>;
  serviceFeeMinor: ColumnType<number | null, number | null | undefined, number | null>;
  /** Each traveller's part of the price and of the service fee, by position; null on orders made before. */
  travellerPrices: ColumnType<unknown, string | null | undefined, string | null>;
  /** Flights: the seller the ticket is bought from (`duffel`, or a simulated consolidator's id). */
  supplier: ColumnType<string | null, string | null | undefined, string | null>;
  /** The positions of the travellers its tickets are for; null: every traveller of the order. */
  travellers: ColumnType<unknown, string | null | undefined, string | null>;
};

export type OrderEventsTable = {
  id: Generated<string>;
  orderId: string;
  kind: string;
  fromStatus: string | null;
  toStatus: string;
  data: ColumnType<unknown, string | undefined, string>;
  at: Timestamp;
};

export type SeatStockTable = { key: string; capacity: number; held: Generated<number> };

export type SeatHoldsTable = { orderId: string; stockKey: string; seats: number; releasedAt: Timestamp | null };

/** The orders tables, by the name queries use. */
export type OrdersTables = {
  orders: OrdersTable;
  orderTravellers: OrderTravellersTable;
  subOrders: SubOrdersTable;
  orderEvents: OrderEventsTable;
  seatStock: SeatStockTable;
  seatHolds: SeatHoldsTable;
};
