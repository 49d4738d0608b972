import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cheapestDay, priceCalendar } from './price-calendar';
import type { SearchResult } from './search.schema';
import { RESULT_KINDS, type ResultKind } from './search-options';

const result = (id: string, date: string, amount: number, kind: ResultKind = 'flight') =>
  ({ id, kind, date, legs: [], price: { amount, currency: 'CNY' } }) as unknown as SearchResult;
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

  it('marks no day when two share the lowest price, as the same train every day does', () => {
    const days = priceCalendar(
      [result('mon', '2030/05/01', 10_000), result('tue', '2030/05/02', 10_000), result('wed', '2030/05/03', 72_900)],
      '2030/05/02',
      1,
      priceOf,
    );
    expect(cheapestDay(days, priceOf)).toBeNull();
  });

  it('has no cheapest day when nothing is priced', () => {
    expect(cheapestDay(priceCalendar([], '2030/05/02', 1, priceOf), priceOf)).toBeNull();
  });

  it('gives each kind its own lowest: a 14-hour hard seat does not hide the flights and plans of the day', () => {
    const days = priceCalendar(
      [
        result('hard-seat', '2030/05/01', 19_250, 'train'),
        result('g-train', '2030/05/01', 59_950, 'train'),
        result('flight', '2030/05/01', 73_000, 'flight'),
        result('plan', '2030/05/01', 55_500, 'mix'),
        result('flight-next', '2030/05/02', 64_000, 'flight'),
      ],
      '2030/05/01',
      1,
      priceOf,
    );
    const first = days.find((d) => d.date === '2030/05/01');
    expect(first?.cheapest?.id).toBe('hard-seat');
    expect(first?.lowest.train?.id).toBe('hard-seat');
    expect(first?.lowest.flight?.id).toBe('flight');
    expect(first?.lowest.mix?.id).toBe('plan');
    expect(days.find((d) => d.date === '2030/05/02')?.lowest).toEqual({
      flight: expect.objectContaining({ id: 'flight-next' }),
    });
  });

  it('has, every day and for every kind, the lowest price of that day and kind, and the day’s cheapest of all', () => {
    const dates = ['2030/05/01', '2030/05/02', '2030/05/03'];
    const anyResult = fc.record({
      date: fc.constantFrom(...dates),
      kind: fc.constantFrom(...RESULT_KINDS),
      amount: fc.integer({ min: 500, max: 500_000 }),
      soldOut: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(anyResult, { maxLength: 40 }), (drawn) => {
        const results = drawn.map((d, i) => ({
          ...result(`r${i}`, d.date, d.amount, d.kind),
          legs: d.soldOut && d.kind === 'train' ? [{ soldOut: true }] : [],
        })) as unknown as SearchResult[];
        const days = priceCalendar(results, '2030/05/02', 1, priceOf);
        expect(days.map((d) => d.date)).toEqual(dates);
        const buyable = (r: SearchResult) => !(r.kind === 'train' && r.legs.some((l) => l.soldOut));
        for (const day of days) {
          const ofDay = results.filter((r) => r.date === day.date && buyable(r));
          for (const kind of RESULT_KINDS) {
            const prices = ofDay.filter((r) => r.kind === kind).map(priceOf);
            expect(day.lowest[kind] ? priceOf(day.lowest[kind] as SearchResult) : undefined).toBe(
              prices.length > 0 ? Math.min(...prices) : undefined,
            );
          }
          expect(day.cheapest ? priceOf(day.cheapest) : null).toBe(
            ofDay.length > 0 ? Math.min(...ofDay.map(priceOf)) : null,
          );
        }
        const best = cheapestDay(days, priceOf);
        const all = results.filter(buyable).map(priceOf);
        const lowest = Math.min(...all);
        const atLowest = days.filter((d) => d.cheapest && priceOf(d.cheapest) === lowest);
        // One day at the lowest price is marked; none when no day has a price or two share it.
        if (atLowest.length !== 1) expect(best).toBeNull();
        else expect(best).toBe(atLowest[0]?.date);
      }),
    );
  });
});
