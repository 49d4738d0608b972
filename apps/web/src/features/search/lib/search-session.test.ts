import { type PullResponse, type ResultPage, type SearchResult, sameInBoth } from '@junction/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EMPTY_SESSION, reduceSession, replaceResult } from './search-session';

const result = (id: string, amount = 100) => ({ id, price: { amount, currency: 'CNY' } }) as SearchResult;
const pull = (p: Partial<PullResponse>): PullResponse => ({
  phase: 'pull',
  answered: 1,
  total: 3,
  done: false,
  cursor: 1,
  results: [],
  failed: [],
  withoutCabin: 0,
  ...p,
});

describe('search session', () => {
  it('starts empty under the new search id', () => {
    expect(reduceSession({ ...EMPTY_SESSION, results: [result('old')] }, { type: 'started', searchId: 's1' })).toEqual({
      ...EMPTY_SESSION,
      searchId: 's1',
    });
  });

  it('appends results in arrival order and takes the latest progress', () => {
    let s = reduceSession(EMPTY_SESSION, { type: 'started', searchId: 's1' });
    s = reduceSession(s, { type: 'pulled', response: pull({ results: [result('a'), result('b')], cursor: 2 }) });
    s = reduceSession(s, {
      type: 'pulled',
      response: pull({ results: [result('c')], answered: 3, done: true, cursor: 3, failed: [sameInBoth('Slow Air')] }),
    });
    expect(s.results.map((r) => r.id)).toEqual(['a', 'b', 'c']);
    expect(s).toMatchObject({ answered: 3, total: 3, done: true, cursor: 3, failed: [sameInBoth('Slow Air')] });
  });

  it('replaces a result sent again where it stands', () => {
    let s = reduceSession(EMPTY_SESSION, { type: 'pulled', response: pull({ results: [result('a'), result('b')] }) });
    s = reduceSession(s, { type: 'pulled', response: pull({ results: [result('a', 90)] }) });
    expect(s.results.map((r) => [r.id, r.price.amount])).toEqual([
      ['a', 90],
      ['b', 100],
    ]);
    expect(replaceResult(s, result('b', 120)).results[1]?.price.amount).toBe(120);
    expect(replaceResult(s, result('zzz'))).toBe(s);
  });

  it('takes a page only for the view the traveller wants now, and swaps a re-priced result on it', () => {
    const page = (ids: string[]) => ({ results: ids.map((id) => result(id)), count: ids.length }) as ResultPage;
    let s = reduceSession(
      EMPTY_SESSION,
      { type: 'pulled', response: pull({ page: page(['a']) }), viewKey: 'best' },
      'best',
    );
    expect(s.page?.results.map((r) => r.id)).toEqual(['a']);
    // A pull for the old order lands after the traveller chose another: its progress counts, its page does not.
    s = reduceSession(
      s,
      { type: 'pulled', response: pull({ answered: 2, page: page(['b', 'a']) }), viewKey: 'best' },
      'cheapest',
    );
    expect(s).toMatchObject({ answered: 2, pageKey: 'best' });
    expect(s.page?.results.map((r) => r.id)).toEqual(['a']);
    s = reduceSession(
      s,
      { type: 'pulled', response: pull({ page: page(['a', 'b']) }), viewKey: 'cheapest' },
      'cheapest',
    );
    expect(s.pageKey).toBe('cheapest');
    expect(replaceResult(s, result('b', 120)).page?.results[1]?.price.amount).toBe(120);
  });

  it('keeps what a pull sends again unchanged: the same page, the same results, the same session', () => {
    const page = (ids: string[], amount = 100) =>
      ({ results: ids.map((id) => result(id, amount)), count: ids.length }) as ResultPage;
    const first = reduceSession(
      EMPTY_SESSION,
      { type: 'pulled', response: pull({ results: [result('a'), result('b')], page: page(['a', 'b']) }), viewKey: 'v' },
      'v',
    );
    const again = reduceSession(
      first,
      { type: 'pulled', response: pull({ results: [result('a')], page: page(['a', 'b']) }), viewKey: 'v' },
      'v',
    );
    expect(again).toBe(first);
    // One result re-priced: the page and the list are new, the other result is the object shown before.
    const repriced = reduceSession(
      first,
      {
        type: 'pulled',
        response: pull({
          results: [result('a', 90)],
          page: { ...page(['b']), results: [result('a', 90), result('b')] },
        }),
        viewKey: 'v',
      },
      'v',
    );
    expect(repriced.page).not.toBe(first.page);
    expect(repriced.page?.results[1]).toBe(first.page?.results[1]);
    expect(repriced.results[0]?.price.amount).toBe(90);
    expect(repriced.results[1]).toBe(first.results[1]);
    // A new result ahead of the others: each other result on the page is the object shown before.
    const ahead = reduceSession(
      first,
      { type: 'pulled', response: pull({ page: page(['c', 'a', 'b']) }), viewKey: 'v' },
      'v',
    );
    expect(ahead.page?.results[1]).toBe(first.page?.results[0]);
    expect(ahead.page?.results[2]).toBe(first.page?.results[1]);
  });

  it('folds any run of pulls to what copying every pull anew gives', () => {
    // The fold without sharing: every pull's results and page taken as sent.
    const plain = (s: typeof EMPTY_SESSION, response: PullResponse) => {
      const results = [...s.results];
      for (const r of response.results) {
        const at = results.findIndex((k) => k.id === r.id);
        if (at < 0) results.push(r);
        else results[at] = r;
      }
      return { ...s, ...response, page: response.page ?? s.page, pageKey: response.page ? 'v' : s.pageKey, results };
    };
    const arbResult = fc.record({ id: fc.constantFrom('a', 'b', 'c', 'd'), amount: fc.constantFrom(90, 100) });
    const arbPull = fc.record({
      results: fc.array(arbResult, { maxLength: 4 }),
      page: fc.option(fc.array(arbResult, { maxLength: 4 }), { nil: undefined }),
      answered: fc.nat(3),
    });
    fc.assert(
      fc.property(fc.array(arbPull, { maxLength: 8 }), (pulls) => {
        let shared = EMPTY_SESSION;
        let copied = EMPTY_SESSION;
        for (const p of pulls) {
          const response = pull({
            answered: p.answered,
            results: p.results.map((r) => result(r.id, r.amount)),
            page:
              p.page && ({ results: p.page.map((r) => result(r.id, r.amount)), count: p.page.length } as ResultPage),
          });
          shared = reduceSession(shared, { type: 'pulled', response, viewKey: 'v' }, 'v');
          copied = plain(copied, response);
          expect(shared.results).toEqual(copied.results);
          expect(shared.page).toEqual(copied.page);
          expect(shared.answered).toBe(copied.answered);
        }
      }),
    );
  });
});
