import {
  AppError,
  type DeskTicketField,
  deskBookingReference,
  deskTicket,
  type RailDeskTicket,
} from '@junction/domain';
import type { RailIssuedTicket, RailIssueRequest } from './ticketing';

const invalid = (field: DeskTicketField | 'tickets') => new AppError('VALIDATION_FAILED', { params: { field } });

/**
 * The tickets the railway issued for a request, as the desk's agent typed them in: one for each traveller on
 * each train, each number once, every field the railway's way (1000 naming the first field that is not).
 */
export function typedTickets(request: RailIssueRequest, typed: readonly RailDeskTicket[]): RailIssuedTicket[] {
  const wanted = request.legs.flatMap((leg) => request.travellers.map((traveller) => ({ leg, traveller })));
  if (typed.length !== wanted.length) throw invalid('tickets');
  const numbers = new Set<string>();
  return wanted.map(({ leg, traveller }) => {
    const one = typed.find((t) => t.legIndex === leg.index && t.travellerPosition === traveller.position);
    if (!one) throw invalid('tickets');
    const checked = deskTicket(one, leg.cabin);
    if (!checked.ok) throw invalid(checked.field);
    const { ticketNumber, coach, seat } = checked.ticket;
    if (numbers.has(ticketNumber)) throw invalid('ticketNumber');
    numbers.add(ticketNumber);
    return {
      legIndex: leg.index,
      travellerPosition: traveller.position,
      bookingReference: deskBookingReference(ticketNumber),
      ticketNumber,
      coach,
      seat,
      berth: null,
      gate: null,
      ticketType: traveller.type,
    };
  });
}
