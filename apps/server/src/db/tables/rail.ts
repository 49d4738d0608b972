import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './columns';

export type RailAccountsTable = {
  userId: string;
  username: string;
  holderName: string;
  phoneMasked: string;
  tokenSealed: string;
  sessionExpiresAt: Timestamp;
  state: string;
  linkedAt: Timestamp;
  updatedAt: Timestamp;
};

export type RailSimAccountsTable = {
  id: Generated<string>;
  username: string;
  passwordHash: string;
  holderName: string;
  idLastFour: string;
  phone: string;
  email: string | null;
  createdAt: Timestamp;
  /** Wrong passwords since the last right one; the fifth locks the account until `lockedUntil`. */
  signInFailures: Generated<number>;
  lockedUntil: Timestamp | null;
};

export type RailSimPassengersTable = {
  id: Generated<string>;
  accountId: string;
  position: number;
  name: string;
  englishName: string | null;
  documentType: string;
  documentSealed: string;
  documentMasked: string;
  documentExpiry: string | null;
  birthDate: string;
  gender: string | null;
  nationality: string | null;
  phone: string | null;
  email: string | null;
  passengerType: string;
  status: string;
  createdAt: Timestamp;
};

export type RailSimCodesTable = {
  id: Generated<string>;
  accountId: string;
  codeHash: string;
  createdAt: Timestamp;
  expiresAt: Timestamp;
  attempts: Generated<number>;
  usedAt: Timestamp | null;
};

export type RailSimSessionsTable = {
  tokenHash: string;
  accountId: string;
  createdAt: Timestamp;
  expiresAt: Timestamp;
  endedAt: Timestamp | null;
};

export type RailSimOrdersTable = {
  requestKey: string;
  accountId: string;
  response: ColumnType<unknown, string, string>;
  createdAt: Timestamp;
};

/** Outside production: an order whose desk requests wait for the agents at the console. */
export type RailDeskHoldsTable = {
  orderId: string;
  heldAt: Timestamp;
};

export type RailDeskRequestsTable = {
  requestKey: string;
  /** `queued`, `issued` or (a change its agent refused) `refused`. */
  status: string;
  /** `issue` or `change`. */
  kind: ColumnType<string, string | undefined, string>;
  /** What the agent sees of a change: the old tickets and trains, and the new trains. */
  subject: ColumnType<unknown, string | null | undefined, string | null>;
  /** Why the agent refused a change. */
  refusal: ColumnType<string | null, string | null | undefined, string | null>;
  queuedAt: Timestamp;
  dueAt: Timestamp;
  response: ColumnType<unknown, string | null, string | null>;
  issuedAt: Timestamp | null;
};

/** A ticket the simulated rail service sold, standing or exchanged by a change (`changedBy`, its request key). */
export type RailSimTicketsTable = {
  ticketNumber: string;
  accountId: string;
  requestKey: string;
  train: string;
  departureAt: Timestamp;
  /** The train's day where it leaves (`yyyy-mm-dd`). */
  travelDate: string;
  seatClass: string;
  coach: string | null;
  seat: string | null;
  status: 'sold' | 'changed';
  changedBy: string | null;
  soldAt: Timestamp;
  changedAt: Timestamp | null;
};

/** A sold-out train class's waiting list (候补), one entry per order (the orders feature). */
export type RailWaitlistTable = {
  orderId: string;
  userId: string;
  status: string;
  reason: string | null;
  stockKey: string;
  train: string;
  travelDate: string;
  seatClass: string;
  seats: number;
  cutoffAt: Timestamp;
  /** The cut-off as a local time with the departure station's offset, for texts. */
  cutoffLocal: string;
  heldMinor: number | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
};

/** Seats the simulated China Railway got back (refunds, released reservations), per train, day and class. */
export type RailSimSeatReturnsTable = {
  key: string;
  returned: number;
  updatedAt: Timestamp;
};

/** The rail tables, by the name queries use. */
export type RailTables = {
  railAccounts: RailAccountsTable;
  railSimAccounts: RailSimAccountsTable;
  railSimPassengers: RailSimPassengersTable;
  railSimCodes: RailSimCodesTable;
  railSimSessions: RailSimSessionsTable;
  railSimOrders: RailSimOrdersTable;
  railSimTickets: RailSimTicketsTable;
  railDeskRequests: RailDeskRequestsTable;
  railDeskHolds: RailDeskHoldsTable;
  railWaitlist: RailWaitlistTable;
  railSimSeatReturns: RailSimSeatReturnsTable;
};
