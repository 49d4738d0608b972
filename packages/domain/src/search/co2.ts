import { distanceKm, type LatLon } from '../geo';
import {
  AIRCRAFT_FUEL,
  type AircraftClass,
  AVERAGE_LOAD_FACTOR,
  CABIN_SPACE,
  DETOUR,
  GROUND_G_PER_PKM,
  HIGH_SPEED_TRAINS,
  JET_FUEL_CO2_PER_KG,
  RAIL_SAVES_MOST_SHARE,
} from './co2-factors';
import type { SearchResult } from './search.schema';
import { type Cabin, normalizeCabin } from './search-options';

/**
 * Grams of CO₂ of one economy-equivalent seat on a flight of this distance: the aircraft's fuel, the
 * whole of it (the model leaves cargo out), spread over the seats an average load fills.
 */
function flightSeatGrams(km: number, aircraft: AircraftClass): number {
  const a = AIRCRAFT_FUEL[aircraft];
  const fuelKg = a.ltoKg + a.perKmKg * Math.max(0, km);
  return (fuelKg * JET_FUEL_CO2_PER_KG * 1000) / (a.seats * AVERAGE_LOAD_FACTOR);
}

/** Grams of CO₂ per traveller of a flight of `km` (great circle) on this class of aircraft in this cabin. */
export function flightCo2Grams(km: number, aircraft: AircraftClass, cabin: Cabin): number {
  const space = CABIN_SPACE[aircraft === 'wide-body' ? 'wide' : 'narrow'][cabin];
  return Math.round(flightSeatGrams(km, aircraft) * space);
}

/** What travels on the ground, by the factor it is counted with. */
export type GroundMode = keyof typeof GROUND_G_PER_PKM;

/** Grams of CO₂ per traveller of `km` on the ground (the distance as travelled, not as the crow flies). */
export function groundCo2Grams(km: number, mode: GroundMode): number {
  return Math.round(GROUND_G_PER_PKM[mode] * Math.max(0, km));
}

/** What a leg's estimate needs to know. */
export type Co2Leg = {
  kind: string;
  from: LatLon;
  to: LatLon;
  cabin?: string | undefined;
  aircraftClass?: AircraftClass | undefined;
  trainType?: string | undefined;
};

const isHighSpeed = (trainType: string | undefined) =>
  (HIGH_SPEED_TRAINS as readonly string[]).includes((trainType ?? 'G').charAt(0).toUpperCase());

/** Grams of CO₂ per traveller of one leg: a flight by the model, the ground by its factor. */
export function legCo2Grams(leg: Co2Leg): number {
  const km = distanceKm(leg.from, leg.to);
  switch (leg.kind) {
    case 'air':
      return flightCo2Grams(km, leg.aircraftClass ?? 'narrow-body', normalizeCabin(leg.cabin ?? 'Y'));
    case 'land':
      return groundCo2Grams(km * DETOUR.rail, isHighSpeed(leg.trainType) ? 'highSpeedRail' : 'conventionalRail');
    case 'subway':
      return groundCo2Grams(km * DETOUR.rail, 'metro');
    case 'taxi':
      return groundCo2Grams(km * DETOUR.road, 'taxi');
    default:
      return 0;
  }
}

/** Grams of CO₂ per traveller of a whole result: the sum of its legs. */
const known = new WeakMap<object, number>();
export function resultCo2Grams(result: Pick<SearchResult, 'legs'>): number {
  let grams = known.get(result);
  if (grams === undefined) {
    grams = result.legs.reduce((sum, leg) => sum + legCo2Grams(leg), 0);
    known.set(result, grams);
  }
  return grams;
}

/**
 * The share of a flight's emissions a journey by rail saves: its trains against an economy seat on a
 * narrow-body flown between the first and last stations. Null for a journey with a flight or no train.
 */
export function railSavingShare(result: Pick<SearchResult, 'legs'>): number | null {
  const rides = result.legs.filter((l) => l.kind === 'air' || l.kind === 'land');
  const first = rides[0];
  const last = rides.at(-1);
  if (!first || !last || rides.some((l) => l.kind === 'air')) return null;
  const flight = flightCo2Grams(distanceKm(first.from, last.to), 'narrow-body', 'Y');
  if (flight <= 0) return null;
  const rail = rides.reduce((sum, leg) => sum + legCo2Grams(leg), 0);
  return Math.max(0, 1 - rail / flight);
}

/** Whether the rail journey's saving earns its badge: most of the flight's emissions saved. */
export const railSavesMost = (share: number | null): share is number =>
  share !== null && share >= 1 - RAIL_SAVES_MOST_SHARE;
