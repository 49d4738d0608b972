import {
  duffelCabin,
  duffelMinor,
  type FlightKey,
  offerFlights,
  offerPassenger,
  sameFlight,
} from '../../../../lib/duffel/journey';
import { type DuffelPassenger, pairPassengers } from '../../../../lib/duffel/passengers';
import type { CreateOrderPassenger, Offer, Order, SeatMap } from '../../../../lib/duffel/types';
import type { BookingPeople, IssuedTicket, IssueRequest, ScheduleChange } from '../issuer';
import { TicketingUnavailable } from '../issuer';

/** The sub-order's journeys as offer request slices: from the first airport to the last, on the local day. */
export function slicesOf(request: IssueRequest) {
  const bounds = [...new Set(request.legs.map((l) => l.bound))].sort((a, b) => a - b);
  return bounds.map((b) => {
    const legs = request.legs.filter((l) => l.bound === b);
    const first = legs[0] as IssueRequest['legs'][number];
    const last = legs[legs.length - 1] as IssueRequest['legs'][number];
    return {
      origin: first.fromCode,
      destination: last.toCode,
      departure_date: first.departureTime.slice(0, 10),
      departure_time: null,
      arrival_time: null,
    };
  });
}

/** The flights the traveller bought, per journey, as Duffel names them. */
export function boughtFlights(request: IssueRequest): FlightKey[][] {
  const bounds = [...new Set(request.legs.map((l) => l.bound))].sort((a, b) => a - b);
  return bounds.map((b) =>
    request.legs.filter((l) => l.bound === b).map((l) => ({ number: l.number, localDeparture: l.departureTime })),
  );
}

/** Whether an offer flies exactly the flights bought, in the cabin bought. */
export function sellsTheSame(offer: Offer, request: IssueRequest): boolean {
  const want = boughtFlights(request);
  const have = offerFlights(offer);
  const cabin = duffelCabin(request.legs[0]?.cabin ?? 'Y');
  const cabinOk = offer.slices.every((s) => s.segments.every((g) => (g.passengers[0]?.cabin_class ?? cabin) === cabin));
  return (
    cabinOk &&
    want.length === have.length &&
    want.every((w, i) => w.length === have[i]?.length && w.every((f, j) => sameFlight(f, have[i]?.[j] as FlightKey)))
  );
}

/** The travellers as the offer request names them (adults by type, the others by age on the last day). */
export function requestPassengers(request: IssueRequest) {
  const lastDay = request.legs[request.legs.length - 1]?.departureTime.slice(0, 10) ?? '';
  return request.travellers.map((t) => offerPassenger(t.birthDate ?? '', lastDay));
}

/**
 * Duffel's passenger of each traveller, in the travellers' order, paired by id whatever order Duffel
 * lists them in (by age or kind, as the offer request asked for them).
 */
export function passengersOf<P extends DuffelPassenger>(passengers: readonly P[], request: IssueRequest): P[] {
  const ids = pairPassengers(requestPassengers(request), passengers);
  return ids.map((id) => {
    const found = passengers.find((p) => p.id === id);
    if (!found) throw new TicketingUnavailable('a traveller of the order has no passenger at Duffel');
    return found;
  });
}

/**
 * The travellers as the order takes them, each as Duffel's passenger paired with them: Latin names, birth
 * date, sex and title, the contact's e-mail and phone, the passport when there is one, and every infant
 * on the lap of an adult.
 */
export function orderPassengers(offer: Offer, request: IssueRequest, booking: BookingPeople): CreateOrderPassenger[] {
  const { email, phone } = booking.contact;
  if (!email || !phone) throw new TicketingUnavailable('Duffel needs the contact e-mail and phone');
  const passengers = passengersOf(offer.passengers, request);
  const list = request.travellers.map((t, i) => {
    const person = booking.people.find((p) => p.position === t.position);
    const passenger = passengers[i];
    if (!person || !passenger) throw new TicketingUnavailable('a traveller of the order is missing');
    const doc = person.document;
    const passport = doc.type === 'A' && doc.expiryDate && doc.issuingCountry;
    return {
      id: passenger.id,
      type: passenger.type,
      given_name: person.givenNames ?? '',
      family_name: person.surname ?? '',
      born_on: person.birthDate,
      gender: person.gender === 'FEMALE' ? ('f' as const) : ('m' as const),
      title: person.gender === 'FEMALE' ? ('ms' as const) : ('mr' as const),
      email,
      phone_number: phone,
      ...(passport
        ? {
            identity_documents: [
              {
                type: 'passport' as const,
                unique_identifier: doc.number,
                issuing_country_code: doc.issuingCountry as string,
                expires_on: doc.expiryDate as string,
              },
            ],
          }
        : {}),
    };
  });
  const adults = list.filter((p) => p.type === 'adult');
  list
    .filter((p) => p.type === 'infant_without_seat')
    .forEach((infant, k) => {
      const adult = adults[k];
      if (adult) Object.assign(adult, { infant_passenger_id: infant.id });
    });
  return list.map(({ type: _type, ...p }) => p);
}

