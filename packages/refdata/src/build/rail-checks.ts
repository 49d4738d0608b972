import { kmBetween } from './gtfs-metro';

/** One call of a train: where, and the minutes (from the service day's midnight, past 24:00 after it). */
export type RailCall = { station: string; lat: number; lon: number; arr: number; dep: number; located: boolean };

/**
 * What a train of each class may do, in straight-line (great-circle) km/h between two calls (track runs
 * longer than the straight line, so the straight-line speed stays below the line's top speed) and in
 * minutes standing at a call. High-speed trains run at up to 350 km/h, D trains up to 250, the sleeper
 * classes up to 160; a slow segment is one under the floor even allowing for the slowest curves and
 * waits on single track.
 */
export const CLASS_LIMITS: Record<string, { maxKmh: number; minKmh: number; maxDwell: number }> = {
  G: { maxKmh: 350, minKmh: 20, maxDwell: 40 },
  C: { maxKmh: 350, minKmh: 15, maxDwell: 40 },
  D: { maxKmh: 250, minKmh: 15, maxDwell: 40 },
  Z: { maxKmh: 160, minKmh: 8, maxDwell: 120 },
  T: { maxKmh: 160, minKmh: 8, maxDwell: 120 },
  K: { maxKmh: 160, minKmh: 8, maxDwell: 120 },
};

/** Calls closer than this are not judged for speed: the stations' positions are not that exact. */
const MIN_CHECK_KM = 15;

export type RailFault =
  | { kind: 'order'; at: number }
  | { kind: 'repeat'; at: number }
  | { kind: 'dwell'; at: number; minutes: number }
  | { kind: 'too-fast'; at: number; kmh: number }
  | { kind: 'too-slow'; at: number; kmh: number };

/**
 * The faults of one train's calls: times that go backwards, a station called at twice in a row, a dwell
 * over the class's limit, and segments faster than the class can run or slower than it ever does. Speeds
 * are judged only between calls whose positions are the stations' own (`located`) and far enough apart.
 */
export function railFaults(type: string, calls: readonly RailCall[]): RailFault[] {
  const limits = CLASS_LIMITS[type];
  if (!limits) return [];
  const faults: RailFault[] = [];
  calls.forEach((c, i) => {
    if (c.dep < c.arr) faults.push({ kind: 'order', at: i });
    if (i > 0 && i < calls.length - 1 && c.dep - c.arr > limits.maxDwell)
      faults.push({ kind: 'dwell', at: i, minutes: c.dep - c.arr });
    if (i === 0) return;
    const prev = calls[i - 1] as RailCall;
    if (prev.station === c.station) faults.push({ kind: 'repeat', at: i });
    const minutes = c.arr - prev.dep;
    if (minutes < 0) {
      faults.push({ kind: 'order', at: i });
      return;
    }
    if (!prev.located || !c.located) return;
    const km = kmBetween(prev, c);
    if (km < MIN_CHECK_KM) return;
    const kmh = minutes === 0 ? Number.POSITIVE_INFINITY : (km / minutes) * 60;
    if (kmh > limits.maxKmh) faults.push({ kind: 'too-fast', at: i, kmh: Math.round(kmh) });
    else if (kmh < limits.minKmh) faults.push({ kind: 'too-slow', at: i, kmh: Math.round(kmh) });
  });
  return faults;
}

/**
 * Stations whose positions must be wrong: segments to or from them more than twice as fast as the
 * train's class can run, in at least `minTrains` trains and a third of the trains calling there.
 */
export function mislocatedStations(
  trains: readonly { type: string; calls: readonly RailCall[] }[],
  minTrains = 2,
): Set<string> {
  const count = new Map<string, number>();
  const calls = new Map<string, number>();
  for (const t of trains) {
    for (const c of t.calls) calls.set(c.station, (calls.get(c.station) ?? 0) + 1);
    const max = CLASS_LIMITS[t.type]?.maxKmh ?? Number.POSITIVE_INFINITY;
    const blamed = new Set<string>();
    for (const f of railFaults(t.type, t.calls)) {
      if (f.kind !== 'too-fast' || f.kmh <= 2 * max) continue;
      blamed.add((t.calls[f.at - 1] as RailCall).station).add((t.calls[f.at] as RailCall).station);
    }
    for (const s of blamed) count.set(s, (count.get(s) ?? 0) + 1);
  }
  return new Set([...count].filter(([s, n]) => n >= minTrains && n * 3 >= (calls.get(s) ?? 0)).map(([s]) => s));
}
