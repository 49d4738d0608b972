import { passesFilters } from './result-filter';
import { leaderOf, resultComparator } from './result-sort';
import { leaderSorts, type ResultView, type ViewContext, type ViewOrder, viewOrder, viewSortOf } from './result-view';
import type { SearchResult } from './search.schema';

/** Two lists in the same order merged into one in that order. */
function merge<T>(a: readonly T[], b: readonly T[], compare: (x: T, y: T) => number): T[] {
  const out: T[] = new Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length) out[k++] = compare(a[i] as T, b[j] as T) <= 0 ? (a[i++] as T) : (b[j++] as T);
  while (i < a.length) out[k++] = a[i++] as T;
  while (j < b.length) out[k++] = b[j++] as T;
  return out;
}

/**
 * A view's order brought up to date as results arrive, rather than worked out again over all of them:
 * the results changed since `previous` (new ones, and new versions of known ones: an offer merged, a
 * price quoted again; never one taken away) are sorted alone and merged into the order, and each order's
 * leader stays unless a newcomer beats it or it changed itself. The same as `viewOrder` over `results`
 * (every order is total); worked out whole when there is no previous order or the view's order changed
 * (the first results other than trains leave the railway direct view).
 */
export function updateViewOrder(
  previous: ViewOrder | undefined,
  results: readonly SearchResult[],
  changed: readonly SearchResult[],
  view: ResultView,
  context: ViewContext,
): ViewOrder {
  const { isRail, sort } = viewSortOf(results, view, context);
  if (!previous || previous.sort !== sort || previous.isRail !== isRail) return viewOrder(results, view, context);
  const { priceOf, partySize } = context;
  const ids = new Set(changed.map((r) => r.id));
  const compare = resultComparator(sort, priceOf, partySize);
  const added = changed.filter((r) => passesFilters(r, view.filters, priceOf)).sort(compare);
  const sorted = merge(
    previous.sorted.filter((r) => !ids.has(r.id)),
    added,
    compare,
  );
  const leaders: ViewOrder['leaders'] = {};
  for (const s of leaderSorts(isRail)) {
    const known = previous.leaders[s];
    const leader =
      s === sort
        ? sorted[0]
        : known && ids.has(known.id)
          ? leaderOf(sorted, s, priceOf, partySize)
          : leaderOf(known ? [known, ...added] : added, s, priceOf, partySize);
    if (leader) leaders[s] = leader;
  }
  return { sort, isRail, sorted, leaders };
}
