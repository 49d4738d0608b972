import type { ChangeTrip } from '@junction/domain';
import type { ExchangedTicket, IssuedTicket } from '../../../lib/china-railway-tickets';

/**
 * The ticketing interface every supplier implements (docs/architecture.md §9): airlines issue e-tickets,
 * China Railway issues rail tickets (online or offline). A request carries a key; sent again with the
 * same key, an issuer answers the tickets it issued the first time and never issues twice.
 */
export type SupplierKind = 'air' | 'rail';

export type IssueLeg = {
  /** Index of the ride in the order's legs. */
  index: number;
  /** The journey of the trip it belongs to (0 outbound, 1 return or the next city…). */
  bound: number;
  /** Airline code or 'CR'. */
  carrier: string;
  /** Flight or train number. */
  number: string;
  fromCode: string;
  toCode: string;
  /** ISO 8601 with the local offset of the place. */
  departureTime: string;
  arrivalTime: string;
  /** Air cabin or rail seat class code. */
  cabin: string;
};

export type IssueTraveller = {
  position: number;
  name: string;
  /** Air or rail ticket type (ADULT, CHILD, INFANT, FREE_CHILD…). */
  type: string;
  /** A chosen seat letter (rail A–F) or bunk (1 lower, 2 middle, 3 upper) per leg, when the traveller chose one. */
  seatLetter?: string | null;
  bunk?: number | null;
  /** `yyyy-mm-dd`. */
  birthDate?: string;
  /** Flights: extra checked bags the traveller bought with the ticket. */
  extraBags?: number;
  /** Flights: the seats the traveller chose on the seat map, by leg index (`14B`). */
  seats?: { legIndex: number; designator: string }[];
};

/** A traveller as a seller must be sent them to book: names, birth, sex and travel document, in clear. */
export type BookingPerson = {
  position: number;
  surname: string | null;
  givenNames: string | null;
  birthDate: string;
  gender: 'MALE' | 'FEMALE';
  document: { type: string; number: string; expiryDate: string | null; issuingCountry: string | null };
};

/** The travellers of an order and its contact, opened for a seller that needs them (read on demand). */
export type BookingPeople = { people: BookingPerson[]; contact: { email: string | null; phone: string | null } };

export type IssueRequest = {
  /** Idempotency key: one per (order, sub-order). */
  key: string;
  orderId: string;
  /** The order's number, as an agent finds it. */
  orderNumber?: string;
  subOrderId: string;
  legs: IssueLeg[];
  travellers: IssueTraveller[];
  /** Flights: the seller the ticket was bought from (`duffel`, a simulated consolidator's id). */
  supplier?: string | null;
  /** What the traveller paid for this sub-order, CNY hundredths: no seller is paid more than that. */
  paidMinor?: number;
  /** The travellers in clear, for sellers that book in the travellers' names (never logged or kept). */
  people?: () => Promise<BookingPeople>;
  /**
   * A change's new ticket: the old sub-order and its tickets this one is exchanged for, for a supplier that
   * changes tickets in one operation (China Railway's 改签) rather than selling new ones beside them; both
   * rides and how much dearer the new fare is (negative: cheaper), for an agent who makes it by hand.
   */
  replaces?: {
    subOrderId: string;
    tickets: ExchangedTicket[];
    trips?: { from: ChangeTrip; to: ChangeTrip; fareDifferenceMinor: number };
  };
};

export type { IssuedTicket };

/** A schedule change the supplier published for a leg: its new local departure and arrival. */
export type ScheduleChange = { legIndex: number; departureTime: string; arrivalTime: string };

export type IssueResult = { tickets: IssuedTicket[]; scheduleChanges: ScheduleChange[] };

/** The supplier refused or did not answer; the job tries again with back-off. */
export class TicketingUnavailable extends Error {}

/**
 * The supplier refused for good (a change the railway or its desk will not make, `reason` as
 * `RAIL_CHANGE_REFUSALS` names it): trying again would not help, so the job gives up at once.
 */
export class TicketingRefused extends Error {
  constructor(readonly reason: string) {
    super(`refused: ${reason}`);
    this.name = 'TicketingRefused';
  }
}

/** A sub-order's tickets as their seller knows them. */
export type SoldTickets = { subOrderId: string; supplier: string | null };

export interface TicketIssuer {
  readonly kind: SupplierKind;
  issue(request: IssueRequest, signal?: AbortSignal): Promise<IssueResult>;
  /**
   * What the seller gives back, CNY hundredths, if the tickets are cancelled now (its own quote, by its
   * fare rules), for sellers that quote one; undefined otherwise (our fee rules apply).
   */
  refundQuote?(tickets: SoldTickets): Promise<{ refundMinor: number } | undefined>;
  /** Cancels the tickets with their seller once the traveller's refund is being paid out. */
  cancel?(tickets: SoldTickets): Promise<void>;
}

/** One issuer per supplier kind (composed in `app.ts`; rail may plug in its online and offline issuers). */
export type TicketIssuers = Record<SupplierKind, TicketIssuer>;
