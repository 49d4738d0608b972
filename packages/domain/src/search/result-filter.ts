import { boundsOf, legTrainType, minutesOfDay, type PriceOf, trainGroupOf } from './result-shape';
import type { SearchResult } from './search.schema';
import { isRide, journeyCabin } from './search-options';

/** Checkbox filters. Each starts with every option ticked; the state keeps the options unticked. */
export const RESULT_FACETS = [
  'kinds',
  'stops',
  'carriers',
  'departurePlaces',
  'arrivalPlaces',
  'cabins',
  'trainGroups',
  'seats',
  'aircraft',
] as const;
export type ResultFacet = (typeof RESULT_FACETS)[number];

/** Inclusive `[from, to]`. */
export type ValueRange = [number, number];

export type ResultFilters = {
  excluded: Partial<Record<ResultFacet, readonly string[]>>;
  /** Local departure and arrival time of day, minutes 0–1440. */
  departureMinutes: ValueRange | null;
  arrivalMinutes: ValueRange | null;
  /** Comparable price (see `PriceOf`). */
  price: ValueRange | null;
  maxDurationMinutes: number | null;
  /** One departure date `yyyy/MM/dd` from the price calendar. */
  date: string | null;
};

export const NO_FILTERS: ResultFilters = {
  excluded: {},
  departureMinutes: null,
  arrivalMinutes: null,
  price: null,
  maxDurationMinutes: null,
  date: null,
};

export const STOP_VALUES = ['0', '1', '2'] as const;

const unique = (values: (string | undefined)[]): string[] => [...new Set(values.filter((v): v is string => !!v))];

const knownValues = new WeakMap<SearchResult, Partial<Record<ResultFacet, string[]>>>();

/** The options of a facet a result has. A result without any (a flight, for train types) is never hidden by it. */
export function facetValues(result: SearchResult, facet: ResultFacet): string[] {
  let known = knownValues.get(result);
  if (!known) {
    known = {};
    knownValues.set(result, known);
  }
  const values = known[facet] ?? valuesOf(result, facet);
  known[facet] = values;
  return values;
}

function valuesOf(result: SearchResult, facet: ResultFacet): string[] {
  const legs = result.legs;
  switch (facet) {
    case 'kinds':
      return [result.kind];
    case 'stops':
      return [String(Math.min(result.transfers, 2))];
    case 'carriers':
      return unique(legs.filter(isRide).map((l) => l.carrier));
    case 'departurePlaces': {
      const first = boundsOf(result)[0]?.legs.find(isRide);
      return first?.from.code ? [first.from.code] : [];
    }
    case 'arrivalPlaces': {
      const last = boundsOf(result)[0]?.legs.findLast(isRide);
      return last?.to.code ? [last.to.code] : [];
    }
    case 'cabins':
      return unique([journeyCabin(legs)]);
    case 'trainGroups':
      return unique(legs.map((l) => trainGroupOf(legTrainType(l))));
    case 'seats':
      // A train's seat classes: the cabins a flight lists are not among them.
      return unique(legs.filter((l) => l.kind === 'land').flatMap((l) => (l.seats ?? []).map((s) => s.code)));
    case 'aircraft':
      return unique(legs.filter((l) => l.kind === 'air').map((l) => l.aircraftClass));
  }
}

/**
 * Seat classes are a choice, so a train passesFilters when any ticked class is offered; the other facets
 * describe the journey, so it passesFilters only when every value it has is ticked (all airlines, all trains).
 */
function passesFacet(result: SearchResult, facet: ResultFacet, excluded: readonly string[] | undefined): boolean {
  if (!excluded || excluded.length === 0) return true;
  const values = facetValues(result, facet);
  if (values.length === 0) return true;
  return facet === 'seats' ? values.some((v) => !excluded.includes(v)) : values.every((v) => !excluded.includes(v));
}

const inRange = (value: number, range: ValueRange | null) => !range || (value >= range[0] && value <= range[1]);

function passesRanges(result: SearchResult, filters: ResultFilters, priceOf: PriceOf): boolean {
  return (
    inRange(minutesOfDay(result.departureTime), filters.departureMinutes) &&
    inRange(minutesOfDay(result.arrivalTime), filters.arrivalMinutes) &&
    inRange(priceOf(result), filters.price) &&
    (filters.maxDurationMinutes === null || result.durationMinutes <= filters.maxDurationMinutes)
  );
}

/** Whether a result passesFilters every filter, optionally ignoring one facet or the date (for counts). */
export function passesFilters(
  result: SearchResult,
  filters: ResultFilters,
  priceOf: PriceOf,
  ignore?: ResultFacet | 'date',
): boolean {
  if (ignore !== 'date' && filters.date !== null && result.date !== filters.date) return false;
  if (!passesRanges(result, filters, priceOf)) return false;
  return RESULT_FACETS.every((facet) => facet === ignore || passesFacet(result, facet, filters.excluded[facet]));
}

