import type { ResultLeg } from '@junction/domain';

/** One way to make one journey of a trip, priced per adult. */
export type BoundOption = {
  key: string;
  legs: ResultLeg[];
  departure: number;
  arrival: number;
  adultMinor: number;
  selfTransferMinutes?: number;
};

/** At least this long between arriving from one journey of a multi-city trip and leaving on the next. */
const MIN_STAY_MS = 2 * 3600_000;

function candidates(options: BoundOption[], byPrice: number, bySpeed: number): BoundOption[] {
  const cheap = [...options].sort((a, b) => a.adultMinor - b.adultMinor).slice(0, byPrice);
  const fast = [...options].sort((a, b) => a.arrival - a.departure - (b.arrival - b.departure)).slice(0, bySpeed);
  return [...new Set([...cheap, ...fast])];
}

/**
 * Whole trips from the options of each journey: every pairing of the cheapest and quickest options for
 * a round trip, and rank-by-rank pairings for longer trips, in order and with time between journeys.
 */
export function combineBounds(per: BoundOption[][], limit = 150): BoundOption[][] {
  if (per.length === 0 || per.some((o) => o.length === 0)) return [];
  if (per.length === 1) return (per[0] as BoundOption[]).map((o) => [o]);
  const lists = per.map((o) => candidates(o, 10, 5));
  const combos: BoundOption[][] = [];
  const valid = (c: BoundOption[]) =>
    c.every((o, i) => i === 0 || o.departure >= (c[i - 1] as BoundOption).arrival + MIN_STAY_MS);
  if (lists.length === 2) {
    for (const a of lists[0] as BoundOption[]) for (const b of lists[1] as BoundOption[]) combos.push([a, b]);
  } else {
    const depth = Math.max(...lists.map((l) => l.length));
    for (let r = 0; r < depth; r++) combos.push(lists.map((l) => l[Math.min(r, l.length - 1)] as BoundOption));
    lists.forEach((l, i) => {
      for (let r = 1; r < l.length; r++)
        combos.push(lists.map((m, j) => (j === i ? (l[r] as BoundOption) : (m[0] as BoundOption))));
    });
  }
  const seen = new Set<string>();
  return combos
    .filter(valid)
    .filter((c) => {
      const key = c.map((o) => o.key).join('|');
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .slice(0, limit);
}

/**
 * What a result takes from the options of its journeys: its id (the kind's letter and the options' keys),
 * its legs by journey with their times, and its shortest self-transfer, if any.
 */
export function comboParts(prefix: string, combo: BoundOption[]) {
  const self = combo.flatMap((o) => (o.selfTransferMinutes === undefined ? [] : [o.selfTransferMinutes]));
  return {
    id: `${prefix}:${combo.map((o) => o.key).join('|')}`,
    bounds: combo.map((o) => o.legs),
    times: combo.map((o) => ({ departure: o.departure, arrival: o.arrival })),
    selfTransferMinutes: self.length > 0 ? Math.min(...self) : undefined,
  };
}
