import type { SearchResult } from '@junction/domain';
import { describe, expect, it } from 'vitest';
import { cheapestDay, priceCalendar } from './price-calendar';

const result = (id: string, date: string, amount: number) =>
  ({ id, date, price: { amount, currency: 'CNY' } }) as SearchResult;
const priceOf = (r: SearchResult) => r.price.amount;

describe('price calendar', () => {
  it('lists every date of the flexible window with its cheapest result', () => {
    const days = priceCalendar(
      [result('a', '2030/05/01', 900), result('b', '2030/05/01', 700), result('c', '2030/05/03', 650)],
      '2030/05/02',
      1,
      priceOf,
    );
    expect(days.map((d) => [d.date, d.cheapest?.id ?? null])).toEqual([
      ['2030/05/01', 'b'],
      ['2030/05/02', null],
      ['2030/05/03', 'c'],
    ]);
    expect(cheapestDay(days, priceOf)).toBe('2030/05/03');
  });

  it('adds a date with results outside the window and crosses month ends', () => {
    const days = priceCalendar([result('x', '2030/06/05', 1)], '2030/05/31', 1, priceOf);
    expect(days.map((d) => d.date)).toEqual(['2030/05/30', '2030/05/31', '2030/06/01', '2030/06/05']);
  });

  it('has no cheapest day when nothing is priced', () => {
    expect(cheapestDay(priceCalendar([], '2030/05/02', 1, priceOf), priceOf)).toBeNull();
  });
});
