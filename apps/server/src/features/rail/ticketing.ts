import type { ChangeTrip, RailChangeRefusal } from '@junction/domain';
import { chinaRailwayTickets, type ExchangedTicket, type IssuedTicket } from '../../lib/china-railway-tickets';

/** A rail ticket request, as ticketing sends it (one request key per order and sub-order). */
export type RailIssueRequest = {
  key: string;
  /** The order by its number, for the desk's agent. */
  orderNumber?: string;
  legs: { index: number; number: string; cabin: string; departureTime: string }[];
  travellers: { position: number; name: string; type: string; seatLetter?: string | null; bunk?: number | null }[];
};

/** A rail ticket as China Railway issues it: its order number, ticket number, coach, seat or berth and gate. */
export type RailIssuedTicket = IssuedTicket;

/** The railway is not ready yet (the desk's agent is still at it) or did not answer: try again later. */
export class RailTicketsNotYet extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'RailTicketsNotYet';
  }
}

/** Tickets as China Railway writes them; a sleeper traveller who chose no bunk gets an upper one. */
export function railTickets(request: RailIssueRequest): RailIssuedTicket[] {
  return chinaRailwayTickets(request, () => 3);
}

/**
 * A change (改签) as China Railway makes it, in one operation: the old tickets exchanged for new ones on
 * the request's trains. The request key is the new ticket's, so the same change asked again answers the
 * same new tickets and the old ones are given back once.
 */
export type RailChangeRequest = RailIssueRequest & { replaces: ExchangedTicket[]; trips?: ChangeTrips };

/** A change's rides by name and time, old and new, and what the new fare is above the old (CNY hundredths). */
export type ChangeTrips = { from: ChangeTrip; to: ChangeTrip; fareDifferenceMinor: number };

/** The railway, or the desk's agent, refused the change for good: asking again will not make it. */
export class RailChangeRefused extends Error {
  constructor(readonly reason: RailChangeRefusal) {
    super(`the railway refused the change: ${reason}`);
    this.name = 'RailChangeRefused';
  }
}
