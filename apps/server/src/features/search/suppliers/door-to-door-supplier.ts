import {
  daysBetween,
  distanceKm,
  type LegPoint,
  type LocalText,
  localDate,
  localMidnight,
  type ResultLeg,
  type SearchResult,
} from '@junction/domain';
import { type LoadedTimetable, taxi } from '@junction/planner';
import type { RawPlace } from '@junction/refdata';
import { DOOR_TO_DOOR, type DoorToDoorJourney, METRO_PREFIX } from '../inventory/door-to-door';
import {
  airFare,
  beijingMetroFare,
  partyTotal,
  RAIL_SEATS,
  railFare,
  railPartyTotal,
  trainType,
} from '../inventory/fares';
import { type Inventory, placeName } from '../inventory/inventory';
import { CONNECTION_RULES } from '../inventory/itineraries';
import { aircraftFor, assembleResult, baggageFor, feesFor, groundLeg } from '../results/build';
import { SEARCH_TEXTS } from '../results/texts';
import { type BoundOption, combineBounds } from './combine';
import { behave, type Conditions, type Random, type Supplier, type SupplierRequest } from './supplier';

/** The longest wait between two legs of a plan. */
const MAX_WAIT_MS = 4 * 3600_000;

/** Metro track is longer than the straight line between stations. */
const METRO_TRACK_FACTOR = 1.25;

/** Walks between stops closer than this; beyond it a taxi. */
const WALK_KM = 1.5;
const WALK_KMH = 4.5;
/** Plans kept per journey after the near-duplicates are dropped. */
const MAX_PLANS = 24;

type Ride = Extract<NonNullable<DoorToDoorJourney['outcome']['legs']>[number], { kind: 'ride' }>;

/**
 * Our own door-to-door plans: the planner combines flights, trains, metro and taxis from the centre of
 * one city to the centre of another; every ride is priced with the same fare model the flight and rail
 * suppliers use, and the whole plan is sold as one combined fare.
 */
/** Runs door-to-door planning somewhere: in this thread, or in a worker thread; gives up when the signal aborts. */
export type DoorToDoorRunner = (
  request: SupplierRequest,
  supplier: { id: string; name: LocalText },
  signal: AbortSignal,
) => Promise<SearchResult[]>;

/** Door-to-door plans for the day asked for; a flexible search adds flights and trains on the days around it. */
export function planDoorToDoor(
  inv: Inventory,
  request: SupplierRequest,
  supplier: { id: string; name: LocalText },
): SearchResult[] {
  const trip = request.trips[0];
  return trip ? new DoorToDoorPlans(inv, supplier).priceTrip(trip, request) : [];
}

export class DoorToDoorSupplier implements Supplier {
  readonly kind = 'mix' as const;
  readonly id = 'junction-door-to-door';
  readonly name = { en: 'Junction door to door', 'zh-CN': '联程门到门' };

  constructor(
    private readonly run: DoorToDoorRunner,
    private readonly conditions: Conditions,
    private readonly latencyScale: number,
    private readonly random: Random,
  ) {}

  async search(request: SupplierRequest, signal: AbortSignal): Promise<SearchResult[]> {
    await behave(this.id, this.conditions, this.latencyScale, this.random, signal);
    return this.run(request, { id: this.id, name: this.name }, signal);
  }

  async quote(result: SearchResult, request: SupplierRequest, signal: AbortSignal): Promise<SearchResult | undefined> {
    const calm = { ...this.conditions, failureRate: 0, timeoutRate: 0 };
    await behave(this.id, calm, this.latencyScale, this.random, signal);
    const results = await this.run(request, { id: this.id, name: this.name }, signal);
    return results.find((r) => r.id === result.id);
  }
}

class DoorToDoorPlans {
  constructor(
    private readonly inv: Inventory,
    private readonly supplier: { id: string; name: LocalText },
  ) {}

