import {
  cnyPriceOf,
  type PriceOf,
  type RateTable,
  type ResultView,
  type SearchCriteria,
  type SearchResult,
  updateViewOrder,
  type ViewContext,
  type ViewOrder,
  viewOrder,
  viewResults,
} from '@junction/domain';
import { SizedLru } from './sized-lru';

/** The view context of a search: prices in CNY, the party, the mode and the flexible dates. */
export function viewContextOf(criteria: SearchCriteria, priceOf: PriceOf): ViewContext {
  const first = criteria.legs[0];
  return {
    priceOf,
    partySize: criteria.adults + criteria.children,
    mode: criteria.mode,
    calendar: first && criteria.flexDays > 0 ? { centerDate: first.departure_date, flexDays: criteria.flexDays } : null,
  };
}

/** A session's results as a page is computed from them: all of them, and those changed after a change. */
export type PageSource = { all(): SearchResult[]; changedSince(seq: number): SearchResult[] };

/**
 * Orders of views kept (one per session and order with filters), the least recently used going first; a
 * session's go sooner when the process lets its results go (`forget`).
 */
const MAX_ORDERS = 512;

/**
 * Pages of results as JSON, computed from a session's results as this process holds them. A page is kept
 * for the session's latest change: the same view pulled again before anything new arrived (another
 * traveller's poll, a second tab) is sent as it was, with no sorting and no writing again. The order of
 * a view (its sort and filters) is kept too and brought up to date with the results that changed when an
 * answer arrives, so a session's results are sorted once, not again at each answer. An order holds the
 * session's results: it goes when the session's results leave the process's cache (`forget`), so that the
 * orders never keep alive results that cache let go.
 */
export class ResultPages {
  private readonly pages: SizedLru<string>;
  private readonly orders = new Map<string, { seq: number; order: ViewOrder }>();
  private readonly priceOf: PriceOf;

  /** `maxTextLength` bounds the pages' JSON kept, the least recently used going first. */
  constructor(rates: RateTable, maxTextLength = 4 * 1024 * 1024) {
    this.pages = new SizedLru(maxTextLength, (text) => text.length);
    this.priceOf = cnyPriceOf(rates);
  }

  /** The page's JSON (`ResultPage`) of `view` over the results as of change `seq` of the session. */
  pageJson(searchId: string, seq: number, criteria: SearchCriteria, source: PageSource, view: ResultView): string {
    const key = `${searchId}\n${seq}\n${JSON.stringify(view)}`;
    const known = this.pages.get(key);
    if (known !== undefined) return known;
    const results = source.all();
    const context = viewContextOf(criteria, this.priceOf);
    const json = JSON.stringify(
      viewResults(results, view, context, this.orderOf(searchId, seq, source, results, view, context)),
    );
    this.pages.set(key, json);
    return json;
  }

  /** Lets go of the orders of a session's views: the next page of it works its order out whole. */
  forget(searchId: string): void {
    const prefix = `${searchId}\n`;
    for (const key of this.orders.keys()) if (key.startsWith(prefix)) this.orders.delete(key);
  }

  /** The view's order as of change `seq`: the one kept brought up to date, or worked out whole. */
  private orderOf(
    searchId: string,
    seq: number,
    source: PageSource,
    results: SearchResult[],
    view: ResultView,
    context: ViewContext,
  ): ViewOrder {
    const key = `${searchId}\n${JSON.stringify([view.sort, view.filters])}`;
    const known = this.orders.get(key);
    // A change older than the one kept (another read of the session) is worked out whole; the kept one stays.
    if (known && known.seq > seq) return viewOrder(results, view, context);
    this.orders.delete(key);
    const changed = known ? source.changedSince(known.seq) : results;
    const order = updateViewOrder(known?.order, results, changed, view, context);
    this.orders.set(key, { seq, order });
    if (this.orders.size > MAX_ORDERS) this.orders.delete(this.orders.keys().next().value as string);
    return order;
  }
}
