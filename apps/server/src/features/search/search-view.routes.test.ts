import {
  cnyPriceOf,
  filterResults,
  MAX_RESULT_PAGE_SIZE,
  NO_FILTERS,
  type PullResponse,
  type ResultFilters,
  type ResultPage,
  type ResultViewInput,
  type SearchCriteriaInput,
  type SearchResult,
  sortResults,
} from '@junction/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testRefdata } from '../../../test/harness';
import { searchTestApp } from '../../../test/support/search-app';

const START = new Date('2026-11-22T04:00:00Z');
const now = () => START;

const oneWay = (over: Partial<SearchCriteriaInput> = {}): SearchCriteriaInput => ({
  type: 1,
  legs: [{ departure: 'BJS', destination: 'SHA', departure_date: '2026/12/01' }],
  ...over,
});

describe('pulling one page of a search’s results', () => {
  let t: TestApp;
  const priceOf = cnyPriceOf(testRefdata().rates.rates);

  beforeAll(async () => {
    t = await searchTestApp(now);
  });
  afterAll(() => t.close());

  const pull = (searchId: string, view?: ResultViewInput) =>
    t.app.inject({ method: 'POST', url: '/api/v2/pull', payload: { searchId, cursor: 0, view } });

  /** Starts a search and pulls pages of `view` until it is done; all the results come from a plain pull. */
  async function search(criteria: SearchCriteriaInput, view: ResultViewInput = {}) {
    const started = await t.app.inject({ method: 'POST', url: '/api/v2/search', payload: criteria });
    expect(started.statusCode, started.body).toBe(200);
    const { searchId } = started.json() as { searchId: string };
    let last: PullResponse | undefined;
    // Pulled until every seller has answered, however long a busy machine takes: the test's limit bounds it.
    for (let i = 0; !last?.done; i++) {
      if (i > 0) await new Promise((r) => setTimeout(r, 40));
      const res = await pull(searchId, view);
      expect(res.statusCode, res.body).toBe(200);
      last = res.json() as PullResponse;
      expect(last.results).toEqual([]);
      expect(last.page?.results.length).toBeLessThanOrEqual(view.limit ?? 20);
    }
    const everything = (
      await t.app.inject({ method: 'POST', url: '/api/v2/pull', payload: { searchId, cursor: 0 } })
    ).json() as PullResponse;
    return { searchId, last: last as PullResponse, all: everything.results };
  }
  const pageOf = async (searchId: string, view: ResultViewInput) => {
    const res = await pull(searchId, view);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as PullResponse).page as ResultPage;
  };
  const ids = (rs: readonly SearchResult[]) => rs.map((r) => r.id);

  it('answers the first page in the default order with the counts, and later pages that follow on', async () => {
    const { searchId, last, all } = await search(oneWay());
    expect(last.done).toBe(true);
    expect(last.phase).toBe('pull');
    expect(last.answered).toBe(last.total);
    const page = last.page as ResultPage;
    expect(all.length).toBeGreaterThan(40);
    expect(page.count).toBe(all.length);
    expect(page.matched).toBe(all.length);
    expect(page.sort).toBe('best');
    const sorted = sortResults(all, 'best', priceOf, 1);
    expect(ids(page.results)).toEqual(ids(sorted.slice(0, 20)));
    const second = await pageOf(searchId, { offset: 20, limit: 20 });
    expect(ids(second.results)).toEqual(ids(sorted.slice(20, 40)));
    const tail = await pageOf(searchId, { offset: all.length - 3, limit: 100 });
    expect(tail.results).toHaveLength(3);
    // The sort tabs' figures: what leads each order among everything.
    expect(page.leaders.cheapest?.price).toEqual(sortResults(all, 'cheapest', priceOf)[0]?.price);
    expect(page.isRail).toBe(false);
    expect(page.calendar).toBeNull();
  }, 60_000);

  it('sorts by every order the page offers', async () => {
    const { searchId, all } = await search(oneWay());
    for (const sort of ['cheapest', 'quickest', 'earliest', 'latest'] as const) {
      const page = await pageOf(searchId, { sort, limit: 30 });
      expect(page.sort).toBe(sort);
      expect(ids(page.results), sort).toEqual(ids(sortResults(all, sort, priceOf).slice(0, 30)));
    }
  }, 60_000);

  it('filters, counts what the filters let through and lists every option with its count', async () => {
    const { searchId, all } = await search(oneWay());
    const first = await pageOf(searchId, {});
    const kinds = first.facets.kinds.map((o) => o.value);
    expect(kinds).toEqual(expect.arrayContaining(['flight', 'train']));
    const airlines = first.facets.carriers.filter((o) => o.value !== 'CR');
    expect(airlines.length).toBeGreaterThan(1);
    for (const option of airlines) expect(option.name?.['zh-CN']).toBeTruthy();

    const filters: ResultFilters = {
      ...NO_FILTERS,
      excluded: { kinds: ['train', 'mix'] },
      departureMinutes: [360, 720],
    };
    const page = await pageOf(searchId, { sort: 'cheapest', filters, limit: 100 });
    const expected = sortResults(filterResults(all, filters, priceOf), 'cheapest', priceOf);
    expect(page.matched).toBe(expected.length);
    expect(page.matched).toBeGreaterThan(0);
    expect(page.matched).toBeLessThan(all.length);
    expect(page.count).toBe(all.length);
    expect(ids(page.results)).toEqual(ids(expected.slice(0, 100)));
    expect(page.results.every((r) => r.kind === 'flight')).toBe(true);
    // An unticked option stays listed, with what it would add.
    const train = page.facets.kinds.find((o) => o.value === 'train');
    expect(train?.count).toBe(
      filterResults(all, { ...filters, excluded: { kinds: ['mix'] } }, priceOf).filter((r) => r.kind === 'train')
        .length,
    );
    expect(page.ranges?.price[0]).toBe(Math.min(...all.map(priceOf)));
  }, 60_000);

  it('shows the price calendar of a flexible search and filters it by date', async () => {
    const { searchId, all } = await search(oneWay({ flexDays: 1 }));
    const page = await pageOf(searchId, { filters: { ...NO_FILTERS, date: '2026/12/02' } });
    expect(page.calendar?.days.map((d) => d.date)).toEqual(['2026/11/30', '2026/12/01', '2026/12/02']);
    expect(page.results.every((r) => r.date === '2026/12/02')).toBe(true);
    expect(page.matched).toBe(all.filter((r) => r.date === '2026/12/02').length);
    const cheapest = Math.min(...all.filter((r) => r.date === '2026/12/01').map(priceOf));
    expect(priceOf({ price: page.calendar?.days[1]?.cheapest?.price } as SearchResult)).toBe(cheapest);
  }, 60_000);

  it('shows the railway orders for a trains-only search', async () => {
    const { last } = await search(oneWay({ mode: 'train' }), { sort: 'cheapest' });
    expect(last.page?.isRail).toBe(true);
    expect(last.page?.sort).toBe('price');
    expect(last.page?.results.every((r) => r.kind === 'train')).toBe(true);
  }, 60_000);

  it('refuses a view it cannot show with 400 naming the field, and an unknown search as expired', async () => {
    const { searchId } = await search(oneWay());
    for (const view of [
      { limit: MAX_RESULT_PAGE_SIZE + 1 },
      { limit: 0 },
      { offset: -5 },
      { sort: 'random' },
      { filters: { price: [900, 100] } },
      { filters: { excluded: { colour: ['red'] } } },
      { filters: { date: '1 Dec' } },
    ]) {
      const res = await pull(searchId, view as ResultViewInput);
      expect(res.statusCode, JSON.stringify(view)).toBe(400);
      // The client shows the message of the code in the reader's language; the issues name the field.
      expect(res.json().errorCode).toBe(1000);
      expect(JSON.stringify(res.json().params.issues)).toContain('/view');
    }
    const unknown = await pull('nope', {});
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errorType).toBe('expired');
  }, 60_000);
});
