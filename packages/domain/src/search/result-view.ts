import { z } from 'zod';
import { localTextSchema } from '../text.schema';
import { resultCo2Grams } from './co2';
import { type CalendarDay, cheapestDay, priceCalendar } from './price-calendar';
import {
  allFacetOptions,
  type FacetOption,
  filterResults,
  NO_FILTERS,
  passesFilters,
  RESULT_FACETS,
  type ResultFacet,
  type ResultFilters,
  rangeBounds,
} from './result-filter';
import type { PriceOf } from './result-shape';
import { leaderOf, type ResultSort, resultComparator, sortForView } from './result-sort';
import { requestDateSchema, type SearchResult, searchResultSchema } from './search.schema';
import { isRide, RAIL_SORTS, RESULT_KINDS, type SearchMode, SORTS } from './search-options';

/** The most journeys a search session keeps. */
export const MAX_SESSION_RESULTS = 2_500;
/** Results a page holds unless asked otherwise, and the most one may hold: every result of a session, so
 * "Show more" and a link to one plan reach every result. */
export const RESULT_PAGE_SIZE = 20;
export const MAX_RESULT_PAGE_SIZE = MAX_SESSION_RESULTS;
/** No session holds more results than this, so no page starts further in. */
export const MAX_RESULT_OFFSET = 10_000;

export const RESULT_SORTS = [...SORTS, ...RAIL_SORTS] as const;

const orderedRange = <T extends z.ZodType<number>>(end: T) =>
  z
    .tuple([end, end])
    .refine((range) => (range[0] as number) <= (range[1] as number), { message: 'the range starts after it ends' });
const minutesRange = orderedRange(z.number().int().min(0).max(1440));

/** The filters a traveller set (see `ResultFilters`), as a view sends them. */
export const resultFiltersSchema = z.object({
  excluded: z.partialRecord(z.enum(RESULT_FACETS), z.array(z.string().max(60)).max(200).readonly()).default({}),
  departureMinutes: minutesRange.nullable().default(null),
  arrivalMinutes: minutesRange.nullable().default(null),
  price: orderedRange(z.number().int().min(0).max(1_000_000_000)).nullable().default(null),
  maxDurationMinutes: z.number().int().min(0).max(1_000_000).nullable().default(null),
  date: requestDateSchema.nullable().default(null),
});

/** What part of a search's results a client shows: its order, its filters and one page. */
export const resultViewSchema = z.object({
  sort: z.enum(RESULT_SORTS).default('best'),
  filters: resultFiltersSchema.default(() => ({ ...NO_FILTERS, excluded: {} })),
  offset: z.number().int().min(0).max(MAX_RESULT_OFFSET).default(0),
  limit: z.number().int().min(1).max(MAX_RESULT_PAGE_SIZE).default(RESULT_PAGE_SIZE),
});
export type ResultView = z.infer<typeof resultViewSchema>;
export type ResultViewInput = z.input<typeof resultViewSchema>;

const priceSchema = searchResultSchema.shape.price;
const rangeOut = z.tuple([z.number(), z.number()]);

export const facetOptionSchema = z.object({
  value: z.string(),
  /** Results that would show with this option ticked and every other filter as it is. */
  count: z.number().int(),
  /** The airline's or the place's name, for the facets that list them. */
  name: localTextSchema.optional(),
});

/** One day of a price calendar: its cheapest price, and the lowest of each kind (flights, trains, door to door). */
export const priceCalendarDaySchema = z.object({
  date: requestDateSchema,
  cheapest: z.object({ price: priceSchema }).nullable(),
  lowest: z.partialRecord(z.enum(RESULT_KINDS), priceSchema),
});
export const priceCalendarSchema = z.object({
  days: z.array(priceCalendarDaySchema),
  /** The cheapest day, marked in the strip; none when two days share the lowest price. */
  cheapest: z.string().nullable(),
});
export type PriceCalendarView = z.infer<typeof priceCalendarSchema>;

/** One page of a search's results in the order and with the filters of a view, and what the filters show. */
export const resultPageSchema = z.object({
  /** The order applied: the railway direct view has only its own three. */
  sort: z.enum(RESULT_SORTS),
  /** Every result is a train, or the traveller asked for trains only: the railway direct view (spec §4). */
  isRail: z.boolean(),
  /** Results so far, and those the filters let through. */
  count: z.number().int(),
  matched: z.number().int(),
  offset: z.number().int(),
  results: z.array(searchResultSchema),
  facets: z.record(z.enum(RESULT_FACETS), z.array(facetOptionSchema)),
  /** Slider ends over every result: cheapest to dearest, quickest to slowest. */
  ranges: z.object({ price: rangeOut, duration: rangeOut }).nullable(),
  /** What leads each order the view offers, among the results the filters let through. */
  leaders: z.partialRecord(
    z.enum(RESULT_SORTS),
    z.object({
      price: priceSchema,
      durationMinutes: z.number().int(),
      departureTime: z.string(),
      /** Grams of CO₂ per traveller. */
      co2Grams: z.number().int().optional(),
    }),
  ),
  /** A flexible search's dates with their lowest prices (the date filter left out); null otherwise. */
  calendar: priceCalendarSchema.nullable(),
});
export type ResultPage = z.infer<typeof resultPageSchema>;

