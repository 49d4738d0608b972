import { randomBytes } from 'node:crypto';
import {
  AppError,
  type Cabin,
  type CriteriaPlace,
  type Language,
  type LocalText,
  localDate,
  type PullResponse,
  type RefreshResponse,
  type ResultView,
  SEARCH_TTL_MS,
  type SearchCriteria,
  type SearchPhase,
  type SearchResult,
  sameInBoth,
  toRequestDate,
} from '@junction/domain';
import type { Refdata } from '@junction/refdata';
import { CriteriaPlaces } from './criteria-places';
import { fromTheDoor } from './door-ground';
import { type FareLog, tellFareLog } from './fare-log';
import type { Inventory } from './inventory/inventory';
import { ResultPages } from './result-pages';
import { listInCabin } from './results/cabin-listing';
import { checkedResult } from './results/result-contract';
import { sharedParts } from './results/shared-parts';
import { routeNames } from './route-names';
import { answerJson, type SearchStore, type SessionRead } from './search-store';
import { SessionCache } from './session-cache';
import { SessionSignals } from './session-signals';
import { AnswerCache, answerKey, type Produced, SharedAnswers } from './shared-answers';
import type { Supplier, SupplierRequest } from './suppliers/supplier';
import { withinLimit } from './within-limit';

/** Where prices are set and days counted. */
export const HOME_ZONE = 'Asia/Shanghai';
/** A price is guaranteed for this long after the search; a later selection is re-quoted first. */
export const PRICE_VALID_MS = 10 * 60_000;
/** Past every supplier's time limit by this much, an answer that has not arrived never will. */
const LOST_ANSWER_GRACE_MS = 5000;

export type SearchServiceOptions = {
  supplierTimeoutMs: number;
  /**
   * How long a supplier's answer is given to other searches asking it the same (0: never shared, each
   * search asks on its own); searches asking the same at once share one request either way unless 0.
   */
  answerReuseMs?: number;
  /** The suppliers for a search: all of them by default; the mode narrows them. */
  suppliers: (inventory: Inventory) => Supplier[];
  /** A door's name in both languages from its point and the name given (the gazetteer's names); else the name as given. */
  doorNames?: (point: { lat: number; lon: number }, given?: string) => LocalText;
  /** Told of each search started and of its results once all are in (the month of fares keeps their prices). */
  fareLog?: FareLog;
  /** How pulls hear of their sessions' changes: by default, from this process only. */
  signals?: SessionSignals;
};

/** A pull's answer with its results as JSON texts joined by commas, and the page of a view as JSON. */
export type PullAnswer = Omit<PullResponse, 'results' | 'page'> & { resultsJson: string; pageJson?: string };

/** The JSON of a pull's answer (`PullResponse`), the results' texts and the page written in as they are. */
export function pullJson(answer: PullAnswer): string {
  const { resultsJson, pageJson, ...rest } = answer;
  const head = JSON.stringify(rest);
  const page = pageJson === undefined ? '' : `,"page":${pageJson}`;
  return `${head.slice(0, -1)},"results":[${resultsJson}]${page}}`;
}

/**
 * The search orchestrator (docs/architecture.md §10): validates criteria, opens a session, asks every
 * supplier at once with its own time limit, and lets pulls collect whatever has arrived.
 */
export class SearchService {
  /** Criteria read against the place data. */
  private readonly criteria: CriteriaPlaces;
  private suppliers?: Supplier[];
  /** The results of sessions this process pulled lately, folded from the store's changes. */
  private readonly sessions: SessionCache;
  /** Pages of views lately pulled. */
  private readonly pages: ResultPages;
  /** Suppliers' answers shared by the searches asking the same. */
  private readonly answers: SharedAnswers;
  /** Pulls waiting for their session's next change, told of it by this process or, through a bus, another. */
  private readonly signals: SessionSignals;

  constructor(
    private readonly refdata: Refdata,
    private readonly inventory: PromiseLike<Inventory>,
    private readonly store: SearchStore,
    private readonly options: SearchServiceOptions,
    private readonly now: () => Date,
  ) {
    this.criteria = new CriteriaPlaces(refdata, options.doorNames, () => localDate(this.now().getTime(), HOME_ZONE));
    this.pages = new ResultPages(refdata.rates.rates);
    this.signals = options.signals ?? new SessionSignals();
    const cache = new AnswerCache();
    // The orders of a session's views hold its results: they go with them.
    this.sessions = new SessionCache(undefined, undefined, cache, (id) => this.pages.forget(id));
    this.answers = new SharedAnswers(
      store,
      cache,
      {
        reuseMs: options.answerReuseMs ?? 0,
        pendingMs: options.supplierTimeoutMs + LOST_ANSWER_GRACE_MS,
        sessionMs: SEARCH_TTL_MS,
      },
      () => this.now().getTime(),
    );
  }

