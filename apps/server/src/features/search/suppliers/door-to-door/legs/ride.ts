import { daysBetween, distanceKm, localDate } from '@junction/domain';
import { METRO_PREFIX } from '../../../inventory/door-to-door';
import {
  airFare,
  beijingMetroFare,
  partyTotal,
  RAIL_SEATS,
  railFare,
  railPartyTotal,
  trainType,
} from '../../../inventory/fares';
import { aircraftFor, baggageFor, groundLeg } from '../../../results/build';
import { SEARCH_TEXTS } from '../../../results/texts';
import { instant, type PlanContext, type PricedLeg, type Ride, type Stop } from './leg';

/** Metro track is longer than the straight line between stations. */
const METRO_TRACK_FACTOR = 1.25;
/** Rail track is longer than the straight line between stations. */
const RAIL_TRACK_FACTOR = 1.12;

/** A ride of the plan, priced with the fare model the flight and rail suppliers use: metro, flight or train. */
export function rideLeg(ctx: PlanContext, ride: Ride, from: Stop, to: Stop): PricedLeg {
  const { loaded, request } = ctx;
  const { party, cabin } = request;
  const number = (loaded.timetable.tripIds.at(ride.trip) ?? '').split(' ')[0] ?? '';
  const departure = instant(ctx, ride.departure);
  const arrival = instant(ctx, ride.arrival);
  const km = distanceKm(from, to);
  const date = localDate(departure, from.tz);
  // The times, places and fare of the ride; its kind, carrier and class follow.
  const base = (fare: number) =>
    groundLeg({
      kind: 'taxi',
      from: ctx.places.point(from),
      to: ctx.places.point(to),
      departure,
      arrival,
      fromTz: from.tz,
      toTz: to.tz,
      priceMinor: fare,
    });
  const line = ctx.inv.doorToDoor?.metroLines.get(number);
  if ((loaded.stopIds[ride.boardStop] ?? '').startsWith(METRO_PREFIX) && line) {
    const fare = beijingMetroFare(km * METRO_TRACK_FACTOR);
    const leg = {
      ...base(fare),
      kind: 'subway' as const,
      carrier: 'METRO',
      carrierName: { en: line.en, 'zh-CN': line.zh },
      number: line.en,
    };
    return { leg, partyMinor: fare * ctx.seated };
  }
  if (from.kind === 'airport') {
    const airline = number.slice(0, 2);
    const fare = airFare({ airline, flight: number, date, km, cabin, daysAhead: daysBetween(request.today, date) });
    const aircraft = aircraftFor(number, km);
    const leg = {
      ...base(fare),
      kind: 'air' as const,
      carrier: airline,
      carrierName: ctx.inv.carrierName(airline),
      number,
      cabin,
      aircraft: aircraft.name,
      aircraftClass: aircraft.cls,
      baggage: baggageFor(cabin, from.country !== to.country),
      separateTicket: true,
    };
    return { leg, partyMinor: partyTotal(fare, party) };
  }
  const type = trainType(number);
  const seat = (RAIL_SEATS[type] ?? [])[0]?.code ?? 'O';
  const fare = railFare(type, seat, km * RAIL_TRACK_FACTOR);
  const leg = {
    ...base(fare),
    kind: 'land' as const,
    carrier: 'CR',
    carrierName: SEARCH_TEXTS.railway,
    number,
    cabin: seat,
    trainType: type,
    separateTicket: true,
  };
  return { leg, partyMinor: railPartyTotal(fare, party) };
}
