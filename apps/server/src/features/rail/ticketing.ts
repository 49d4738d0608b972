import { chinaRailwayTickets, type IssuedTicket } from '../../lib/china-railway-tickets';

/** A rail ticket request, as ticketing sends it (one request key per order and sub-order). */
export type RailIssueRequest = {
  key: string;
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
