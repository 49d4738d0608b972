import { randomInt } from 'node:crypto';
import { SLEEPER_BUNKS } from '@junction/domain';

/** A rail ticket request, as ticketing sends it (one request key per order and sub-order). */
export type RailIssueRequest = {
  key: string;
  legs: { index: number; number: string; cabin: string; departureTime: string }[];
  travellers: { position: number; name: string; type: string; seatLetter?: string | null; bunk?: number | null }[];
};

/** A rail ticket as China Railway issues it: its order number, ticket number, coach, seat or berth and gate. */
export type RailIssuedTicket = {
  legIndex: number;
  travellerPosition: number;
  bookingReference: string;
  ticketNumber: string;
  seat: string | null;
  coach: string | null;
  berth: string | null;
  gate: string | null;
};

/** The railway is not ready yet (the desk's agent is still at it) or did not answer: try again later. */
export class RailTicketsNotYet extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'RailTicketsNotYet';
  }
}

const BERTHS: Record<number, string> = { 1: 'lower', 2: 'middle', 3: 'upper' };
const digits = (n: number) => Array.from({ length: n }, () => randomInt(0, 10)).join('');

/** Tickets as China Railway writes them: one order number, a ticket per traveller and ride; free children ride without a seat. */
export function railTickets(request: RailIssueRequest): RailIssuedTicket[] {
  const orderNo = `E${digits(9)}`;
  const tickets: RailIssuedTicket[] = [];
  for (const leg of request.legs) {
    const sleeper = leg.cabin in SLEEPER_BUNKS;
    const coach = String(randomInt(1, 17)).padStart(2, '0');
    const gate = `${'ABC'[randomInt(0, 3)]}${randomInt(1, 25)}`;
    let row = randomInt(1, 18);
    for (const t of request.travellers) {
      const free = t.type === 'FREE_CHILD';
      let seat: string | null = null;
      let berth: string | null = null;
      if (!free && sleeper) {
        berth = BERTHS[t.bunk ?? 3] ?? 'upper';
        seat = String(row++).padStart(2, '0');
      } else if (!free) {
        seat = `${String(row++).padStart(2, '0')}${t.seatLetter ?? 'ABCDF'[randomInt(0, 5)]}`;
      }
      tickets.push({
        legIndex: leg.index,
        travellerPosition: t.position,
        bookingReference: orderNo,
        ticketNumber: `${orderNo}${leg.index + 1}${String(t.position + 1).padStart(2, '0')}${digits(4)}`,
        seat,
        coach: free ? null : coach,
        berth,
        gate,
      });
    }
  }
  return tickets;
}
