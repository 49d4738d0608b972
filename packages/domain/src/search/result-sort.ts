import { isSoldOutTrain } from '../rail/waitlist';
import { resultCo2Grams } from './co2';
import { groundMinorOnTheWay, hasSelfTransfer, type PriceOf } from './result-shape';
import type { SearchResult } from './search.schema';
import { RAIL_SORTS, SORTS, type Sort } from './search-options';

export type RailSort = (typeof RAIL_SORTS)[number];
export type ResultSort = Sort | RailSort;

/**
 * "Best" weighs price against time and effort, all in hundredths of CNY: the price per traveller (with
 * the taxis a flight or train from a door pays on the way, as a door-to-door plan's price holds them), plus
 * ¥100 for every hour door to door, plus ¥150 for each change, plus ¥100 more when a change is a
 * self-transfer (bags and check-in again). The lowest score is best. The values are what a leisure
 * traveller commonly trades an hour for, and keep a cheap 20-hour detour behind a direct flight that
 * costs a little more. Prices are for the whole party, time is each traveller's, hence "per traveller".
 */
export const BEST_WEIGHTS = {
  hourMinor: 10_000,
  transferMinor: 15_000,
  selfTransferMinor: 10_000,
} as const;

export function bestScore(result: SearchResult, priceOf: PriceOf, partySize = 1): number {
  return (
    (priceOf(result) + groundMinorOnTheWay(result)) / Math.max(1, partySize) +
    (BEST_WEIGHTS.hourMinor * result.durationMinutes) / 60 +
    BEST_WEIGHTS.transferMinor * result.transfers +
    (hasSelfTransfer(result) ? BEST_WEIGHTS.selfTransferMinor : 0)
  );
}

/** The railway direct view's sorts (spec §4) are the same orders under the names 12306 uses. */
const RAIL_TO_SORT: Record<RailSort, Sort> = { duration: 'quickest', departure: 'earliest', price: 'cheapest' };

export const isRailSort = (sort: string): sort is RailSort => (RAIL_SORTS as readonly string[]).includes(sort);
export const isSort = (sort: string): sort is Sort => (SORTS as readonly string[]).includes(sort);

type Compare = (a: SearchResult, b: SearchResult) => number;

/**
 * What orders a result, worked out once per result (a result is never changed in place: a new price is a
 * new result) and kept while the result is: every sort and every leader compares them many times over.
 */
type Keys = { departure: number; soldOut: number; best?: { priceOf: PriceOf; partySize: number; score: number } };
const keysOf = new WeakMap<SearchResult, Keys>();
const keys = (r: SearchResult): Keys => {
  let known = keysOf.get(r);
  if (!known) {
    known = { departure: Date.parse(r.departureTime), soldOut: isSoldOutTrain(r) ? 1 : 0 };
    keysOf.set(r, known);
  }
  return known;
};
const departure = (r: SearchResult) => keys(r).departure;

function comparatorFor(sort: Sort, priceOf: PriceOf, partySize: number): Compare {
  const byPrice: Compare = (a, b) => priceOf(a) - priceOf(b);
  const byDuration: Compare = (a, b) => a.durationMinutes - b.durationMinutes;
  const byDeparture: Compare = (a, b) => departure(a) - departure(b);
  const chain =
    (...compares: Compare[]): Compare =>
    (a, b) => {
      for (const compare of compares) {
        const order = compare(a, b);
        if (order !== 0) return order;
      }
      return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
    };
  switch (sort) {
    case 'best': {
      const score = (r: SearchResult) => {
        const k = keys(r);
        if (k.best?.priceOf !== priceOf || k.best.partySize !== partySize)
          k.best = { priceOf, partySize, score: bestScore(r, priceOf, partySize) };
        return k.best.score;
      };
      return chain((a, b) => score(a) - score(b), byPrice, byDuration);
    }
    case 'cheapest':
      return chain(byPrice, byDuration, byDeparture);
    case 'quickest':
      return chain(byDuration, byPrice, byDeparture);
    case 'earliest':
      return chain(byDeparture, byPrice);
    case 'latest':
      return chain((a, b) => byDeparture(b, a), byPrice);
    case 'greenest':
      return chain((a, b) => resultCo2Grams(a) - resultCo2Grams(b), byPrice, byDuration);
  }
}

/**
 * The order of a sort as a comparison; ties fall back to price, duration and finally the id, so it is a
 * total order and stable. `partySize` (travellers with a seat) turns the party's price into a price per
 * traveller for "best". Trains sold out in every class come after everything that can be booked.
 */
export function resultComparator(
  sort: ResultSort,
  priceOf: PriceOf,
  partySize = 1,
): (a: SearchResult, b: SearchResult) => number {
  const plain = isRailSort(sort) ? RAIL_TO_SORT[sort] : sort;
  const compare = comparatorFor(plain, priceOf, partySize);
  return (a, b) => keys(a).soldOut - keys(b).soldOut || compare(a, b);
}

/** A sorted copy (see `resultComparator`). */
export function sortResults(
  results: readonly SearchResult[],
  sort: ResultSort,
  priceOf: PriceOf,
  partySize = 1,
): SearchResult[] {
  return [...results].sort(resultComparator(sort, priceOf, partySize));
}

/** What leads under a sort: the first result `sortResults` would give, found without sorting. */
export function leaderOf(
  results: readonly SearchResult[],
  sort: ResultSort,
  priceOf: PriceOf,
  partySize = 1,
): SearchResult | undefined {
  const compare = resultComparator(sort, priceOf, partySize);
  let leader: SearchResult | undefined;
  for (const r of results) if (!leader || compare(r, leader) < 0) leader = r;
  return leader;
}

const SORT_TO_RAIL: Record<Sort, RailSort> = {
  best: 'departure',
  cheapest: 'price',
  quickest: 'duration',
  earliest: 'departure',
  latest: 'departure',
  greenest: 'departure',
};

/**
 * The order to use in a view: the railway direct view offers only its own three (departure time
 * first, as at the station), the other views the five of spec §4.
 */
export function sortForView(sort: ResultSort, isRail: boolean): ResultSort {
  if (isRail) return isRailSort(sort) ? sort : SORT_TO_RAIL[sort];
  return isRailSort(sort) ? RAIL_TO_SORT[sort] : sort;
}