  priceTrip(trip: SupplierRequest['trips'][number], request: SupplierRequest): SearchResult[] {
    const per = trip.bounds.map((b) => this.options(b, request));
    return combineBounds(per, 60).map((combo) => {
      const price = Math.round(combo.reduce((s, o) => s + o.adultMinor, 0) / 100) * 100;
      const self = combo.flatMap((o) => (o.selfTransferMinutes === undefined ? [] : [o.selfTransferMinutes]));
      return assembleResult({
        id: `D:${combo.map((o) => o.key).join('|')}`,
        kind: 'mix',
        bounds: combo.map((o) => o.legs),
        times: combo.map((o) => ({ departure: o.departure, arrival: o.arrival })),
        priceMinor: price,
        agent: 'combined',
        supplier: this.supplier,
        date: trip.date,
        fees: feesFor('mix', price, request.cabin, daysBetween(request.today, trip.date), 'combined'),
        selfTransferMinutes: self.length > 0 ? Math.min(...self) : undefined,
      });
    });
  }

  /** The door: a street address for a city (its centre), or the airport or station asked for. */
  private door(place: RawPlace): LegPoint {
    if (place.kind !== 'city') return this.point(place);
    return {
      code: '',
      name: SEARCH_TEXTS.cityCentre(placeName(place)),
      city: { id: place.id, name: placeName(place) },
      kind: 'address',
      lat: place.lat,
      lon: place.lon,
    };
  }

  /** The place of a stop: an airport, a railway station, or a metro station (a station without a code). */
  private stopPlace(loaded: LoadedTimetable, stop: number): RawPlace | undefined {
    const id = loaded.stopIds[stop] ?? '';
    if (id.startsWith(METRO_PREFIX)) {
      const m = this.inv.doorToDoor?.metroStations.get(id);
      if (!m) return undefined;
      return {
        id: -1,
        kind: 'station',
        code: '',
        cityCode: 'BJS',
        nameEn: m.nameEn,
        nameZh: m.nameZh,
        country: 'CN',
        tz: 'Asia/Shanghai',
        lat: m.lat,
        lon: m.lon,
        rank: 0,
      };
    }
    return id.startsWith('air:') ? this.inv.airport(id.slice(4)) : this.inv.station(id.slice(5));
  }

  private point(place: RawPlace): LegPoint {
    if (place.id !== -1) return this.inv.point(place);
    // A metro station: named, in its city, without a place id or code of its own.
    const { placeId: _, ...point } = this.inv.point(place);
    return { ...point, kind: 'metro' };
  }

  options(bound: SupplierRequest['trips'][number]['bounds'][number], request: SupplierRequest): BoundOption[] {
    const planner = this.inv.doorToDoor;
    if (!planner) return [];
    const fromCity = this.inv.cityOf(bound.from);
    const toCity = this.inv.cityOf(bound.to);
    const dayStart = localMidnight(bound.date, bound.from.tz);
    const { journeys, loaded } = planner.plan({
      from: bound.from,
      to: bound.to,
      fromCity,
      toCity,
      date: bound.date,
      dayStart,
    });
    const options: BoundOption[] = [];
    for (const j of journeys) {
      const option = this.option(j, loaded, bound, request);
      if (option && localDate(option.departure, bound.from.tz) === bound.date) options.push(option);
    }
    return nearlyPareto(withinReason(options)).slice(0, MAX_PLANS);
  }

