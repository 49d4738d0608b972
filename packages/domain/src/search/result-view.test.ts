import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resultsArb } from './result-arbitraries.test-support';
import { allFacetOptions, facetOptions, filterResults, NO_FILTERS, RESULT_FACETS } from './result-filter';
import { resultComparator, sortResults } from './result-sort';
import { MAX_RESULT_PAGE_SIZE, RESULT_SORTS, resultViewSchema, type ViewContext, viewResults } from './result-view';
import type { SearchResult } from './search.schema';

const priceOf = (r: SearchResult) => r.price.amount;
const context: ViewContext = { priceOf, partySize: 1, mode: 'all', calendar: null };
const filtersArb = fc.record({
  excluded: fc.record(
    {
      carriers: fc.subarray(['CA', 'MU', 'CZ', 'CR']),
      stops: fc.subarray(['0', '1', '2']),
      seats: fc.subarray(['O', 'M', 'A9']),
      kinds: fc.subarray(['flight', 'train', 'mix']),
      departurePlaces: fc.subarray(['PEK', 'PKX', 'BJP']),
    },
    { requiredKeys: [] },
  ),
  departureMinutes: fc.option(fc.tuple(fc.integer({ min: 0, max: 600 }), fc.integer({ min: 600, max: 1440 }))),
  arrivalMinutes: fc.constant(null),
  price: fc.option(fc.tuple(fc.integer({ min: 0, max: 200_000 }), fc.integer({ min: 200_000, max: 600_000 }))),
  maxDurationMinutes: fc.option(fc.integer({ min: 0, max: 3000 })),
  date: fc.option(fc.constantFrom('2030/05/01', '2030/05/02')),
});

const viewOf = (input: unknown) => resultViewSchema.parse(input);

describe('a view of the results', () => {
  it('never puts a result the filters exclude on a page, and counts what they let through', () => {
    fc.assert(
      fc.property(resultsArb, filtersArb, fc.constantFrom(...RESULT_SORTS), (results, filters, sort) => {
        const page = viewResults(results, viewOf({ sort, filters, limit: MAX_RESULT_PAGE_SIZE }), context);
        const allowed = new Set(filterResults(results, filters, priceOf).map((r) => r.id));
        for (const r of page.results) expect(allowed.has(r.id)).toBe(true);
        expect(page.matched).toBe(allowed.size);
        expect(page.count).toBe(results.length);
      }),
    );
  });

  it('cuts pages that put together give the whole sorted list', () => {
    fc.assert(
      fc.property(
        resultsArb,
        filtersArb,
        fc.constantFrom(...RESULT_SORTS),
        fc.integer({ min: 1, max: 7 }),
        (results, filters, sort, limit) => {
          const whole = viewResults(results, viewOf({ sort, filters, limit: MAX_RESULT_PAGE_SIZE }), context);
          const pages = [];
          for (let offset = 0; offset < whole.matched; offset += limit)
            pages.push(...viewResults(results, viewOf({ sort, filters, offset, limit }), context).results);
          expect(pages.map((r) => r.id)).toEqual(whole.results.map((r) => r.id));
          expect(whole.results.map((r) => r.id)).toEqual(
            sortResults(filterResults(results, filters, priceOf), whole.sort, priceOf).map((r) => r.id),
          );
        },
      ),
    );
  });

  it('sorts by a total order: the same list whatever order the results came in', () => {
    fc.assert(
      fc.property(
        resultsArb.chain((rs) => fc.tuple(fc.constant(rs), fc.shuffledSubarray(rs, { minLength: rs.length }))),
        fc.constantFrom(...RESULT_SORTS),
        ([results, shuffled], sort) => {
          const ids = (rs: SearchResult[]) => sortResults(rs, sort, priceOf).map((r) => r.id);
          expect(ids(shuffled)).toEqual(ids(results));
          const compare = resultComparator(sort, priceOf);
          for (const a of results.slice(0, 8))
            for (const b of results.slice(0, 8)) {
              expect(Math.sign(compare(a, b)) + Math.sign(compare(b, a))).toBe(0);
              if (a !== b) expect(compare(a, b)).not.toBe(0);
            }
        },
      ),
    );
  });

  it('counts every facet in one pass as it counts each on its own', () => {
    fc.assert(
      fc.property(resultsArb, filtersArb, (results, filters) => {
        const all = allFacetOptions(results, filters, priceOf);
        const bySort = (a: { value: string }, b: { value: string }) => a.value.localeCompare(b.value);
        for (const facet of RESULT_FACETS)
          expect([...all[facet]].sort(bySort)).toEqual(facetOptions(results, filters, facet, priceOf).sort(bySort));
      }),
    );
  });

  it('names airlines and places in the facets, and leads each order with its first result', () => {
    const results =
      fc.sample(
        resultsArb.filter((rs) => rs.length > 3),
        { numRuns: 1, seed: 7 },
      )[0] ?? [];
    const page = viewResults(results, viewOf({}), context);
    for (const option of page.facets.carriers) expect(option.name?.en).toBe(`${option.value} name`);
    for (const option of page.facets.departurePlaces) expect(option.name?.en).toBe(option.value);
    const cheapest = sortResults(results, 'cheapest', priceOf)[0];
    expect(page.leaders.cheapest?.price).toEqual(cheapest?.price);
    expect(page.sort).toBe('best');
  });

  it('offers the railway orders when every result is a train', () => {
    const trains = fc
      .sample(resultsArb, { numRuns: 30, seed: 3 })
      .flat()
      .filter((r) => r.kind === 'train');
    const page = viewResults(trains, viewOf({ sort: 'cheapest' }), context);
    expect(page.isRail).toBe(true);
    expect(page.sort).toBe('price');
    expect(Object.keys(page.leaders).sort()).toEqual(['departure', 'duration', 'price']);
  });

  it('builds the price calendar of a flexible search without the date filter', () => {
    const results = fc
      .sample(resultsArb, { numRuns: 5, seed: 11 })
      .flat()
      .map((r, i) => ({ ...r, id: `x${i}` }));
    const page = viewResults(results, viewOf({ filters: { ...NO_FILTERS, date: '2030/05/02' } }), {
      ...context,
      calendar: { centerDate: '2030/05/02', flexDays: 1 },
    });
    expect(page.calendar?.days.map((d) => d.date)).toEqual(['2030/05/01', '2030/05/02', '2030/05/03']);
    const cheapestFirst = Math.min(...results.filter((r) => r.date === '2030/05/01').map(priceOf));
    expect(page.calendar?.days[0]?.cheapest?.price.amount).toBe(cheapestFirst);
    expect(page.results.every((r) => r.date === '2030/05/02')).toBe(true);
    expect(viewResults(results, viewOf({}), context).calendar).toBeNull();
  });

  it('refuses a page too long, a range that ends before it starts, and a filter it does not know', () => {
    expect(resultViewSchema.safeParse({ limit: MAX_RESULT_PAGE_SIZE + 1 }).success).toBe(false);
    expect(resultViewSchema.safeParse({ offset: -1 }).success).toBe(false);
    expect(resultViewSchema.safeParse({ sort: 'random' }).success).toBe(false);
    expect(resultViewSchema.safeParse({ filters: { departureMinutes: [600, 300] } }).success).toBe(false);
    expect(resultViewSchema.safeParse({ filters: { excluded: { colour: ['red'] } } }).success).toBe(false);
    expect(resultViewSchema.parse({})).toMatchObject({ sort: 'best', offset: 0, limit: 20 });
  });
});
