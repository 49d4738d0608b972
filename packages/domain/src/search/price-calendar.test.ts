import { describe, expect, it } from 'vitest';
import { cheapestDay, priceCalendar } from './price-calendar';
import type { SearchResult } from './search.schema';

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

  it('leaves out a train sold out in every class: nobody can buy its fare that day', () => {
    const soldOut = {
      ...result('sold-out', '2030/05/01', 100),
      kind: 'train',
      legs: [{ soldOut: true }],
    } as unknown as SearchResult;
    const days = priceCalendar([soldOut, result('open', '2030/05/01', 500)], '2030/05/01', 0, priceOf);
    expect(days.map((d) => d.cheapest?.id)).toEqual(['open']);
    expect(priceCalendar([soldOut], '2030/05/01', 0, priceOf)[0]?.cheapest).toBeNull();
  });

  it('has no cheapest day when nothing is priced', () => {
    expect(cheapestDay(priceCalendar([], '2030/05/02', 1, priceOf), priceOf)).toBeNull();
  });
});