/** A price calendar's days as sent: each kind's lowest price and the day's cheapest, the cheapest day marked. */
export function calendarView(days: readonly CalendarDay[], priceOf: PriceOf): PriceCalendarView {
  return {
    days: days.map((d) => ({
      date: d.date,
      cheapest: d.cheapest ? { price: d.cheapest.price } : null,
      lowest: Object.fromEntries(
        RESULT_KINDS.flatMap((kind) => {
          const r = d.lowest[kind];
          return r ? [[kind, r.price]] : [];
        }),
      ),
    })),
    cheapest: cheapestDay(days, priceOf),
  };
}

export type ViewContext = {
  priceOf: PriceOf;
  /** Travellers with a seat, for the price per traveller "best" weighs. */
  partySize: number;
  mode: SearchMode;
  /** The date searched for and the days either side, when the search is flexible. */
  calendar: { centerDate: string; flexDays: number } | null;
};

/** Airline and place names the filter panel lists options by. */
function facetNames(results: readonly SearchResult[]) {
  const names = new Map<string, z.infer<typeof localTextSchema>>();
  for (const r of results)
    for (const leg of r.legs) {
      if (!isRide(leg)) continue;
      if (leg.carrier && !names.has(`carriers:${leg.carrier}`))
        names.set(`carriers:${leg.carrier}`, leg.carrierName.en ? leg.carrierName : { en: '', 'zh-CN': '' });
      for (const p of [leg.from, leg.to]) if (p.code) names.set(`places:${p.code}`, p.name);
    }
  return names;
}

const NAMED: Partial<Record<ResultFacet, string>> = {
  carriers: 'carriers',
  departurePlaces: 'places',
  arrivalPlaces: 'places',
};

/**
 * What a view's order makes of the results: the order applied (the railway direct view's when every
 * result is a train), the results the filters let through in that order, and the leader of each order
 * the view offers among them.
 */
export type ViewOrder = {
  sort: ResultSort;
  isRail: boolean;
  sorted: readonly SearchResult[];
  leaders: Partial<Record<ResultSort, SearchResult>>;
};

/** Whether a view shows the railway direct view, and its order there. */
export function viewSortOf(results: readonly SearchResult[], view: ResultView, context: ViewContext) {
  const isRail = context.mode === 'train' || (results.length > 0 && results.every((r) => r.kind === 'train'));
  return { isRail, sort: sortForView(view.sort, isRail) };
}

/** The sorts whose leaders a view shows. */
export const leaderSorts = (isRail: boolean): readonly ResultSort[] => (isRail ? RAIL_SORTS : SORTS);

/** A view's order worked out over all the results. */
export function viewOrder(results: readonly SearchResult[], view: ResultView, context: ViewContext): ViewOrder {
  const { priceOf, partySize } = context;
  const { isRail, sort } = viewSortOf(results, view, context);
  const sorted = filterResults(results, view.filters, priceOf).sort(resultComparator(sort, priceOf, partySize));
  const leaders: ViewOrder['leaders'] = {};
  for (const s of leaderSorts(isRail)) {
    const leader = s === sort ? sorted[0] : leaderOf(sorted, s, priceOf, partySize);
    if (leader) leaders[s] = leader;
  }
  return { sort, isRail, sorted, leaders };
}

/**
 * A view of a search's results: the filters applied, sorted, one page cut out, with the counts, the
 * options of every filter, the leaders of each order and the price calendar the page around it shows.
 * `order` is the view's order over these results when already known (`updateViewOrder`).
 */
export function viewResults(
  results: readonly SearchResult[],
  view: ResultView,
  context: ViewContext,
  order: ViewOrder = viewOrder(results, view, context),
): ResultPage {
  const { priceOf } = context;
  const filters: ResultFilters = view.filters;
  const { sort, isRail, sorted } = order;

  const names = facetNames(results);
  const options = allFacetOptions(results, filters, priceOf);
  const facets = Object.fromEntries(
    RESULT_FACETS.map((facet) => {
      const prefix = NAMED[facet];
      const list = options[facet].map((o: FacetOption) => {
        const name = prefix ? names.get(`${prefix}:${o.value}`) : undefined;
        return name?.en ? { ...o, name } : o;
      });
      return [facet, list];
    }),
  ) as ResultPage['facets'];

  const leaders: ResultPage['leaders'] = {};
  for (const [s, leader] of Object.entries(order.leaders) as [ResultSort, SearchResult][])
    leaders[s] = {
      price: leader.price,
      durationMinutes: leader.durationMinutes,
      departureTime: leader.departureTime,
      co2Grams: resultCo2Grams(leader),
    };

  let calendar: ResultPage['calendar'] = null;
  if (context.calendar && context.calendar.flexDays > 0) {
    const days = priceCalendar(
      results.filter((r) => passesFilters(r, filters, priceOf, 'date')),
      context.calendar.centerDate,
      context.calendar.flexDays,
      priceOf,
    );
    calendar = calendarView(days, priceOf);
  }

  const ranges = rangeBounds(results, priceOf);
  return {
    sort,
    isRail,
    count: results.length,
    matched: sorted.length,
    offset: view.offset,
    results: sorted.slice(view.offset, view.offset + view.limit),
    facets,
    ranges: ranges && { price: [...ranges.price], duration: [...ranges.duration] },
    leaders,
    calendar,
  };
}
