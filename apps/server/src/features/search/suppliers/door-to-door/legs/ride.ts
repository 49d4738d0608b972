import { daysBetween, distanceKm, localDate, type ResultLeg } from '@junction/domain';
import { METRO_PREFIX } from '../../../inventory/door-to-door';
import {
  airFare,
  flightCabins,
  metroFare,
  offeredSeat,
  partyTotal,
  railPartyTotal,
  seatOffers,
  trainType,
} from '../../../inventory/fares';
import { trackKmAt } from '../../../inventory/rail-schedule';
import { aircraftFor, baggageFor, groundLeg } from '../../../results/build';
import { SEARCH_TEXTS } from '../../../results/texts';
import { instant, type PlanContext, type PlannedLeg, type Ride, type Stop } from './leg';

/** Metro track is longer than the straight line between stations. */
const METRO_TRACK_FACTOR = 1.25;

/** The track kilometres of a train ride along its stops, measured as the railway's own results measure them. */
function trackKm(ctx: PlanContext, ride: Ride): number {
  const tt = ctx.loaded.timetable;
  const stops = Array.from(
    tt.routeStops.subarray(tt.routeStopStart[ride.route] as number, tt.routeStopStart[ride.route + 1] as number),
  );
  const board = stops.indexOf(ride.boardStop);
  const alight = stops.indexOf(ride.alightStop, board + 1);
  const kmAt = trackKmAt(stops.map((s) => ctx.loaded.stopPoints[s]));
  return (kmAt[alight] ?? 0) - (kmAt[board] ?? 0);
}

/** A ride of the plan: a metro line's ride, a flight or a train, by the kind of its stop and its number. */
function rideKind(ctx: PlanContext, ride: Ride, from: Stop): 'subway' | 'air' | 'land' {
  const number = rideNumber(ctx, ride);
  if ((ctx.loaded.stopIds[ride.boardStop] ?? '').startsWith(METRO_PREFIX) && ctx.inv.doorToDoor?.metroLines.has(number))
    return 'subway';
  return from.kind === 'airport' ? 'air' : 'land';
}

const rideNumber = (ctx: PlanContext, ride: Ride) =>
  (ctx.loaded.timetable.tripIds.at(ride.trip) ?? '').split(' ')[0] ?? '';

/** A ride of the plan; priced when asked with the fare model the flight and rail suppliers use. */
export function rideLeg(ctx: PlanContext, ride: Ride, from: Stop, to: Stop): PlannedLeg {
  let priced: PricedRide | undefined;
  const fare = () => {
    priced ??= pricedRide(ctx, ride, from, to);
    return priced;
  };
  return {
    kind: rideKind(ctx, ride, from),
    departure: instant(ctx, ride.departure),
    arrival: instant(ctx, ride.arrival),
    partyMinor: () => fare().partyMinor,
    leg: () => fare().leg(),
  };
}

/** A ride priced: what it costs the party, and the leg with its seats, built when asked. */
type PricedRide = { partyMinor: number; leg: () => ResultLeg };

/** A ride priced by its kind: a metro line's fare, a flight's or a train's. */
function pricedRide(ctx: PlanContext, ride: Ride, from: Stop, to: Stop): PricedRide {
  const { loaded, request } = ctx;
  const { party, cabin } = request;
  const number = rideNumber(ctx, ride);
  const departure = instant(ctx, ride.departure);
  const arrival = instant(ctx, ride.arrival);
  const km = distanceKm(from, to);
  const date = localDate(departure, from.tz);
  // A flight's airline, for its terminals.
  const airline = from.kind === 'airport' ? number.slice(0, 2) : undefined;
  // The times, places and fare of the ride; its kind, carrier and class follow.
  const base = (fare: number) =>
    groundLeg({
      kind: 'taxi',
      from: ctx.places.point(from, airline),
      to: ctx.places.point(to, airline),
      departure,
      arrival,
      fromTz: from.tz,
      toTz: to.tz,
      priceMinor: fare,
    });
  const line = ctx.inv.doorToDoor?.metroLines.get(number);
  if ((loaded.stopIds[ride.boardStop] ?? '').startsWith(METRO_PREFIX) && line) {
    // A line with a fare of its own (the Shanghai Maglev) is priced by it, any other by its city's scale.
    const fares = ctx.inv.refdata.metroFares;
    const scale = fares[line.en] ?? fares[line.city] ?? fares.BJS;
    const fare = scale ? metroFare(scale, km * METRO_TRACK_FACTOR) : 0;
    const leg = (): ResultLeg => ({
      ...base(fare),
      kind: 'subway' as const,
      carrier: 'METRO',
      carrierName: { en: line.en, 'zh-CN': line.zh },
      number: line.en,
    });
    return { leg, partyMinor: fare * ctx.seated };
  }
  if (airline) return pricedFlight(ctx, { airline, number, date, km, from, to }, base);
  // The same train costs what the railway's own result for it costs: its fares by track, its class for the party.
  const seats = seatOffers(number, date, trackKm(ctx, ride));
  const seat = offeredSeat(seats, cabin, ctx.seated);
  const fare = seat?.price.amount ?? 0;
  const leg = (): ResultLeg => ({
    ...base(fare),
    kind: 'land' as const,
    carrier: 'CR',
    carrierName: SEARCH_TEXTS.railway,
    number,
    cabin: seat?.code,
    trainType: trainType(number),
    seats,
    separateTicket: true,
  });
  return { leg, partyMinor: railPartyTotal(fare, party) };
}

/** A flight priced with the fare model the flight suppliers use; its cabins and seats listed when built. */
function pricedFlight(
  ctx: PlanContext,
  f: { airline: string; number: string; date: string; km: number; from: Stop; to: Stop },
  base: (fare: number) => ResultLeg,
): PricedRide {
  const { airline, number, date, km } = f;
  const { party, cabin, today } = ctx.request;
  const fareIn = (c: typeof cabin) =>
    airFare({ airline, flight: number, date, km, cabin: c, daysAhead: daysBetween(today, date) });
  const fare = fareIn(cabin);
  const leg = (): ResultLeg => {
    const aircraft = aircraftFor(number, km);
    // Its cabins and seats as the flight sellers list them: a search lists the plan while its cabin has seats.
    const seats = flightCabins(number, date, aircraft.cls).map((c) => ({
      code: c.code,
      price: { amount: c.code === cabin ? fare : fareIn(c.code), currency: 'CNY' as const },
      remaining: c.remaining,
    }));
    return {
      ...base(fare),
      kind: 'air' as const,
      carrier: airline,
      carrierName: ctx.inv.carrierName(airline),
      number,
      cabin,
      aircraft: aircraft.name,
      aircraftClass: aircraft.cls,
      seats,
      baggage: baggageFor(cabin, f.from.country !== f.to.country),
      separateTicket: true,
    };
  };
  return { leg, partyMinor: partyTotal(fare, party) };
}
