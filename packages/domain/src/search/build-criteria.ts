import { type IsoDate, toRequestDate } from '../dates';
import { formatDoorToken } from '../places/door';
import { encodePlaceCode } from '../places/place-code';
import type { SearchCriteria, SearchLeg } from './search.schema';
import { type Cabin, type SearchMode, type Sort, TRIP_TYPES, type TripType } from './search-options';

/** A place as criteria carry it: what the form picked, or what a short link named. */
export type CriteriaPlaceInput = {
  id: number;
  /** In the traveller's language. */
  name: string;
  cityCode: string;
  /** Only this airport or station (spec §3 departureOnlyAirport), not its whole city. */
  onlyThis: boolean;
  /** The line under the name in the multi-city form (spec §3): a city's country, an airport's city. */
  belowName?: string;
  /** A door (an address, a landmark, a pin): criteria carry its point and name, not a place id. */
  door?: { lat: number; lon: number };
};

/** The place token of criteria: a door's `@lat,lon`, or the base-35 place code. */
const tokenOf = (p: CriteriaPlaceInput): string => (p.door ? formatDoorToken(p.door) : encodePlaceCode(p.id));

export type CriteriaDraft = {
  type: TripType;
  legs: readonly { from: CriteriaPlaceInput; to: CriteriaPlaceInput; date: IsoDate }[];
  /** Round trip only. */
  returnDate?: IsoDate;
  cabin?: Cabin;
  adults?: number;
  children?: number;
  infants?: number;
  mode?: SearchMode;
  flexDays?: number;
  sort?: Sort;
};

/**
 * The one way to search criteria (spec §3) from places and dates, used by the home form, short links and
 * the server: place codes, request dates, the backend names, and the below-names on multi-city legs only.
 * A return date belongs to a round trip's leg; missing options take the spec's defaults.
 */
export function buildCriteria(draft: CriteriaDraft): SearchCriteria {
  const multiCity = draft.type === TRIP_TYPES.MULTI_CITY;
  const legs = draft.legs.map(({ from, to, date }, i): SearchLeg => {
    const leg: SearchLeg = {
      departure: tokenOf(from),
      destination: tokenOf(to),
      departure_date: toRequestDate(date),
      departure_only_airport: from.onlyThis,
      destination_only_airport: to.onlyThis,
      departureName: from.name,
      destinationName: to.name,
      departureCityCode: from.cityCode,
      destinationCityCode: to.cityCode,
    };
    if (i === 0 && draft.type === TRIP_TYPES.ROUND_TRIP && draft.returnDate) {
      leg.return_date = toRequestDate(draft.returnDate);
    }
    if (multiCity) {
      if (from.belowName) leg.departureBelowName = from.belowName;
      if (to.belowName) leg.destinationBelowName = to.belowName;
    }
    return leg;
  });
  return {
    type: draft.type,
    cabin: draft.cabin ?? 'Y',
    adults: draft.adults ?? 1,
    children: draft.children ?? 0,
    infants: draft.infants ?? 0,
    sort: draft.sort ?? 'best',
    mode: draft.mode ?? 'all',
    flexDays: draft.flexDays ?? 0,
    filters: {},
    legs,
  };
}
