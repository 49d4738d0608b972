import { SLEEPER_BUNKS } from '../orders/pricing';

/** A field of a ticket the desk's agent types in, as a validation failure (1000) names it. */
export type DeskTicketField = 'ticketNumber' | 'coach' | 'seat';

/** The ticket fields as typed, each trimmed and in capitals. */
export type DeskTicketInput = { ticketNumber: string; coach: string; seat: string };

const TICKET_NUMBER = /^E\d{12,20}$/;
const COACH = /^\d{1,2}$/;
/** A seat in a seated class: its row and letter (A, B, C, D or F); a sleeper's berth: its number. */
const SEAT = /^\d{1,3}[ABCDF]$/;
const BERTH = /^\d{1,3}$/;

const clean = (s: string) => s.trim().toUpperCase();

/**
 * A ticket the railway issued to our desk, as its agent types it in, checked and written the railway's
 * way: the ticket number (E and its digits), the coach (1 to 30, two digits: 05) and the seat (row and
 * letter: 12F; a berth's number in a sleeper class: 07). The first field that is wrong, or the ticket.
 */
export function deskTicket(
  input: DeskTicketInput,
  seatClass: string,
): { ok: true; ticket: DeskTicketInput } | { ok: false; field: DeskTicketField } {
  const ticketNumber = clean(input.ticketNumber);
  const coach = clean(input.coach);
  const seat = clean(input.seat);
  if (!TICKET_NUMBER.test(ticketNumber)) return { ok: false, field: 'ticketNumber' };
  if (!COACH.test(coach) || Number(coach) < 1 || Number(coach) > 30) return { ok: false, field: 'coach' };
  const sleeper = seatClass in SLEEPER_BUNKS;
  if (!(sleeper ? BERTH : SEAT).test(seat) || Number.parseInt(seat, 10) < 1) return { ok: false, field: 'seat' };
  const row = String(Number.parseInt(seat, 10)).padStart(2, '0');
  return {
    ok: true,
    ticket: { ticketNumber, coach: coach.padStart(2, '0'), seat: sleeper ? row : `${row}${seat.slice(-1)}` },
  };
}

/** The railway's order number a ticket number begins with (E and nine digits). */
export const deskBookingReference = (ticketNumber: string) => ticketNumber.slice(0, 10);
