import { addDays, checkIsoDate, fromRequestDate } from '../dates';
import type { ErrorName } from '../errors';
import type { SearchCriteria } from './search.schema';
import {
  MAX_CHILDREN_PER_ADULT,
  MAX_DAYS_AHEAD,
  MAX_INFANTS_PER_ADULT,
  MAX_MULTI_CITY_LEGS,
  MAX_TRAVELLERS,
  TRIP_TYPES,
} from './search-options';

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

/** A place as the same-place rule sees it: its id or place token, its city's code, and whether it is the whole city. */
export type SamePlaceRef = { id: number | string; cityCode?: string; wholeCity: boolean };

const isDoorRef = (r: SamePlaceRef) => (typeof r.id === 'number' ? r.id < 0 : r.id.trim().startsWith('@'));
const idKey = (id: number | string) => (typeof id === 'number' ? String(id) : id.trim().toUpperCase());

/**
 * The one rule for "departure and destination are the same place" (error 3104): the same place, or two
 * places of one city when either stands for the whole city (Beijing → Beijing South). Two airports of
 * one city (PEK → PKX) are different places. City codes are unique (data/SOURCES.md).
 */
export function isSamePlace(a: SamePlaceRef, b: SamePlaceRef): boolean {
  if (idKey(a.id) === idKey(b.id)) return true;
  // A door (an address or a pin: token `@lat,lon`, negative id in the form) is a point, never its whole city.
  if (isDoorRef(a) || isDoorRef(b)) return false;
  const city = a.cityCode?.trim().toUpperCase();
  return Boolean(city) && city === b.cityCode?.trim().toUpperCase() && (a.wholeCity || b.wholeCity);
}

/**
 * The first rule the criteria break, or null. `today` is 'yyyy-mm-dd' in the traveller's calendar.
 * Checked in this order: travellers, leg count for the trip type, well-formed dates, departures not
 * in the past, no date (departure or return) more than MAX_DAYS_AHEAD days ahead, a round trip's
 * return date present and not before departure, multi-city departures in order, and each leg
 * between two different places.
 */
export function criteriaProblem(c: SearchCriteria, today: string): ErrorName | null {
  if (checkIsoDate(today) === null) throw new RangeError(`today is not a yyyy-mm-dd date: ${today}`);

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

  const ends = (leg: SearchCriteria['legs'][number]) =>
    [
      { id: leg.departure, cityCode: leg.departureCityCode, wholeCity: !leg.departure_only_airport },
      { id: leg.destination, cityCode: leg.destinationCityCode, wholeCity: !leg.destination_only_airport },
    ] as const;
  if (c.legs.some((leg) => isSamePlace(...ends(leg)))) return 'SAME_PLACE';
  return null;
}
