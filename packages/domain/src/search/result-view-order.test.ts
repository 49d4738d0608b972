import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resultArb } from './result-arbitraries.test-support';
import { NO_FILTERS } from './result-filter';
import {
  MAX_RESULT_PAGE_SIZE,
  RESULT_SORTS,
  resultViewSchema,
  type ViewContext,
  type ViewOrder,
  viewResults,
} from './result-view';
import { updateViewOrder } from './result-view-order';
import type { SearchResult } from './search.schema';

const priceOf = (r: SearchResult) => r.price.amount;

/** Answers as they arrive: results new or known by id (a merged offer, a price quoted again). */
const batchesArb = fc.array(fc.array(fc.tuple(fc.integer({ min: 0, max: 30 }), resultArb), { maxLength: 12 }), {
  minLength: 1,
  maxLength: 6,
});

const filtersArb = fc.oneof(
  fc.constant(NO_FILTERS),
  fc.record({
    excluded: fc.record({ carriers: fc.subarray(['CA', 'MU', 'CR']), kinds: fc.subarray(['flight', 'mix']) }),
    departureMinutes: fc.constant(null),
    arrivalMinutes: fc.constant(null),
    price: fc.option(fc.tuple(fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 100_000, max: 600_000 }))),
    maxDurationMinutes: fc.option(fc.integer({ min: 0, max: 3000 })),
    date: fc.option(fc.constantFrom('2030/05/01', '2030/05/02')),
  }),
);

describe('a view kept up to date as answers arrive', () => {
  it('gives, after every answer, the same page as the view worked out over all the results', () => {
    fc.assert(
      fc.property(
        batchesArb,
        filtersArb,
        fc.constantFrom(...RESULT_SORTS),
        fc.constantFrom('all' as const, 'train' as const),
        fc.integer({ min: 1, max: 4 }),
        (batches, filters, sort, mode, partySize) => {
          const context: ViewContext = { priceOf, partySize, mode, calendar: null };
          const view = resultViewSchema.parse({ sort, filters, limit: MAX_RESULT_PAGE_SIZE });
          // The session's results in the order they first arrived, each id's latest version.
          const byId = new Map<string, SearchResult>();
          let order: ViewOrder | undefined;
          for (const batch of batches) {
            const changed = new Map<string, SearchResult>();
            for (const [n, result] of batch) changed.set(`r${n}`, { ...result, id: `r${n}` });
            for (const [id, result] of changed) byId.set(id, result);
            const all = [...byId.values()];
            order = updateViewOrder(order, all, [...changed.values()], view, context);
            expect(viewResults(all, view, context, order)).toEqual(viewResults(all, view, context));
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
