import type { RawPlace } from '../types';
import { kmBetween } from './gtfs-metro';
import { CLASS_LIMITS, type RailCall } from './rail-checks';
import { type KeyCityTrain, minutesOf, type StationResolver } from './rail-sources';

/** High-speed trains (G, C, D) share their lines and stations; the sleeper classes (Z, T, K) theirs. */
export const familyOf = (type: string): 'hs' | 'conv' => (type === 'G' || type === 'C' || type === 'D' ? 'hs' : 'conv');

/**
 * The lines as the trains with full stop sequences ride them: for each family, where each station falls
 * in each train's run, so that "trains of this family that call at a and later at b" is counted on demand.
 */
export class LineUsage {
  private readonly at = new Map<string, Map<number, number>>();
  private readonly cache = new Map<string, number>();

  add(family: 'hs' | 'conv', train: number, stops: readonly string[]): void {
    stops.forEach((s, i) => {
      const key = `${family}:${s}`;
      const map = this.at.get(key) ?? new Map<number, number>();
      if (!map.has(train)) map.set(train, i);
      this.at.set(key, map);
    });
  }

  /** Trains of the family calling at the station. */
  serves(family: 'hs' | 'conv', station: string): number {
    return this.at.get(`${family}:${station}`)?.size ?? 0;
  }

  /** Trains of the family calling at `a` and later at `b`. */
  follows(family: 'hs' | 'conv', a: string, b: string): number {
    const key = `${family}:${a}>${b}`;
    const known = this.cache.get(key);
    if (known !== undefined) return known;
    const first = this.at.get(`${family}:${a}`);
    const second = this.at.get(`${family}:${b}`);
    let n = 0;
    if (first && second) for (const [train, i] of first) if ((second.get(train) ?? -1) > i) n++;
    this.cache.set(key, n);
    return n;
  }
}

export type InferContext = {
  byCity: Map<string, RawPlace[]>;
  usage: LineUsage;
  resolver: StationResolver;
};

type Slot = { candidates: RawPlace[]; arr: number; dep: number };

/**
 * A train the key-city timetable has and the segment data lacks, as the stations it calls at: its own
 * first and last stations, and in each key city between them the station that the lines' trains of its
 * family reach from the station before (a G train at Nanjing calls at 南京南, a K train at 南京), chosen
 * over the whole run at once (the best chain of "called at after" counts, with the city's busiest
 * station of the family breaking ties) and never one the train could not reach in its time. Calls in a
 * city with no station of ours are left out. Null when an end station is unknown or the times are not.
 */
export function inferCalls(type: string, train: KeyCityTrain, ctx: InferContext): RailCall[] | null {
  const family = familyOf(type);
  const first = ctx.resolver.get(train.start);
  const last = ctx.resolver.get(train.end);
  if (!first || !last || train.route.length < 2) return null;
  const slots: Slot[] = [];
  for (const [i, call] of train.route.entries()) {
    const arr = minutesOf(call.arrival);
    const dep = minutesOf(call.departure);
    const isFirst = i === 0;
    const isLast = i === train.route.length - 1;
    const time = isFirst ? dep : arr;
    if (time === null) return null;
    const inCity = ctx.byCity.get(call.city) ?? [];
    const served = inCity.filter((s) => ctx.usage.serves(family, s.nameZh) > 0);
    const candidates = isFirst ? [first] : isLast ? [last] : served.length > 0 ? served : inCity;
    if (candidates.length === 0) continue;
    slots.push({ candidates, arr: time, dep: isLast ? time : (dep ?? time) });
  }
  const chain = bestChain(type, slots, ctx);
  return chain.map((s, i) => {
    const slot = slots[i] as Slot;
    return {
      station: s.code,
      lat: s.lat,
      lon: s.lon,
      arr: slot.arr,
      dep: Math.max(slot.dep, slot.arr),
      located: ctx.resolver.located(s),
    };
  });
}

/** The best station of every slot, by dynamic programming over consecutive slots. */
function bestChain(type: string, slots: readonly Slot[], ctx: InferContext): RawPlace[] {
  const family = familyOf(type);
  const maxKmh = CLASS_LIMITS[type]?.maxKmh ?? 350;
  const score: number[][] = [];
  const back: number[][] = [];
  slots.forEach((slot, i) => {
    score[i] = [];
    back[i] = [];
    slot.candidates.forEach((cur, c) => {
      const own = 0.05 * Math.log1p(ctx.usage.serves(family, cur.nameZh));
      if (i === 0) {
        (score[i] as number[])[c] = own;
        return;
      }
      const prevSlot = slots[i - 1] as Slot;
      let best = Number.NEGATIVE_INFINITY;
      let from = 0;
      prevSlot.candidates.forEach((prev, p) => {
        const minutes = Math.max(1, slot.arr - prevSlot.dep);
        const reachable = (kmBetween(prev, cur) / minutes) * 60 <= maxKmh * 1.05;
        const s =
          ((score[i - 1] as number[])[p] as number) +
          Math.log1p(ctx.usage.follows(family, prev.nameZh, cur.nameZh)) +
          (reachable ? 0 : -100) +
          (prev === cur ? -100 : 0);
        if (s > best) [best, from] = [s, p];
      });
      (score[i] as number[])[c] = best + own;
      (back[i] as number[])[c] = from;
    });
  });
  const lastScores = score[slots.length - 1] ?? [];
  let c = lastScores.indexOf(Math.max(...lastScores));
  const chain: RawPlace[] = [];
  for (let i = slots.length - 1; i >= 0; i--) {
    chain[i] = (slots[i] as Slot).candidates[c] as RawPlace;
    c = (back[i] as number[])[c] ?? 0;
  }
  return chain;
}
