import { randomInt } from 'node:crypto';
import { SLEEPER_BUNKS } from '@junction/domain';

/** A ticket as its issuer writes it, for a flight or a train, before it is stored. */
export type IssuedTicket = {
  legIndex: number;
  travellerPosition: number;
  /** Airline record locator (6 characters) or China Railway's order number. */
  bookingReference: string;
  /** 13-digit e-ticket number (3-digit airline prefix + 10 digits) or China Railway's ticket number. */
  ticketNumber: string;
  seat: string | null;
  /** Rail: coach number. */
  coach: string | null;
  /** Rail sleepers: lower, middle or upper. */
  berth: string | null;
  /** Rail: check-in gate at the departure station. */
  gate: string | null;
  /** Rail: the ticket's type as the railway writes it (ADULT, CHILD, FREE_CHILD, STUDENT). */
  ticketType?: string | null;
};

/** A ticket a change gives back in exchange (改签): its number, traveller, train, class and seat. */
export type ExchangedTicket = {
  ticketNumber: string;
  travellerPosition: number;
  train: string;
  departureTime: string;
  seatClass: string;
  coach: string | null;
  seat: string | null;
};

type Ride = { index: number; cabin: string };
type Rider = { position: number; type: string; seatLetter?: string | null; bunk?: number | null };

const BERTHS: Record<number, string> = { 1: 'lower', 2: 'middle', 3: 'upper' };

/** `n` random digits. */
export const randomDigits = (n: number) => Array.from({ length: n }, () => String(randomInt(0, 10))).join('');

/**
 * Tickets as China Railway writes them, for the simulated railway and its agents' desk: one order number
 * (E and nine digits), a ticket per traveller and train, the coach, the seat (number and letter) or the
 * berth, the check-in gate and the ticket's type (a student ticket says so); free children ride without a seat. `defaultBunk` is the bunk of a sleeper
 * traveller who chose none (and of one whose bunk the railway does not know).
 */
export function chinaRailwayTickets(
  request: { legs: readonly Ride[]; travellers: readonly Rider[] },
  defaultBunk: () => number,
): IssuedTicket[] {
  const orderNo = `E${randomDigits(9)}`;
  const tickets: IssuedTicket[] = [];
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
        berth = BERTHS[t.bunk ?? defaultBunk()] ?? BERTHS[defaultBunk()] ?? 'upper';
        seat = String(row++).padStart(2, '0');
      } else if (!free) {
        seat = `${String(row++).padStart(2, '0')}${t.seatLetter ?? 'ABCDF'[randomInt(0, 5)]}`;
      }
      tickets.push({
        legIndex: leg.index,
        travellerPosition: t.position,
        bookingReference: orderNo,
        ticketNumber: `${orderNo}${leg.index + 1}${String(t.position + 1).padStart(2, '0')}${randomDigits(4)}`,
        seat,
        coach: free ? null : coach,
        berth,
        gate,
        ticketType: t.type,
      });
    }
  }
  return tickets;
}
