import { type PullResponse, type ResultPage, type SearchResult, sameInBoth } from '@junction/domain';
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
});
