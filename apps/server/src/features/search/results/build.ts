import {
  type Agent,
  type Baggage,
  type Cabin,
  distanceKm,
  type FeeRules,
  isoWithOffset,
  isRide,
  type LegPoint,
  type LocalText,
  localDate,
  type ResultKind,
  type ResultLeg,
  type SearchResult,
  toRequestDate,
} from '@junction/domain';
import type { AircraftClass } from '@junction/refdata';
import { flightCabins, unit } from '../inventory/fares';
import type { FlightInstance } from '../inventory/flight-schedule';
import { GREATER_CHINA, type Inventory } from '../inventory/inventory';

/** Aircraft types by class, as data, with the names Chinese travellers read: the inventory has routes, not equipment. */
const AIRCRAFT: Record<AircraftClass, LocalText[]> = {
  'wide-body': [
    { en: 'Airbus A350-900', 'zh-CN': '空客A350-900' },
    { en: 'Boeing 787-9', 'zh-CN': '波音787-9' },
    { en: 'Boeing 777-300ER', 'zh-CN': '波音777-300ER' },
    { en: 'Airbus A330-300', 'zh-CN': '空客A330-300' },
  ],
  'narrow-body': [
    { en: 'Airbus A320neo', 'zh-CN': '空客A320neo' },
    { en: 'Boeing 737-800', 'zh-CN': '波音737-800' },
    { en: 'Airbus A321neo', 'zh-CN': '空客A321neo' },
    { en: 'COMAC C919', 'zh-CN': '中国商飞C919' },
    { en: 'Boeing 737 MAX 8', 'zh-CN': '波音737 MAX 8' },
  ],
  regional: [
    { en: 'COMAC ARJ21-700', 'zh-CN': '中国商飞ARJ21-700' },
    { en: 'Embraer E190', 'zh-CN': '巴航工业E190' },
    { en: 'Bombardier CRJ900', 'zh-CN': '庞巴迪CRJ900' },
  ],
  'turbo-prop': [
    { en: 'ATR 72-600', 'zh-CN': 'ATR 72-600' },
    { en: 'De Havilland Dash 8-400', 'zh-CN': '德哈维兰冲8-400' },
  ],
};

export function aircraftFor(flight: string, km: number): { name: LocalText; cls: AircraftClass } {
  const u = unit(`aircraft:${flight}`);
  const cls: AircraftClass =
    km > 4500 ? 'wide-body' : km < 450 && u < 0.4 ? 'turbo-prop' : km < 900 && u < 0.35 ? 'regional' : 'narrow-body';
  const names = AIRCRAFT[cls];
  return { name: names[Math.floor(unit(`type:${flight}`) * names.length)] as LocalText, cls };
}

/** Free baggage by cabin, and the price of an extra checked piece (CNY hundredths). */
export function baggageFor(cabin: Cabin, international: boolean): Baggage {
  const premium = cabin === 'C' || cabin === 'F';
  return {
    carryOn: { pieces: premium ? 2 : 1, kg: premium ? 8 : 7 },
    checked: {
      pieces: premium ? 2 : international || cabin === 'S' ? (cabin === 'S' ? 2 : 1) : 1,
      kg: premium ? 32 : international ? 23 : 20,
      extraPrice: { amount: international ? 80_000 : 30_000, currency: 'CNY' },
    },
  };
}

const money = (amount: number) => ({ amount, currency: 'CNY' as const });

/**
 * Change and cancellation fees before and after the point 2 hours before departure (spec §9): a share
 * of the fare that grows close to departure and is lower in the premium cabins; rail follows China
 * Railway's rules (5 % up to 8 days before, more later).
 */
export function feesFor(kind: ResultKind, priceMinor: number, cabin: Cabin, daysAhead: number, agent: Agent): FeeRules {
  const share = (s: number) => money(Math.round((priceMinor * s) / 100) * 100);
  if (kind === 'train') {
    return {
      cancelBefore: share(daysAhead >= 8 ? 0.05 : daysAhead >= 2 ? 0.1 : 0.2),
      cancelAfter: share(0.2),
      changeBefore: money(0),
      changeAfter: share(0.05),
      free24h: false,
    };
  }
  const premium = cabin === 'C' || cabin === 'F';
  return {
    cancelBefore: share(premium ? 0.05 : 0.15),
    cancelAfter: agent === 'combined' ? null : share(premium ? 0.2 : 0.5),
    changeBefore: share(premium ? 0 : 0.05),
    changeAfter: agent === 'combined' ? null : share(premium ? 0.1 : 0.3),
    free24h: agent !== 'combined' && daysAhead >= 7,
  };
}