  async allSuppliers(): Promise<Supplier[]> {
    this.suppliers ??= this.options.suppliers(await this.inventory);
    return this.suppliers;
  }

  /** The suppliers a search asks: all of them, or those of flights or of trains only. */
  private async suppliersFor(mode: SearchCriteria['mode']): Promise<Supplier[]> {
    return (await this.allSuppliers()).filter(
      (s) => mode === 'all' || (mode === 'flight' ? s.kind === 'flight' : s.kind === 'train'),
    );
  }

  async start(criteria: SearchCriteria, language: Language): Promise<string> {
    const request = this.request(criteria);
    const suppliers = await this.suppliersFor(criteria.mode);
    const id = randomBytes(12).toString('base64url');
    const now = this.now().getTime();
    await this.store.create({
      id,
      criteria,
      language,
      createdAt: now,
      expiresAt: now + SEARCH_TTL_MS,
      total: suppliers.length,
    });
    const asks = suppliers.map((supplier) => this.ask(id, supplier, request));
    if (this.options.fareLog)
      tellFareLog(this.options.fareLog, criteria, asks, (ids) => this.answers.cache.resolve(this.store, ids));
    return id;
  }

  /** The results of criteria from every supplier of their mode, asked as a search asks (answers shared with it). */
  async resultsFor(criteria: SearchCriteria): Promise<SearchResult[]> {
    const request = this.request(criteria);
    return this.askAll(await this.suppliersFor(criteria.mode), request);
  }