  private option(
    j: DoorToDoorJourney,
    loaded: LoadedTimetable,
    bound: SupplierRequest['trips'][number]['bounds'][number],
    request: SupplierRequest,
  ): BoundOption | undefined {
    const { party, cabin } = request;
    const seated = party.adults + party.children;
    const taxis = Math.ceil(seated / 4);
    const at = (t: number) => loaded.epochMs + t * 1000;
    const legs: ResultLeg[] = [];
    let total = 0;
    const rides = (j.outcome.legs ?? []).filter((l): l is Ride => l.kind === 'ride');
    const firstRide = rides[0];
    if (!firstRide) return undefined;
    const firstStop = this.stopPlace(loaded, firstRide.boardStop);
    if (!firstStop) return undefined;
    const door = this.door(bound.from);
    const tz = bound.from.tz;

    // To the first station or airport.
    const accessRide = j.access.kind === 'subway' ? (j.access.link?.durationMinutes ?? 0) * 60_000 : 0;
    if (j.access.kind === 'subway' && j.access.link) {
      const link = j.access.link;
      const boardAt = j.leaveAt + (DOOR_TO_DOOR.transitWalkMin + link.frequencyMinutes / 2) * 60_000;
      legs.push(
        groundLeg({
          kind: 'subway',
          from: { ...door, code: '', name: { en: link.toNameEn, 'zh-CN': link.toNameZh }, kind: 'metro' },
          to: this.point(firstStop),
          departure: boardAt,
          arrival: boardAt + accessRide,
          fromTz: tz,
          toTz: firstStop.tz,
          priceMinor: link.fareMinor,
          carrier: 'METRO',
          carrierName: { en: link.lineEn, 'zh-CN': link.lineZh },
          number: link.lineEn,
        }),
      );
      total += link.fareMinor * seated;
    } else if (j.access.kind === 'walk') {
      legs.push(
        groundLeg({
          kind: 'lands',
          from: door,
          to: this.point(firstStop),
          departure: j.leaveAt,
          arrival: j.leaveAt + j.access.seconds * 1000,
          fromTz: tz,
          toTz: firstStop.tz,
          priceMinor: 0,
        }),
      );
    } else {
      const seconds = taxi(bound.from, firstStop, this.inv.doorToDoor?.taxiModel(this.inv.cityOf(bound.from))).seconds;
      legs.push(
        groundLeg({
          kind: 'taxi',
          from: door,
          to: this.point(firstStop),
          departure: j.leaveAt,
          arrival: j.leaveAt + seconds * 1000,
          fromTz: tz,
          toTz: firstStop.tz,
          priceMinor: j.access.price,
        }),
      );
      total += j.access.price * taxis;
    }

    let previousRide: Ride | undefined;
    let groundArrival: number | undefined;
    let selfTransfer: number | undefined;
    for (const l of j.outcome.legs ?? []) {
      if (l.kind === 'transfer') {
        const a = this.stopPlace(loaded, l.fromStop);
        const b = this.stopPlace(loaded, l.toStop);
        if (!a || !b || !previousRide) return undefined;
        const km = distanceKm(a, b);
        // Free transfers are the planner's walks (between a metro station and the station or terminal it serves).
        const walk = km < WALK_KM || l.price === 0;
        const start = at(previousRide.arrival);
        const seconds = l.price === 0 ? l.seconds : walk ? Math.round(((km * 1.3) / WALK_KMH) * 3600 + 300) : l.seconds;
        legs.push(
          groundLeg({
            kind: walk ? 'lands' : 'taxi',
            from: this.point(a),
            to: this.point(b),
            departure: start,
            arrival: start + seconds * 1000,
            fromTz: a.tz,
            toTz: b.tz,
            priceMinor: walk ? 0 : l.price,
          }),
        );
        total += walk ? 0 : l.price * taxis;
        groundArrival = start + seconds * 1000;
        continue;
      }
      const from = this.stopPlace(loaded, l.boardStop);
      const to = this.stopPlace(loaded, l.alightStop);
      if (!from || !to) return undefined;
      // Reaching an airport from a station, the traveller still has to check in.
      if (
        from.kind === 'airport' &&
        groundArrival !== undefined &&
        at(l.departure) - groundArrival < DOOR_TO_DOOR.airportCheckInMin * 60_000
      )
        return undefined;
      groundArrival = undefined;
      if (previousRide) {
        const gap = Math.round((l.departure - previousRide.arrival) / 60);
        const bothAir = from.kind === 'airport' && (loaded.stopIds[previousRide.alightStop] ?? '').startsWith('air:');
        // Separate tickets: a missed connection is the traveller's risk, so flights need a protected buffer.
        if (bothAir && gap < CONNECTION_RULES.selfTransferMinMin) return undefined;
        selfTransfer = selfTransfer === undefined ? gap : Math.min(selfTransfer, gap);
      }
      const number = (loaded.timetable.tripIds[l.trip] ?? '').split(' ')[0] ?? '';
      const departure = at(l.departure);
      const arrival = at(l.arrival);
      const km = distanceKm(from, to);
      const date = localDate(departure, from.tz);
      // The times, places and fare of the ride; its kind, carrier and class follow.
      const ride = (fare: number) =>
        groundLeg({
          kind: 'taxi',
          from: this.point(from),
          to: this.point(to),
          departure,
          arrival,
          fromTz: from.tz,
          toTz: to.tz,
          priceMinor: fare,
        });
      const line = this.inv.doorToDoor?.metroLines.get(number);
      if ((loaded.stopIds[l.boardStop] ?? '').startsWith(METRO_PREFIX) && line) {
        const fare = beijingMetroFare(km * METRO_TRACK_FACTOR);
        legs.push({
          ...ride(fare),
          kind: 'subway',
          carrier: 'METRO',
          carrierName: { en: line.en, 'zh-CN': line.zh },
          number: line.en,
        });
        total += fare * seated;
      } else if (from.kind === 'airport') {
        const airline = number.slice(0, 2);
        const fare = airFare({ airline, flight: number, date, km, cabin, daysAhead: daysBetween(request.today, date) });
        const aircraft = aircraftFor(number, km);
        legs.push({
          ...ride(fare),
          kind: 'air',
          carrier: airline,
          carrierName: this.inv.carrierName(airline),
          number,
          cabin,
          aircraft: aircraft.name,
          aircraftClass: aircraft.cls,
          baggage: baggageFor(cabin, from.country !== to.country),
          separateTicket: true,
        });
        total += partyTotal(fare, party);
      } else {
        const type = trainType(number);
        const seat = (RAIL_SEATS[type] ?? [])[0]?.code ?? 'O';
        const fare = railFare(type, seat, km * 1.12);
        legs.push({
          ...ride(fare),
          kind: 'land',
          carrier: 'CR',
          carrierName: SEARCH_TEXTS.railway,
          number,
          cabin: seat,
          trainType: type,
          separateTicket: true,
        });
        total += railPartyTotal(fare, party);
      }
      previousRide = l;
    }
    if (!previousRide) return undefined;
    const lastStop = this.stopPlace(loaded, previousRide.alightStop);
    if (!lastStop) return undefined;
    const arriveStop = at(previousRide.arrival);
    const doorTo = this.door(bound.to);
    let end: number;
    if (j.egress.kind === 'subway' && j.egress.link) {
      const link = j.egress.link;
      const board = arriveStop + (DOOR_EXIT_MIN + link.frequencyMinutes / 2) * 60_000;
      end = board + link.durationMinutes * 60_000;
      legs.push(
        groundLeg({
          kind: 'subway',
          from: this.point(lastStop),
          to: { ...doorTo, name: { en: link.toNameEn, 'zh-CN': link.toNameZh }, kind: 'metro' },
          departure: board,
          arrival: end,
          fromTz: lastStop.tz,
          toTz: bound.to.tz,
          priceMinor: link.fareMinor,
          carrier: 'METRO',
          carrierName: { en: link.lineEn, 'zh-CN': link.lineZh },
          number: link.lineEn,
        }),
      );
      total += link.fareMinor * seated;
    } else if (j.egress.kind === 'walk') {
      end = arriveStop + j.egress.seconds * 1000;
      legs.push(
        groundLeg({
          kind: 'lands',
          from: this.point(lastStop),
          to: doorTo,
          departure: arriveStop,
          arrival: end,
          fromTz: lastStop.tz,
          toTz: bound.to.tz,
          priceMinor: 0,
        }),
      );
    } else {
      const start = arriveStop + DOOR_EXIT_MIN * 60_000;
      end = start + taxi(lastStop, bound.to, this.inv.doorToDoor?.taxiModel(this.inv.cityOf(bound.to))).seconds * 1000;
      legs.push(
        groundLeg({
          kind: 'taxi',
          from: this.point(lastStop),
          to: doorTo,
          departure: start,
          arrival: end,
          fromTz: lastStop.tz,
          toTz: bound.to.tz,
          priceMinor: j.egress.price,
        }),
      );
      total += j.egress.price * taxis;
    }
    // Nobody waits hours between two legs of a door-to-door plan: leaving later is the better plan.
    for (let i = 1; i < legs.length; i++) {
      const wait =
        Date.parse((legs[i] as ResultLeg).departureTime) - Date.parse((legs[i - 1] as ResultLeg).arrivalTime);
      if (wait > MAX_WAIT_MS) return undefined;
    }
    // A ride is on its own ticket when another ride follows it: that is where a self-transfer happens.
    const rideIndexes = legs.flatMap((leg, i) => (leg.kind === 'air' || leg.kind === 'land' ? [i] : []));
    for (const i of rideIndexes) legs[i] = { ...(legs[i] as ResultLeg), separateTicket: i !== rideIndexes.at(-1) };
    return {
      key:
        rides.map((r) => (loaded.timetable.tripIds[r.trip] ?? '').replace(' ', '@')).join('+') +
        `~${j.access.kind}${j.egress.kind}`,
      legs,
      departure: Date.parse((legs[0] as ResultLeg).departureTime),
      arrival: end,
      adultMinor: total,
      selfTransferMinutes: rides.length > 1 ? selfTransfer : undefined,
    };
  }
}

