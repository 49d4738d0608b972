import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, fromRequestDate, toRequestDate, utcDateOf } from '../dates';
import { type SearchCriteria, searchCriteriaSchema } from '../search/search.schema';
import { packSearchLink } from '../search/search-link';
import { unpackSearchLink } from '../search/unpack-search-link';
import { criteriaOnDay, daysLeftInMonth, linkOnDay, lowestOfMonth, monthBounds, monthOfDate } from './alert-month';

const day = fc
  .date({ min: new Date('2026-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true })
  .map(utcDateOf);
const month = day.map((d) => monthOfDate(toRequestDate(d)));

const roundTrip = (leaves: string, back: string): SearchCriteria =>
  searchCriteriaSchema.parse({
    type: 2,
    legs: [{ departure: 'BJS', destination: 'SHA', departure_date: leaves, return_date: back }],
  });

describe('the days of an alert over a month', () => {
  it('are every day of the month from today on, in order, and none once it has passed', () => {
    fc.assert(
      fc.property(month, day, (m, today) => {
        const { first, last } = monthBounds(m);
        const days = daysLeftInMonth(m, today);
        if (today > last) {
          expect(days).toEqual([]);
          return;
        }
        const start = today > first ? today : first;
        expect(days[0]).toBe(start);
        expect(days.at(-1)).toBe(last);
        expect(days).toHaveLength(daysBetween(start, last) + 1);
        days.forEach((d, i) => {
          expect(monthOfDate(toRequestDate(d))).toBe(m);
          if (i > 0) expect(addDays(days[i - 1] as string, 1)).toBe(d);
        });
      }),
    );
  });

  it('know the months’ lengths, February of a leap year included', () => {
    expect(monthBounds('2028/02')).toEqual({ first: '2028-02-01', last: '2028-02-29' });
    expect(monthBounds('2027/02').last).toBe('2027-02-28');
    expect(monthBounds('2026/12')).toEqual({ first: '2026-12-01', last: '2026-12-31' });
  });
});

describe('a search moved to another day of the month', () => {
  it('leaves that day and keeps a round trip’s length, and its link unpacks to the same', () => {
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 20 }), day, (leaves, length, to) => {
        const criteria = roundTrip(toRequestDate(leaves), toRequestDate(addDays(leaves, length)));
        const moved = criteriaOnDay(criteria, to);
        const leg = moved.legs[0];
        expect(leg?.departure_date).toBe(toRequestDate(to));
        expect(daysBetween(to, fromRequestDate(leg?.return_date ?? '') ?? '')).toBe(length);
        expect(unpackSearchLink(linkOnDay(packSearchLink(criteria), to))).toEqual(moved);
      }),
    );
  });
});

describe('the lowest of a month', () => {
  it('is the lowest price on sale on any day, on the first day it is found, and none when nothing is on sale', () => {
    const prices = fc.array(fc.option(fc.integer({ min: 1, max: 50 }), { nil: null }), { maxLength: 31 });
    fc.assert(
      fc.property(prices, (minors) => {
        const days = minors.map((lowestMinor, i) => ({ day: addDays('2027-03-01', i), lowestMinor }));
        const found = lowestOfMonth(days);
        const onSale = days.filter((d) => d.lowestMinor !== null);
        if (onSale.length === 0) {
          expect(found).toEqual({ day: null, lowestMinor: null });
          return;
        }
        const lowest = Math.min(...onSale.map((d) => d.lowestMinor as number));
        expect(found).toEqual({ day: onSale.find((d) => d.lowestMinor === lowest)?.day, lowestMinor: lowest });
      }),
    );
  });
});
