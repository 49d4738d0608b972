import type { Language } from '@junction/domain';
import { ICalCalendar, ICalEventTransparency } from 'ical-generator';
import { DateTime } from 'luxon';
import { tzlib_get_ical_block } from 'timezones-ical-library';
import { fill } from '../../../lib/text';
import { type ItineraryTexts, legTitle, placeName, rideText, seatText } from './itinerary-text';
import type { ItineraryLeg, ItineraryView } from './itinerary-view';

/**
 * The description of one leg's event: the ride (its carrier, number, cabin or seat class), its arrival, the
 * time it was booked with when its operator re-timed it, its booking reference and each traveller's ticket
 * and seat.
 */
function describe(view: ItineraryView, l: ItineraryLeg, tx: ItineraryTexts, language: Language): string {
  const lines: string[] = [rideText(l.leg, tx, language)];
  const arrival = DateTime.fromISO(l.leg.arrivalTime, { setZone: true }).setZone(l.toZone);
  lines.push(fill(tx.arrives, { time: arrival.toFormat('yyyy-MM-dd HH:mm'), place: placeName(l.leg.to, language) }));
  if (l.change) {
    const was = DateTime.fromISO(l.change.previousDepartureTime, { setZone: true }).setZone(l.fromZone);
    lines.push(fill(tx.changed, { time: was.toFormat('yyyy-MM-dd HH:mm') }));
  }
  if (l.subOrder?.bookingReference) {
    lines.push(
      `${l.subOrder.type === 'railway' ? tx.railOrder : tx.bookingReference}${tx.colon}${l.subOrder.bookingReference}`,
    );
  }
  for (const t of l.tickets) {
    const traveller = view.travellers.find((x) => x.position === t.travellerPosition);
    const who = traveller?.name ?? '';
    const infant = traveller?.airType === 'INFANT';
    const parts = [`${tx.ticketNumber} ${t.ticketNumber}`, seatText(t, tx, infant)];
    if (t.gate) parts.push(`${tx.gate} ${t.gate}`);
    lines.push(`${who}${tx.colon}${parts.filter(Boolean).join(' · ')}`);
  }
  if (!l.sold) lines.push(tx.guidance);
  lines.push(fill(tx.order, { orderNumber: view.orderNumber }));
  return lines.join('\n');
}

/**
 * The itinerary as an iCalendar file (RFC 5545): one event per leg, rides and ground legs alike. Each
 * event starts at the local time of its departure in that place's zone (TZID with its VTIMEZONE); its
 * end is the arrival instant, told in the same zone, and its description gives the local arrival time.
 */
export function itineraryIcs(view: ItineraryView, tx: ItineraryTexts, language: Language, now: Date): string {
  const cal = new ICalCalendar({
    prodId: { company: 'Junction', product: 'Itinerary', language: language === 'zh-CN' ? 'ZH' : 'EN' },
    name: fill(tx.calendarName, { orderNumber: view.orderNumber }),
  });
  cal.timezone({ name: null, generator: (tz) => tzlib_get_ical_block(tz)[0] ?? null });
  for (const bound of view.bounds) {
    for (const l of bound.legs) {
      const departure = DateTime.fromISO(l.leg.departureTime, { setZone: true }).setZone(l.fromZone);
      const arrival = DateTime.fromISO(l.leg.arrivalTime, { setZone: true });
      cal.createEvent({
        id: `${view.orderId}-${l.index}@junction`,
        stamp: now,
        start: departure,
        end: arrival < departure ? departure : arrival,
        timezone: l.fromZone,
        summary: legTitle(l.leg, tx, language),
        location: placeName(l.leg.from, language),
        description: describe(view, l, tx, language),
        transparency: l.sold ? ICalEventTransparency.OPAQUE : ICalEventTransparency.TRANSPARENT,
      });
    }
  }
  return cal.toString();
}
