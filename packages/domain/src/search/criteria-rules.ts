import type { ErrorName } from '../errors';
import {
  MAX_CHILDREN_PER_ADULT,
  MAX_DAYS_AHEAD,
  MAX_INFANTS_PER_ADULT,
  MAX_MULTI_CITY_LEGS,
  MAX_TRAVELLERS,
  type SearchCriteria,
  TRIP_TYPES,
} from './search.schema';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const REQUEST_DATE = /^(\d{4})\/(\d{2})\/(\d{2})$/;
const DAY_MS = 86_400_000;

function isCalendarDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** 'yyyy-mm-dd' when `iso` is a real calendar date in that form, else null. */
function checkedIso(iso: string): string | null {
  const m = ISO_DATE.exec(iso);
  return m && isCalendarDate(Number(m[1]), Number(m[2]), Number(m[3])) ? iso : null;
}

function addDays(iso: string, days: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d) + days * DAY_MS).toISOString().slice(0, 10);
}

/** A 'yyyy-mm-dd' date in the request form 'yyyy/MM/dd' (spec §7). Throws RangeError when `iso` is not 'yyyy-mm-dd'. */
export function toRequestDate(iso: string): string {
  if (!ISO_DATE.test(iso)) throw new RangeError(`not a yyyy-mm-dd date: ${iso}`);
  return iso.replaceAll('-', '/');
}

/** The 'yyyy-mm-dd' date of a request date 'yyyy/MM/dd', or null when it is not a real calendar date. */
export function fromRequestDate(s: string): string | null {
  const m = REQUEST_DATE.exec(s);
  return m ? checkedIso(`${m[1]}-${m[2]}-${m[3]}`) : null;
}

/**
 * Spec §5 and §9: at least one adult, at most nine travellers, and each adult brings at most two
 * children and one infant.
 */
export function travellerProblem(adults: number, children: number, infants: number): ErrorName | null {
  if (adults < 1) return 'NO_ADULT';
  if (adults + children + infants > MAX_TRAVELLERS) return 'TOO_MANY_TRAVELLERS';
  if (children > MAX_CHILDREN_PER_ADULT * adults) return 'TOO_MANY_CHILDREN';
  if (infants > MAX_INFANTS_PER_ADULT * adults) return 'TOO_MANY_INFANTS';
  return null;
}

const samePlace = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();

/**
 * The first rule the criteria break, or null. `today` is 'yyyy-mm-dd' in the traveller's calendar.
 * Checked in this order: travellers, leg count for the trip type, well-formed dates, departures not
 * in the past, no date (departure or return) more than MAX_DAYS_AHEAD days ahead, a round trip's
 * return date present and not before departure, multi-city departures in order, and each leg
 * between two different places.
 */
export function criteriaProblem(c: SearchCriteria, today: string): ErrorName | null {
  if (checkedIso(today) === null) throw new RangeError(`today is not a yyyy-mm-dd date: ${today}`);

  const travellers = travellerProblem(c.adults, c.children, c.infants);
  if (travellers) return travellers;

  const legCount = c.legs.length;
  if (c.type === TRIP_TYPES.MULTI_CITY ? legCount < 2 || legCount > MAX_MULTI_CITY_LEGS : legCount !== 1) {
    return 'LEG_COUNT';
  }

  const departures: string[] = [];
  const returns: string[] = [];
  for (const leg of c.legs) {
    const departure = fromRequestDate(leg.departure_date);
    if (departure === null) return 'VALIDATION_FAILED';
    departures.push(departure);
    if (leg.return_date !== undefined) {
      const back = fromRequestDate(leg.return_date);
      if (back === null) return 'VALIDATION_FAILED';
      if (c.type === TRIP_TYPES.ROUND_TRIP) returns.push(back);
    }
  }

  if (departures.some((d) => d < today)) return 'DATE_IN_PAST';
  const lastOnSale = addDays(today, MAX_DAYS_AHEAD);
  if ([...departures, ...returns].some((d) => d > lastOnSale)) return 'DATE_TOO_FAR';

  if (c.type === TRIP_TYPES.ROUND_TRIP) {
    const back = returns[0];
    if (back === undefined) return 'VALIDATION_FAILED';
    if (back < (departures[0] as string)) return 'RETURN_BEFORE_DEPARTURE';
  }

  if (departures.some((d, i) => i > 0 && d < (departures[i - 1] as string))) return 'LEG_ORDER';

  if (c.legs.some((leg) => samePlace(leg.departure, leg.destination))) return 'SAME_PLACE';
  return null;
}