/** The extra checked bags bought, as the offer's baggage services for each traveller (and their price). */
export function bagServices(
  offer: Offer,
  request: IssueRequest,
): { services: { id: string; quantity: number }[]; minor: number } {
  const services: { id: string; quantity: number }[] = [];
  let minor = 0;
  const passengers = passengersOf(offer.passengers, request);
  request.travellers.forEach((t, i) => {
    const bags = t.extraBags ?? 0;
    if (bags === 0) return;
    const passenger = passengers[i]?.id ?? '';
    const offered = (offer.available_services ?? []).filter(
      (s) => s.type === 'baggage' && s.passenger_ids.includes(passenger) && s.maximum_quantity >= bags,
    );
    if (offered.length === 0) throw new TicketingUnavailable('the airline no longer sells the extra bags bought');
    // A bag service covers some segments; every journey of the ticket needs one.
    for (const slice of offer.slices) {
      const ids = slice.segments.map((s) => s.id);
      const service = offered.find((s) => s.segment_ids.some((id) => ids.includes(id)));
      if (!service) throw new TicketingUnavailable('the airline no longer sells the extra bags bought');
      if (services.some((x) => x.id === service.id)) continue;
      services.push({ id: service.id, quantity: bags });
      minor += Math.round(Number(service.total_amount) * 100) * bags;
    }
  });
  return { services, minor };
}

/**
 * The seats chosen, as the seat services of the offer's seat maps for each traveller (and their price in
 * the offer's currency): the flight at a leg's place among the sub-order's legs is the offer's segment at
 * that place, the seat found by its designator and its service by the traveller's passenger id.
 */
export function seatServices(
  maps: readonly SeatMap[],
  offer: Offer,
  request: IssueRequest,
): { services: { id: string; quantity: number }[]; minor: number } {
  const services: { id: string; quantity: number }[] = [];
  let minor = 0;
  const segments = offer.slices.flatMap((s) => s.segments);
  const passengers = passengersOf(offer.passengers, request);
  request.travellers.forEach((t, i) => {
    const passenger = passengers[i]?.id ?? '';
    for (const chosen of t.seats ?? []) {
      const segment = segments[request.legs.findIndex((l) => l.index === chosen.legIndex)];
      const seat = maps
        .find((m) => m.segment_id === segment?.id)
        ?.cabins.flatMap((c) => c.rows.flatMap((r) => r.sections.flatMap((x) => x.elements)))
        .find((e) => e.type === 'seat' && e.designator === chosen.designator);
      const service =
        seat?.type === 'seat' ? seat.available_services.find((x) => x.passenger_id === passenger) : undefined;
      if (!service || service.total_currency !== offer.total_currency)
        throw new TicketingUnavailable(`the airline no longer sells seat ${chosen.designator}`);
      services.push({ id: service.id, quantity: 1 });
      minor += duffelMinor(service.total_amount);
    }
  });
  return { services, minor };
}

/** The order's e-tickets and seats as tickets of ours, and any flight whose time moved since it was bought. */
export function ticketsOfOrder(
  order: Order,
  request: IssueRequest,
): { tickets: IssuedTicket[]; changes: ScheduleChange[] } {
  const tickets: IssuedTicket[] = [];
  const segments = order.slices.flatMap((s) => s.segments);
  const passengers = passengersOf(order.passengers, request);
  request.travellers.forEach((t, i) => {
    const passenger = passengers[i];
    const document = (order.documents ?? []).find(
      (d) => d.type === 'electronic_ticket' && passenger && d.passenger_ids.includes(passenger.id),
    );
    request.legs.forEach((leg, k) => {
      const seat = segments[k]?.passengers.find((p) => p.passenger_id === passenger?.id)?.seat?.designator ?? null;
      tickets.push({
        legIndex: leg.index,
        travellerPosition: t.position,
        bookingReference: order.booking_reference,
        ticketNumber: document?.unique_identifier ?? order.booking_reference,
        seat,
        coach: null,
        berth: null,
        gate: null,
      });
    });
  });
  const changes: ScheduleChange[] = [];
  request.legs.forEach((leg, k) => {
    const s = segments[k];
    if (!s || s.departing_at.slice(0, 16) === leg.departureTime.slice(0, 16)) return;
    // Duffel writes local times without their offset: the airport's offset as it was bought.
    changes.push({
      legIndex: leg.index,
      departureTime: `${s.departing_at.slice(0, 19)}${leg.departureTime.slice(19)}`,
      arrivalTime: `${s.arriving_at.slice(0, 19)}${leg.arrivalTime.slice(19)}`,
    });
  });
  return { tickets, changes };
}
