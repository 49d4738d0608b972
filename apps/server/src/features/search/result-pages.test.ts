import type { ResultView, SearchCriteria, SearchResult } from '@junction/domain';
import { resultViewSchema } from '@junction/domain';
import { describe, expect, it } from 'vitest';
import { ResultPages } from './result-pages';

const criteria = { adults: 1, children: 0, mode: 'all', flexDays: 0, legs: [] } as unknown as SearchCriteria;
const result = (id: string, amount: number) =>
  ({
    id,
    kind: 'flight',
    price: { amount, currency: 'CNY' },
    departureTime: '2030-05-01T08:00:00+08:00',
    arrivalTime: '2030-05-01T10:00:00+08:00',
    durationMinutes: 120,
    transfers: 0,
    date: '2030/05/01',
    legs: [],
    bounds: [],
  }) as unknown as SearchResult;

describe('pages of results kept per process', () => {
  const view: ResultView = resultViewSchema.parse({ sort: 'cheapest', limit: 1 });

  it('sends a page again without working it out while the session has no new change', () => {
    const pages = new ResultPages({});
    let computed = 0;
    const results = {
      all: () => {
        computed++;
        return [result('a', 300), result('b', 100)];
      },
      changedSince: () => [],
    };
    const first = JSON.parse(pages.pageJson('s1', 3, criteria, results, view));
    expect(first.results.map((r: SearchResult) => r.id)).toEqual(['b']);
    expect(pages.pageJson('s1', 3, criteria, results, view)).toBe(JSON.stringify(first));
    expect(computed).toBe(1);
    pages.pageJson('s1', 4, criteria, results, view);
    pages.pageJson('s1', 4, criteria, results, { ...view, sort: 'latest' });
    expect(computed).toBe(3);
  });

  it('keeps no more text than its budget, dropping the least recently used', () => {
    const pages = new ResultPages({}, 1);
    let computed = 0;
    const results = {
      all: () => {
        computed++;
        return [result('a', 300)];
      },
      changedSince: () => [],
    };
    pages.pageJson('s1', 1, criteria, results, view);
    pages.pageJson('s2', 1, criteria, results, view);
    pages.pageJson('s1', 1, criteria, results, view);
    expect(computed).toBe(3);
  });

  it('brings a view’s order up to date with the results changed since, giving the page worked out whole', () => {
    const pages = new ResultPages({});
    const whole = resultViewSchema.parse({ sort: 'cheapest', limit: 10 });
    const before = [result('a', 300), result('b', 100)];
    pages.pageJson('s1', 1, criteria, { all: () => before, changedSince: () => before }, whole);
    const after = [result('a', 50), result('b', 100), result('c', 200)];
    const asked: number[] = [];
    const changed = (seq: number) => {
      asked.push(seq);
      return [after[0], after[2]] as SearchResult[];
    };
    const updated = JSON.parse(pages.pageJson('s1', 2, criteria, { all: () => after, changedSince: changed }, whole));
    expect(asked).toEqual([1]);
    expect(updated.results.map((r: SearchResult) => r.id)).toEqual(['a', 'b', 'c']);
    const fresh = new ResultPages({}).pageJson(
      's1',
      2,
      criteria,
      { all: () => after, changedSince: () => after },
      whole,
    );
    expect(updated).toEqual(JSON.parse(fresh));
  });

  it('answers a view as of an older change without losing the order kept for the latest', () => {
    const pages = new ResultPages({});
    const view = resultViewSchema.parse({ sort: 'cheapest', limit: 10 });
    const two = [result('a', 300), result('b', 100)];
    pages.pageJson('s1', 2, criteria, { all: () => two, changedSince: () => two }, view);
    const one = [result('a', 300)];
    const older = JSON.parse(pages.pageJson('s1', 1, criteria, { all: () => one, changedSince: () => one }, view));
    expect(older.results.map((r: SearchResult) => r.id)).toEqual(['a']);
    const asked: number[] = [];
    const three = [...two, result('c', 200)];
    const changed = (seq: number) => {
      asked.push(seq);
      return [three[2]] as SearchResult[];
    };
    const latest = JSON.parse(pages.pageJson('s1', 3, criteria, { all: () => three, changedSince: changed }, view));
    expect(asked).toEqual([2]);
    expect(latest.results.map((r: SearchResult) => r.id)).toEqual(['b', 'c', 'a']);
  });

  it('lets go of a session’s orders when told, working its next page out whole, and keeps the others’', () => {
    const pages = new ResultPages({});
    const view = resultViewSchema.parse({ sort: 'cheapest', limit: 10 });
    const two = [result('a', 300), result('b', 100)];
    for (const id of ['s1', 's2']) pages.pageJson(id, 1, criteria, { all: () => two, changedSince: () => two }, view);
    pages.forget('s1');
    const three = [...two, result('c', 200)];
    const asked: string[] = [];
    const source = (id: string) => ({
      all: () => three,
      changedSince: () => {
        asked.push(id);
        return [three[2]] as SearchResult[];
      },
    });
    const again = JSON.parse(pages.pageJson('s1', 2, criteria, source('s1'), view));
    const kept = JSON.parse(pages.pageJson('s2', 2, criteria, source('s2'), view));
    // Only the session whose order was kept is brought up to date from the changes; both pages agree.
    expect(asked).toEqual(['s2']);
    expect(again.results.map((r: SearchResult) => r.id)).toEqual(['b', 'c', 'a']);
    expect(again).toEqual(kept);
  });
});