/**
 * A plan with changes that takes far longer than the fastest one is not worth its saving: it goes,
 * unless it is a single ride (a direct overnight sleeper stays).
 */
export function withinReason(options: BoundOption[]): BoundOption[] {
  if (options.length === 0) return options;
  const duration = (o: BoundOption) => o.arrival - o.departure;
  const fastest = Math.min(...options.map(duration));
  const limit = Math.max(fastest * 2.2, fastest + 6 * 3600_000);
  const rides = (o: BoundOption) => o.legs.filter((l) => l.kind === 'air' || l.kind === 'land').length;
  return options.filter((o) => rides(o) === 1 || duration(o) <= limit);
}

/** Minutes from leaving the plane or train to the taxi rank or metro platform. */
const DOOR_EXIT_MIN = 15;

/**
 * Drops plans another plan makes pointless: one that arrives no more than 30 minutes later, costs no
 * more than 3 % (or ¥30) more and has no more rides.
 */
export function nearlyPareto(options: BoundOption[]): BoundOption[] {
  const rides = (o: BoundOption) => o.legs.filter((l) => l.kind === 'air' || l.kind === 'land').length;
  const sorted = [...options].sort(
    (a, b) => rides(a) - rides(b) || a.adultMinor - b.adultMinor || a.arrival - b.arrival,
  );
  const kept: BoundOption[] = [];
  for (const o of sorted) {
    const pointless = kept.some(
      (k) =>
        rides(k) <= rides(o) &&
        k.arrival <= o.arrival + 30 * 60_000 &&
        k.departure >= o.departure - 30 * 60_000 &&
        k.adultMinor <= o.adultMinor + Math.max(3000, o.adultMinor * 0.03),
    );
    if (!pointless) kept.push(o);
  }
  return kept.sort((a, b) => a.departure - b.departure);
}
