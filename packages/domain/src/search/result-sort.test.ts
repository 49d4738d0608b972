import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BEST_WEIGHTS, bestScore, sortForView, sortResults } from './result-sort';
import type { SearchResult } from './search.schema';

function result(id: string, p: { price: number; minutes: number; depart: string; transfers?: number }): SearchResult {
  return {
    id,
    kind: 'flight',
    price: { amount: p.price, currency: 'CNY' },
    departureTime: `2030-05-01T${p.depart}:00+08:00`,
    arrivalTime: '2030-05-01T23:00:00+08:00',
    durationMinutes: p.minutes,
    transfers: p.transfers ?? 0,
    date: '2030/05/01',
    legs: [],
    bounds: [],
    agent: 'own',
    sellers: [],
    fees: { cancelBefore: null, cancelAfter: null, changeBefore: null, changeAfter: null, free24h: false },
  };
}

const priceOf = (r: SearchResult) => r.price.amount;
const isSoldOut = (r: SearchResult) => r.legs.some((l) => l.soldOut === true);
const ids = (rs: SearchResult[]) => rs.map((r) => r.id);

const cheapSlow = result('cheap-slow', { price: 50_000, minutes: 20 * 60, depart: '06:00', transfers: 2 });
const dearDirect = result('dear-direct', { price: 80_000, minutes: 2 * 60, depart: '09:30' });
const middle = result('middle', { price: 70_000, minutes: 5 * 60, depart: '21:15', transfers: 1 });
const all = [cheapSlow, dearDirect, middle];