export function filterResults(
  results: readonly SearchResult[],
  filters: ResultFilters,
  priceOf: PriceOf,
): SearchResult[] {
  return results.filter((r) => passesFilters(r, filters, priceOf));
}

export type FacetOption = { value: string; count: number };

/**
 * Every option any result has (so an unticked option stays listed), with how many results would show
 * if it were ticked: the count honours all the other filters but not this facet's own.
 */
export function facetOptions(
  results: readonly SearchResult[],
  filters: ResultFilters,
  facet: ResultFacet,
  priceOf: PriceOf,
): FacetOption[] {
  const counts = new Map<string, number>();
  for (const result of results) {
    const values = facetValues(result, facet);
    const counted = passesFilters(result, filters, priceOf, facet);
    for (const value of values) counts.set(value, (counts.get(value) ?? 0) + (counted ? 1 : 0));
  }
  return [...counts].map(([value, count]) => ({ value, count }));
}

/**
 * `facetOptions` of every facet at once, in one pass: a result counts for every facet when it passes all
 * filters, and only for the one facet it fails when that is the only one.
 */
export function allFacetOptions(
  results: readonly SearchResult[],
  filters: ResultFilters,
  priceOf: PriceOf,
): Record<ResultFacet, FacetOption[]> {
  const counts = Object.fromEntries(RESULT_FACETS.map((f) => [f, new Map<string, number>()])) as Record<
    ResultFacet,
    Map<string, number>
  >;
  for (const result of results) {
    const isInRange = (filters.date === null || result.date === filters.date) && passesRanges(result, filters, priceOf);
    let failed: ResultFacet | null = null;
    let failures = isInRange ? 0 : 2;
    for (const facet of RESULT_FACETS) {
      if (failures < 2 && !passesFacet(result, facet, filters.excluded[facet])) {
        failures++;
        failed = facet;
      }
    }
    for (const facet of RESULT_FACETS) {
      const counted = failures === 0 || (failures === 1 && failed === facet);
      const map = counts[facet];
      for (const value of facetValues(result, facet)) map.set(value, (map.get(value) ?? 0) + (counted ? 1 : 0));
    }
  }
  return Object.fromEntries(
    RESULT_FACETS.map((f) => [f, [...counts[f]].map(([value, count]) => ({ value, count }))]),
  ) as Record<ResultFacet, FacetOption[]>;
}

export type ResultRanges = { price: ValueRange; duration: ValueRange } | null;

/** The slider ends: cheapest to dearest, quickest to slowest. */
export function rangeBounds(results: readonly SearchResult[], priceOf: PriceOf): ResultRanges {
  if (results.length === 0) return null;
  let minPrice = Number.POSITIVE_INFINITY;
  let maxPrice = 0;
  let minDuration = Number.POSITIVE_INFINITY;
  let maxDuration = 0;
  for (const r of results) {
    const price = priceOf(r);
    minPrice = Math.min(minPrice, price);
    maxPrice = Math.max(maxPrice, price);
    minDuration = Math.min(minDuration, r.durationMinutes);
    maxDuration = Math.max(maxDuration, r.durationMinutes);
  }
  return { price: [minPrice, maxPrice], duration: [minDuration, maxDuration] };
}

/** How many filters differ from none: shown on the reset link. */
export function activeFilterCount(filters: ResultFilters): number {
  const facets = RESULT_FACETS.filter((f) => (filters.excluded[f]?.length ?? 0) > 0).length;
  const ranges = [filters.departureMinutes, filters.arrivalMinutes, filters.price].filter((r) => r !== null).length;
  return facets + ranges + (filters.maxDurationMinutes === null ? 0 : 1) + (filters.date === null ? 0 : 1);
}

/** Ticks or unticks one option. */
export function toggleOption(
  filters: ResultFilters,
  facet: ResultFacet,
  value: string,
  isTicked: boolean,
): ResultFilters {
  const current = filters.excluded[facet] ?? [];
  const next = isTicked ? current.filter((v) => v !== value) : [...new Set([...current, value])];
  return { ...filters, excluded: { ...filters.excluded, [facet]: next } };
}

/** Leaves only one option ticked ("only this airline"). */
export function onlyOption(
  filters: ResultFilters,
  facet: ResultFacet,
  value: string,
  all: readonly string[],
): ResultFilters {
  return { ...filters, excluded: { ...filters.excluded, [facet]: all.filter((v) => v !== value) } };
}
