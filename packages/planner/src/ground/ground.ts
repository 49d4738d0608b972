import { distanceKm, type LatLon } from '@junction/domain';
import type { Access } from '../raptor/query';
import type { TransferInput } from '../timetable/timetable';

export type Point = LatLon;

/**
 * Taxi time and fare from distance: road distance is the straight line × a detour factor, driven at an
 * average city speed, plus waiting for the car; the fare is a flag fall plus a rate per kilometre
 * (Beijing and Shanghai meter rates by default), in whole yuan as the meter charges it.
 */
export type TaxiModel = {
  detour: number;
  speedKmh: number;
  pickupMinutes: number;
  flagFallMinor: number;
  perKmMinor: number;
  /** Kilometres the flag fall covers (3 when not given). */
  includedKm?: number;
  /** Beyond this straight-line distance nobody takes a taxi to a station or airport. */
  maxKm: number;
};

export const DEFAULT_TAXI: TaxiModel = {
  detour: 1.3,
  speedKmh: 32,
  pickupMinutes: 8,
  flagFallMinor: 1300,
  perKmMinor: 270,
  maxKm: 70,
};

export function taxi(
  from: Point,
  to: Point,
  model: TaxiModel = DEFAULT_TAXI,
): { seconds: number; price: number; km: number } {
  const km = distanceKm(from, to) * model.detour;
  const seconds = Math.round((model.pickupMinutes + (km / model.speedKmh) * 60) * 60);
  // The meter's fare is paid in whole yuan, rounded to the nearest: so is its estimate.
  const metered = model.flagFallMinor + Math.max(0, km - (model.includedKm ?? 3)) * model.perKmMinor;
  const price = Math.round(metered / 100) * 100;
  return { seconds, price, km };
}

/**
 * A grid over stop coordinates for "which stops are near this point" without scanning every stop.
 * Cells are about 0.5° (55 km) square.
 */
export class StopGrid {
  private readonly cells = new Map<string, number[]>();
  private static readonly SIZE = 0.5;

  constructor(private readonly points: readonly Point[]) {
    points.forEach((p, i) => {
      const key = this.key(p.lat, p.lon);
      const list = this.cells.get(key);
      if (list) list.push(i);
      else this.cells.set(key, [i]);
    });
  }

  private key(lat: number, lon: number): string {
    return `${Math.floor(lat / StopGrid.SIZE)}:${Math.floor(lon / StopGrid.SIZE)}`;
  }

  /** Stops within `km` of the point, nearest first. */
  near(point: Point, km: number): { stop: number; km: number }[] {
    const reach = Math.ceil(km / 50) + 1;
    const cy = Math.floor(point.lat / StopGrid.SIZE);
    const cx = Math.floor(point.lon / StopGrid.SIZE);
    const out: { stop: number; km: number }[] = [];
    for (let dy = -reach; dy <= reach; dy++) {
      for (let dx = -reach; dx <= reach; dx++) {
        for (const stop of this.cells.get(`${cy + dy}:${cx + dx}`) ?? []) {
          const d = distanceKm(point, this.points[stop] as Point);
          if (d <= km) out.push({ stop, km: d });
        }
      }
    }
    return out.sort((a, b) => a.km - b.km);
  }
}

/** Taxi access from a point (an address) to the stops around it, or egress from them to it. */
export function taxiAccess(
  grid: StopGrid,
  points: readonly Point[],
  at: Point,
  model: TaxiModel = DEFAULT_TAXI,
): Access[] {
  return grid.near(at, model.maxKm).map(({ stop }) => {
    const leg = taxi(at, points[stop] as Point, model);
    return { stop, seconds: leg.seconds, price: leg.price };
  });
}

/**
 * Taxi transfers between nearby stops (Beijing South to Beijing Capital airport, Hongqiao station to
 * Pudong): each stop to its `perStop` nearest others within the model's reach.
 */
export function taxiTransfers(points: readonly Point[], perStop = 8, model: TaxiModel = DEFAULT_TAXI): TransferInput[] {
  const grid = new StopGrid(points);
  const out: TransferInput[] = [];
  points.forEach((p, from) => {
    let taken = 0;
    for (const { stop: to } of grid.near(p, model.maxKm)) {
      if (to === from) continue;
      const leg = taxi(p, points[to] as Point, model);
      out.push({ from, to, seconds: leg.seconds, price: leg.price });
      if (++taken >= perStop) break;
    }
  });
  return out;
}