describe('sorting results', () => {
  it('scores best as price plus a value per hour and per change', () => {
    expect(bestScore(dearDirect, priceOf)).toBe(80_000 + 2 * BEST_WEIGHTS.hourMinor);
    expect(bestScore(middle, priceOf)).toBe(70_000 + 5 * BEST_WEIGHTS.hourMinor + BEST_WEIGHTS.transferMinor);
  });

  it('puts a slightly dearer direct flight ahead of a cheap 20-hour detour under best', () => {
    expect(ids(sortResults(all, 'best', priceOf))).toEqual(['dear-direct', 'middle', 'cheap-slow']);
  });

  it('orders by price, duration and departure time', () => {
    expect(ids(sortResults(all, 'cheapest', priceOf))).toEqual(['cheap-slow', 'middle', 'dear-direct']);
    expect(ids(sortResults(all, 'quickest', priceOf))).toEqual(['dear-direct', 'middle', 'cheap-slow']);
    expect(ids(sortResults(all, 'earliest', priceOf))).toEqual(['cheap-slow', 'dear-direct', 'middle']);
    expect(ids(sortResults(all, 'latest', priceOf))).toEqual(['middle', 'dear-direct', 'cheap-slow']);
  });

  it('gives the railway sorts the same orders under their own names', () => {
    expect(sortResults(all, 'price', priceOf)).toEqual(sortResults(all, 'cheapest', priceOf));
    expect(sortResults(all, 'duration', priceOf)).toEqual(sortResults(all, 'quickest', priceOf));
    expect(sortResults(all, 'departure', priceOf)).toEqual(sortResults(all, 'earliest', priceOf));
  });

  it('weighs time against the price per traveller when several travel', () => {
    // For three, the quick flight costs ¥250 more each, less than the 3 hours (¥300) it saves.
    const slow = result('slow', { price: 150_000, minutes: 6 * 60, depart: '08:00' });
    const quick = result('quick', { price: 225_000, minutes: 3 * 60, depart: '08:00' });
    expect(ids(sortResults([slow, quick], 'best', priceOf, 3))).toEqual(['quick', 'slow']);
    expect(ids(sortResults([slow, quick], 'best', priceOf, 1))).toEqual(['slow', 'quick']);
  });

  it('weighs a train from the door with the taxis paid on the way, as a door-to-door plan’s price already holds its metro', () => {
    const leg = (kind: SearchResult['legs'][number]['kind'], yuan: number) =>
      ({ kind, price: { amount: yuan * 100, currency: 'CNY' } }) as SearchResult['legs'][number];
    // Lujiazui to Wangfujing: a taxi to the station, the train and a taxi to the door, the tickets ¥604.50
    // and ¥49.21 of taxis on the way; or the same kind of train with the metro into Beijing, ¥634.70 in all.
    const byTaxi = {
      ...result('train-and-taxis', { price: 60_450, minutes: 376, depart: '16:02' }),
      kind: 'train' as const,
      legs: [leg('taxi', 24.2), leg('land', 604.5), leg('taxi', 25.01)],
    };
    const byMetro = {
      ...result('train-and-metro', { price: 63_470, minutes: 373, depart: '16:02' }),
      kind: 'mix' as const,
      legs: [
        leg('taxi', 24.2),
        leg('land', 604.5),
        leg('lands', 0),
        leg('subway', 3),
        leg('subway', 3),
        leg('lands', 0),
      ],
    };
    expect(bestScore(byTaxi, priceOf)).toBe(60_450 + 4_921 + (376 * BEST_WEIGHTS.hourMinor) / 60);
    expect(bestScore(byMetro, priceOf)).toBe(63_470 + (373 * BEST_WEIGHTS.hourMinor) / 60);
    expect(ids(sortResults([byTaxi, byMetro], 'best', priceOf))).toEqual(['train-and-metro', 'train-and-taxis']);
    // The cheapest order stays the order of what is paid to us: the tickets.
    expect(ids(sortResults([byTaxi, byMetro], 'cheapest', priceOf))).toEqual(['train-and-taxis', 'train-and-metro']);
  });

  it('breaks ties by id so the order never flickers between renders', () => {
    const a = result('a', { price: 100, minutes: 60, depart: '08:00' });
    const b = result('b', { price: 100, minutes: 60, depart: '08:00' });
    expect(ids(sortResults([b, a], 'cheapest', priceOf))).toEqual(['a', 'b']);
  });

  it('does not change the list it is given', () => {
    const copy = [...all];
    sortResults(all, 'cheapest', priceOf);
    expect(all).toEqual(copy);
  });

  it('puts trains sold out in every class after every bookable result, in the same order among themselves', () => {
    const train = (id: string, p: Parameters<typeof result>[1], soldOut: boolean): SearchResult => {
      const r = result(id, p);
      const leg = { soldOut } as SearchResult['legs'][number];
      return { ...r, kind: 'train', legs: soldOut ? [leg] : [] };
    };
    const cheapSoldOut = train('cheap-sold-out', { price: 10_000, minutes: 60, depart: '05:00' }, true);
    const early = train('early', { price: 60_000, minutes: 300, depart: '07:00' }, false);
    const lateSoldOut = train('late-sold-out', { price: 20_000, minutes: 300, depart: '08:00' }, true);
    for (const sort of ['best', 'cheapest', 'quickest', 'earliest', 'departure', 'price'] as const)
      expect(ids(sortResults([lateSoldOut, cheapSoldOut, early, ...all], sort, priceOf)).slice(-2)).toEqual([
        'cheap-sold-out',
        'late-sold-out',
      ]);
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ price: fc.nat(100_000), minutes: fc.integer({ min: 30, max: 2000 }), out: fc.boolean() }),
          {
            maxLength: 12,
          },
        ),
        fc.constantFrom('best', 'cheapest', 'quickest', 'earliest', 'latest', 'duration'),
        (specs, sort) => {
          const list = specs.map((x, i) =>
            train(`r${i}`, { price: x.price, minutes: x.minutes, depart: '09:00' }, x.out),
          );
          const sorted = sortResults(list, sort, priceOf).map(isSoldOut);
          // Never a bookable result after a sold-out one.
          expect(sorted).toEqual([...sorted].sort((a, b) => Number(a) - Number(b)));
          // Among the bookable ones, the plain order.
          const bookable = list.filter((r) => !isSoldOut(r));
          expect(ids(sortResults(list, sort, priceOf).slice(0, bookable.length))).toEqual(
            ids(sortResults(bookable, sort, priceOf)),
          );
        },
      ),
    );
  });

  it('maps sorts between the railway view and the others', () => {
    expect(sortForView('best', true)).toBe('departure');
    expect(sortForView('cheapest', true)).toBe('price');
    expect(sortForView('duration', false)).toBe('quickest');
    expect(sortForView('latest', false)).toBe('latest');
  });
});
