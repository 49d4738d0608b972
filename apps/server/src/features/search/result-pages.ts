import {
  cnyPriceOf,
  type PriceOf,
  type RateTable,
  type ResultView,
  type SearchCriteria,
  type SearchResult,
  type ViewContext,
  viewResults,
} from '@junction/domain';

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

/**
 * Pages of results as JSON, computed from a session's results as this process holds them. A page is kept
 * for the session's latest change: the same view pulled again before anything new arrived (another
 * traveller's poll, a second tab) is sent as it was, with no sorting and no writing again.
 */
export class ResultPages {
  private readonly pages = new Map<string, string>();
  private textLength = 0;
  private readonly priceOf: PriceOf;

  /** `maxTextLength` bounds the pages' JSON kept, the least recently used going first. */
  constructor(
    rates: RateTable,
    private readonly maxTextLength = 4 * 1024 * 1024,
  ) {
    this.priceOf = cnyPriceOf(rates);
  }

  /** The page's JSON (`ResultPage`) of `view` over the results as of change `seq` of the session. */
  pageJson(
    searchId: string,
    seq: number,
    criteria: SearchCriteria,
    results: () => SearchResult[],
    view: ResultView,
  ): string {
    const key = `${searchId}\n${seq}\n${JSON.stringify(view)}`;
    const known = this.pages.get(key);
    if (known !== undefined) {
      // Most recently used last.
      this.pages.delete(key);
      this.pages.set(key, known);
      return known;
    }
    const json = JSON.stringify(viewResults(results(), view, viewContextOf(criteria, this.priceOf)));
    this.pages.set(key, json);
    this.textLength += json.length;
    for (const [old, text] of this.pages) {
      if (this.textLength <= this.maxTextLength || old === key) break;
      this.pages.delete(old);
      this.textLength -= text.length;
    }
    return json;
  }
}
