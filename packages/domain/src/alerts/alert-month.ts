import { addDays, daysBetween, fromRequestDate, type IsoDate, toRequestDate } from '../dates';
import type { SearchCriteria } from '../search/search.schema';
import { packSearchLink } from '../search/search-link';
import { unpackSearchLink } from '../search/unpack-search-link';

/**
 * A price alert over a flexible month ("any day in March"): the search of its link made on each day of the
 * month, a round trip keeping its length, and the lowest of those days watched. Months are `yyyy/MM`, as
 * the month of fares names them; days are `yyyy-mm-dd`.
 */

/** The month `yyyy/MM` of a request date `yyyy/MM/dd`. */
export const monthOfDate = (requestDate: string): string => requestDate.slice(0, 7);

/** The first and last days of a month `yyyy/MM`. */
export function monthBounds(month: string): { first: IsoDate; last: IsoDate } {
  const year = Number(month.slice(0, 4));
  const number = Number(month.slice(5, 7));
  const first = `${month.slice(0, 4)}-${month.slice(5, 7)}-01`;
  const next = number === 12 ? `${year + 1}-01-01` : `${month.slice(0, 4)}-${String(number + 1).padStart(2, '0')}-01`;
  return { first, last: addDays(next, -1) };
}

/** The days of a month still to come on `today` (today included), in order; none once the month has passed. */
export function daysLeftInMonth(month: string, today: IsoDate): IsoDate[] {
  const { first, last } = monthBounds(month);
  const days: IsoDate[] = [];
  for (let day = first < today ? today : first; day <= last; day = addDays(day, 1)) days.push(day);
  return days;
}

/** The criteria moved to leave on `day`: every leg shifted by the same days, so a round trip keeps its length. */
export function criteriaOnDay(criteria: SearchCriteria, day: IsoDate): SearchCriteria {
  const leaves = fromRequestDate(criteria.legs[0]?.departure_date ?? '');
  if (!leaves) return criteria;
  const shift = daysBetween(leaves, day);
  const moved = (date: string) => {
    const iso = fromRequestDate(date);
    return iso ? toRequestDate(addDays(iso, shift)) : date;
  };
  return {
    ...criteria,
    legs: criteria.legs.map((leg) => ({
      ...leg,
      departure_date: moved(leg.departure_date),
      ...(leg.return_date ? { return_date: moved(leg.return_date) } : {}),
    })),
  };
}

/** The search link of an alert's link moved to leave on `day` (the link itself when it is no search). */
export function linkOnDay(link: string, day: IsoDate): string {
  const criteria = unpackSearchLink(link);
  return criteria ? packSearchLink(criteriaOnDay(criteria, day)) : link;
}

/**
 * The lowest price of a month's days and the first day it is on sale at that price; a null price (and
 * day) when nothing is on sale on any of them.
 */
export function lowestOfMonth(days: readonly { day: IsoDate; lowestMinor: number | null }[]): {
  day: IsoDate | null;
  lowestMinor: number | null;
} {
  let best: { day: IsoDate | null; lowestMinor: number | null } = { day: null, lowestMinor: null };
  for (const d of days) {
    if (d.lowestMinor === null) continue;
    const lower = best.lowestMinor === null || d.lowestMinor < best.lowestMinor;
    const earlierTie = d.lowestMinor === best.lowestMinor && best.day !== null && d.day < best.day;
    if (lower || earlierTie) best = { day: d.day, lowestMinor: d.lowestMinor };
  }
  return best;
}
