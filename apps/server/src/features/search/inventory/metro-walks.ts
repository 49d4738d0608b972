import { distanceKm, type LatLon } from '@junction/domain';
import { StopGrid, type TransferInput } from '@junction/planner';

/**
 * Metro stations in an airport terminal: 3号航站楼, 大兴机场, 机场中心 (Kunming), 黄花机场T1T2 (Changsha),
 * 机场西(T1/T2/T3) (Xi'an), 新郑机场(郑许线); not the stations beside an airport (机场东, 机场北, 机场前).
 */
const AIRPORT_STATION = /航站楼|机场(中心)?$|机场T\d|\(T\d|机场\(/;

/** A metro station named for its railway station: 昆明南火车站, 青岛北站, 沈阳站 → 昆明南, 青岛北, 沈阳. */
const RAILWAY_STATION = /^(.+?)(?:火车)?站$/;

export type MetroWalkRules = {
  /** The farthest walk between a metro station and a railway station or airport next to it. */
  walkTransferKm: number;
  /** An airport's station in its terminal serves the airport within this distance, on a short walk. */
  terminalStationKm: number;
  terminalWalkMin: number;
  /** A metro station named for a railway station serves it within this distance (its exits lead there). */
  namedStationKm: number;
  walkSeconds: (km: number) => number;
  /** Minutes through the exit or entrance of the railway station or airport, on top of the walk. */
  stationWalkMin: number;
  /** Seconds to board at a railway station or airport reached from the metro. */
  boardingSeconds: (stopId: string) => number;
};

/**
 * Walks between metro stations and the railway stations and airports next to them, both ways: to those
 * nearby, from an airport's terminal station to the airport, and from a station named for a railway station
 * (青岛北站) to that station even where the two lie a kilometre apart.
 */
export function metroWalks(
  ids: readonly string[],
  points: readonly LatLon[],
  isMetro: (stop: number) => boolean,
  metroName: (id: string) => string,
  railByName: ReadonlyMap<string, string>,
  rules: MetroWalkRules,
): TransferInput[] {
  const grid = new StopGrid([...points]);
  const index = new Map(ids.map((id, i) => [id, i]));
  const walks: TransferInput[] = [];
  const walk = (from: number, to: number, seconds: number) => {
    const boarding = rules.boardingSeconds(ids[to] ?? '');
    walks.push({ from, to, seconds: seconds + boarding, price: 0 }, { from: to, to: from, seconds, price: 0 });
  };
  points.forEach((p, i) => {
    if (!isMetro(i)) return;
    const name = metroName(ids[i] ?? '');
    // An airport's metro station is in its terminal, kilometres from the airport's reference point.
    const terminal = AIRPORT_STATION.test(name);
    const reach = terminal ? rules.terminalStationKm : rules.walkTransferKm;
    for (const { stop, km } of grid.near(p, reach)) {
      if (isMetro(stop)) continue;
      if (terminal && !(ids[stop] ?? '').startsWith('air:')) continue;
      walk(i, stop, terminal ? rules.terminalWalkMin * 60 : rules.walkSeconds(km) + rules.stationWalkMin * 60);
    }
    const named = railByName.get(RAILWAY_STATION.exec(name)?.[1] ?? '');
    const stop = named === undefined ? undefined : index.get(named);
    if (terminal || stop === undefined) return;
    const km = distanceKm(p, points[stop] as LatLon);
    if (km > rules.walkTransferKm && km <= rules.namedStationKm)
      walk(i, stop, rules.walkSeconds(km) + rules.stationWalkMin * 60);
  });
  return walks;
}