  private async askAll(suppliers: Supplier[], request: SupplierRequest): Promise<SearchResult[]> {
    const ids = await Promise.allSettled(suppliers.map((s) => this.shared(s, request)));
    const found = await this.answers.cache.resolve(
      this.store,
      ids.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : [])),
    );
    return [...found.values()].flatMap((a) => [...a.results]);
  }

  /** A supplier's time limit, from now. */
  private limit = (): AbortSignal => AbortSignal.timeout(this.options.supplierTimeoutMs);

  /** The id of a supplier's answer to a request, shared (`SharedAnswers`), within the time limit of this ask. */
  private shared(supplier: Supplier, request: SupplierRequest): Promise<string> {
    const signal = this.limit();
    return withinLimit(
      this.answers.obtain(answerKey(supplier.id, request), () => this.produce(supplier, request, signal)),
      signal,
    );
  }

  /**
   * One supplier's part of a search: its answer, or "failed" once it fails or its time limit passes,
   * whether or not the supplier itself heeds the signal. The answer is shared: the same request by other
   * searches at once or shortly before is asked once (`SharedAnswers`), and the session refers to it.
   * Settles with the answer's id, or undefined for a failure; never rejects (the session ends by its limit).
   */
  private async ask(id: string, supplier: Supplier, request: SupplierRequest): Promise<string | undefined> {
    let answerId: string | undefined;
    try {
      const key = answerKey(supplier.id, request);
      const produce = (signal: AbortSignal) => this.produce(supplier, request, signal);
      const obtained = await this.answers.obtainFor(id, supplier.id, key, produce, this.limit());
      answerId = obtained.answerId;
      const seq = obtained.added ? obtained.added.seq : await this.store.answer(id, supplier.id, answerId);
      // This process folds the objects it has into its cache; an answer another process stored is read by the pull.
      const answer = this.answers.cache.get(answerId);
      if (seq !== undefined && answer) this.sessions.offer(id, seq, supplier.id, answer, this.now().getTime());
    } catch {
      answerId = undefined;
      await this.store.answer(id, supplier.id, 'failed').catch(() => {});
    }
    this.signals.changed(id);
    return answerId;
  }

  /**
   * A supplier's answer to a request within its time limit (the signal of the search asking it first: its
   * work is dropped the moment that search gives up), checked against the contract once, as stored: only
   * what the request's cabin sells with a seat for each traveller is listed (`listedInCabin`).
   */
  private async produce(supplier: Supplier, request: SupplierRequest, signal = this.limit()): Promise<Produced> {
    const results = await withinLimit(supplier.search(request, signal), signal);
    const inventory = await this.inventory;
    const { listed, withoutCabin } = listInCabin(results, request);
    const checked = listed.map((r) => checkedResult(fromTheDoor(r, request, inventory, this.refdata)));
    return { json: answerJson(checked, withoutCabin), results: sharedParts.share(checked), withoutCabin };
  }

  /**
   * A live search's results on its own date, and on each day up to `days` either side (from today): every
   * supplier of its mode asked for the trip moved to that day, day by day, as a search on that date asks,
   * so the answers are shared with it. Days a supplier fails on go without its results.
   */
  async resultsAround(searchId: string, days: number): Promise<{ date: string; results: SearchResult[] }[]> {
    const session = await this.sessions.read(this.store, searchId, this.now().getTime());
    if (!session) throw await this.expiredError(searchId);
    const { criteria } = session.read.meta;
    const own = criteria.legs[0]?.departure_date ?? '';
    const request = this.request({ ...criteria, flexDays: days });
    const suppliers = await this.suppliersFor(criteria.mode);
    const around = request.trips.filter((trip) => toRequestDate(trip.date) !== own);
    const answered = await Promise.all(
      around.map(async (trip) => ({
        date: toRequestDate(trip.date),
        results: await this.askAll(suppliers, { ...request, trips: [trip] }),
      })),
    );
    return [{ date: own, results: session.results.all() }, ...answered];
  }

  /**
   * The lowest price on sale now for the criteria (every result with seats for the party, in CNY
   * hundredths; null when nothing is on sale), each supplier of the mode asked afresh, never a shared
   * answer, with the route's names; refused unless every supplier answered (a price missing from one that
   * did not is no fall or rise), so a watcher tries again later.
   */
  async lowestNow(criteria: SearchCriteria): Promise<{ lowestMinor: number | null; from: LocalText; to: LocalText }> {
    const request = this.request(criteria);
    const suppliers = await this.suppliersFor(criteria.mode);
    const answers = await Promise.allSettled(suppliers.map((s) => this.produce(s, request)));
    const answered = answers.flatMap((a) => (a.status === 'fulfilled' ? [a.value.results] : []));
    if (answered.length === 0 || answered.length < suppliers.length) throw new AppError('PARTNER_UNAVAILABLE');
    const prices = answered
      .flat()
      .filter((r) => r.price.currency === 'CNY' && !r.legs.some((l) => l.soldOut))
      .map((r) => r.price.amount);
    return { lowestMinor: prices.length > 0 ? Math.min(...prices) : null, ...routeNames(request) };
  }

  private async expiredError(searchId: string): Promise<AppError> {
    const criteria = await this.store.expired(searchId);
    return new AppError(
      'RESULTS_EXPIRED',
      criteria ? { errorType: 'expired', params: criteria } : { errorType: 'expired' },
    );
  }

  /**
   * The answer of `POST /api/v2/pull`: what arrived since the cursor, with the results as JSON texts; or,
   * with a view, one page of every result so far in the view's order and filters.
   */
  async pull(searchId: string, cursor: number, view?: ResultView, waitMs = 0): Promise<PullAnswer> {
    // Suppliers are asked by the process that started the search; should it die, the search still ends
    // once every supplier's time limit has passed, and what never came counts as failed.
    const isDone = (read: SessionRead) =>
      read.answered >= read.meta.total ||
      this.now().getTime() > read.meta.createdAt + this.options.supplierTimeoutMs + LOST_ANSWER_GRACE_MS;
    const session = await this.signals.readOrWait(
      searchId,
      waitMs,
      () => this.sessions.read(this.store, searchId, this.now().getTime()),
      (s) => !s || s.results.seq > cursor || isDone(s.read),
    );
    if (!session) throw await this.expiredError(searchId);
    const { read, results } = session;
    const done = isDone(read);
    const answered = done ? read.meta.total : read.answered;
    const phase: SearchPhase = done ? 'pull' : answered === 0 ? 'request' : 'filter';
    const suppliers = await this.allSuppliers();
    return {
      phase,
      answered,
      total: read.meta.total,
      done,
      cursor: results.seq,
      resultsJson: view
        ? ''
        : results
            .changedSince(cursor)
            .map((r) => JSON.stringify(r))
            .join(','),
      pageJson: view && this.pages.pageJson(searchId, results.seq, read.meta.criteria, results, view),
      failed: read.failed.map((id) => suppliers.find((s) => s.id === id)?.name ?? sameInBoth(id)),
      withoutCabin: results.withoutCabin,
    };
  }

  /** While the server runs, pulls hear of the changes other processes record (`listen` to `closed`). */
  listen = (): Promise<void> => this.signals.start();

  /** The server is closing: pulls waiting for news answer now, so that none holds the close. */
  closing = (): void => this.signals.close();

  closed = (): Promise<void> => this.signals.stop();

  /** A result of a live session, or the error spec §8 gives: expired (with the criteria to re-run) or invalid. */
  async liveResult(searchId: string, resultId: string, now: number) {
    const session = await this.sessions.read(this.store, searchId, now);
    const found = session?.results.get(resultId);
    if (session && found) return { meta: session.read.meta, result: found };
    if (session) throw new AppError('PLAN_INVALID');
    throw await this.expiredError(searchId);
  }

  /** Asks the seller of a result's best price for it as sold now; PLAN_INVALID when it no longer sells it. */
  private async quoteWithSeller(result: SearchResult, request: SupplierRequest): Promise<SearchResult> {
    const seller = result.sellers[0];
    const supplier = (await this.allSuppliers()).find((s) => s.id === seller?.supplier);
    if (!supplier) throw new AppError('PLAN_INVALID');
    let quoted: SearchResult | undefined;
    try {
      const signal = AbortSignal.timeout(this.options.supplierTimeoutMs);
      quoted = await withinLimit(supplier.quote(result, request, signal), signal);
    } catch {
      throw new AppError('PARTNER_UNAVAILABLE');
    }
    if (!quoted) throw new AppError('PLAN_INVALID');
    return { ...fromTheDoor(quoted, request, await this.inventory, this.refdata), sellers: result.sellers };
  }

  /** Re-prices one result with the seller of its best price. */
  async refresh(searchId: string, resultId: string): Promise<RefreshResponse> {
    const now = this.now().getTime();
    const { meta, result } = await this.liveResult(searchId, resultId, now);
    if (now - meta.createdAt > PRICE_VALID_MS) {
      throw new AppError('PRICE_EXPIRED', { errorType: 'expired', params: meta.criteria });
    }
    const amount = (await this.quoteWithSeller(result, this.request(meta.criteria))).price.amount;
    if (amount !== result.price.amount) {
      await this.store.reprice(searchId, resultId, amount);
      this.signals.changed(searchId);
    }
    return {
      result: { ...result, price: { ...result.price, amount } },
      priceChanged: amount !== result.price.amount,
      previous: result.price,
    };
  }

  /**
   * A result of a live session re-quoted by its seller for one adult (a flight in `cabin`, a change's, when
   * given), for booking: the order prices its party from the adult fares. With the criteria and countries.
   */
  async quoteForBooking(
    searchId: string,
    resultId: string,
    cabin?: Cabin,
  ): Promise<{ result: SearchResult; criteria: SearchCriteria; language: Language; countries: string[] }> {
    const { meta, result } = await this.liveResult(searchId, resultId, this.now().getTime());
    const criteria = cabin ? { ...meta.criteria, cabin } : meta.criteria;
    const request = { ...this.request(criteria), party: { adults: 1, children: 0, infants: 0 } };
    const quoted = await this.quoteWithSeller(result, request);
    const countries = new Set<string>();
    for (const leg of quoted.legs) {
      if (leg.kind !== 'air' && leg.kind !== 'land') continue;
      for (const point of [leg.from, leg.to]) {
        const place = this.refdata.places
          .findByCode(point.code)
          .find((p) => p.code === point.code && p.kind === (leg.kind === 'air' ? 'airport' : 'station'));
        if (place) countries.add(place.country);
      }
    }
    return { result: quoted, criteria: meta.criteria, language: meta.language, countries: [...countries] };
  }

  /** The results of a live session with these ids, as its pulls give them; none once it has expired. */
  async stored(searchId: string, ids: readonly string[]): Promise<SearchResult[]> {
    const session = await this.sessions.read(this.store, searchId, this.now().getTime());
    return ids.flatMap((id) => session?.results.get(id) ?? []);
  }

  /**
   * The place a criteria token names, in both languages; null when it names none. A door is named as the
   * gazetteer names its point (a landmark, or a pin near one).
   */
  placeOf(token: string): CriteriaPlace | null {
    return this.criteria.placeOf(token);
  }

  /** The journeys of the criteria, checked against the places and the rules. */
  request(criteria: SearchCriteria): SupplierRequest {
    return this.criteria.request(criteria);
  }

  /** The criteria a short link stands for (spec §5); PLACE_UNKNOWN when the link is invalid. */
  criteriaFromLink(link: string, language: Language): SearchCriteria {
    return this.criteria.fromLink(link, language);
  }
}