const minutes = (ms: number) => Math.round(ms / 60_000);

export function flightLeg(
  inv: Inventory,
  f: FlightInstance,
  cabin: Cabin,
  priceMinor: number,
  separateTicket: boolean,
  /** The adult fare of the flight in another cabin: with it, the leg lists the cabins it sells and their seats. */
  fareIn?: (cabin: Cabin) => number,
): ResultLeg | undefined {
  const s = inv.flights;
  const from = inv.airport(s.airports[s.origin[f.flight] as number] as string);
  const to = inv.airport(s.airports[s.destination[f.flight] as number] as string);
  if (!from || !to) return undefined;
  const airline = s.airlineOf(f.flight);
  const number = s.numberOf(f.flight);
  const km = distanceKm(from, to);
  const aircraft = aircraftFor(number, km);
  return {
    kind: 'air',
    carrier: airline,
    carrierName: inv.carrierName(airline),
    number,
    from: inv.point(from, airline),
    to: inv.point(to, airline),
    departureTime: isoWithOffset(f.departure, from.tz),
    arrivalTime: isoWithOffset(f.arrival, to.tz),
    durationMinutes: minutes(f.arrival - f.departure),
    cabin,
    aircraft: aircraft.name,
    aircraftClass: aircraft.cls,
    baggage: baggageFor(cabin, !(GREATER_CHINA.has(from.country) && GREATER_CHINA.has(to.country))),
    price: money(priceMinor),
    separateTicket,
    ...(fareIn && {
      seats: flightCabins(number, localDate(f.departure, from.tz), aircraft.cls).map((c) => ({
        code: c.code,
        price: money(c.code === cabin ? priceMinor : fareIn(c.code)),
        remaining: c.remaining,
      })),
    }),
  };
}

/** A leg on the ground or the metro between two points. */
export function groundLeg(p: {
  kind: 'taxi' | 'subway' | 'lands';
  from: LegPoint;
  to: LegPoint;
  departure: number;
  arrival: number;
  fromTz: string;
  toTz: string;
  priceMinor: number;
  carrier?: string;
  carrierName?: LocalText;
  number?: string;
}): ResultLeg {
  return {
    kind: p.kind,
    carrier: p.carrier ?? '',
    carrierName: p.carrierName ?? { en: '', 'zh-CN': '' },
    number: p.number ?? '',
    from: p.from,
    to: p.to,
    departureTime: isoWithOffset(p.departure, p.fromTz),
    arrivalTime: isoWithOffset(p.arrival, p.toTz),
    durationMinutes: minutes(p.arrival - p.departure),
    price: money(p.priceMinor),
    separateTicket: false,
  };
}

/** Puts legs, grouped by journey bound, into one result with its totals. */
export function assembleResult(p: {
  id: string;
  kind: ResultKind;
  bounds: ResultLeg[][];
  /** Absolute instants of the first departure and last arrival of each bound. */
  times: { departure: number; arrival: number }[];
  priceMinor: number;
  agent: Agent;
  supplier: { id: string; name: LocalText };
  date: string;
  fees: FeeRules;
  selfTransferMinutes?: number;
}): SearchResult {
  const legs = p.bounds.flat();
  let start = 0;
  const bounds = p.bounds.map((b) => {
    const range = { start, end: start + b.length };
    start += b.length;
    return range;
  });
  const firstLeg = legs[0] as ResultLeg;
  const lastLeg = legs[legs.length - 1] as ResultLeg;
  const rides = (b: ResultLeg[]) => b.filter(isRide).length;
  return {
    id: p.id,
    kind: p.kind,
    price: money(p.priceMinor),
    departureTime: firstLeg.departureTime,
    arrivalTime: lastLeg.arrivalTime,
    // A round trip's duration is that of its journeys, not of the stay between them.
    durationMinutes: p.times.reduce((s, t) => s + minutes(t.arrival - t.departure), 0),
    transfers: Math.max(...p.bounds.map((b) => Math.max(0, rides(b) - 1))),
    date: toRequestDate(p.date),
    legs,
    bounds,
    agent: p.agent,
    sellers: [{ supplier: p.supplier.id, name: p.supplier.name, price: money(p.priceMinor) }],
    fees: p.fees,
    selfTransferMinutes: p.selfTransferMinutes,
  };
}
