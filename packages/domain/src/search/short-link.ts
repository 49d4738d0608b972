import { checkIsoDate, fromRequestDate, fromShortDate, toShortDate } from '../dates';
import {
  formatDoorLinkToken,
  formatDoorToken,
  type LinkDoor,
  parseDoorLinkToken,
  parseDoorToken,
} from '../places/door';
import { type PlaceTokenLookup, resolvePlaceToken } from '../places/place-token';
import { travellerProblem } from './criteria-rules';
import type { SearchCriteria } from './search.schema';
import {
  CABIN_CODES,
  type Cabin,
  MAX_MULTI_CITY_LEGS,
  normalizeCabin,
  TRIP_TYPES,
  type TripType,
} from './search-options';

export type ShortLinkContext<P> = {
  today: string;
  lookup: PlaceTokenLookup<P>;
  /** What a door token (`@39.9125N116.4105E~王府井`) stands for; without it a link with a door is invalid. */
  door?: (door: LinkDoor) => P | undefined;
};

export type ParsedShortLink<P> = {
  type: TripType;
  legs: { from: P; to: P; date: string /* yyyy-mm-dd */ }[];
  returnDate?: string;
  cabin: Cabin;
  adults: number;
  children: number;
  infants: number;
};

const COUNT = /^\d+$/;
const DEFAULT_EXTRAS = ['Y', 1, 0, 0] as const;

function count(s: string | undefined, fallback: number): number | null {
  if (s === undefined || s === '') return fallback;
  return COUNT.test(s) ? Number(s) : null;
}

/**
 * Reads a short search link (spec §4, §5): `routes[,cabin[,adults[,children[,infants]]]]`.
 * Routes are dash-separated: `from-to-date` is one-way, `from-to-date-return` a round trip, and more
 * parts are multi-city legs in groups of three. Dates are YYMMDD, real, and not before `ctx.today`;
 * a return is not before its departure and multi-city dates never go back. An empty extra takes its
 * default (Y, 1, 0, 0). Anything invalid in the link gives null; an invalid `ctx.today` throws RangeError.
 *
 * Place tokens (spec §5): three letters are a city code or an airport code (the lookup leaves railway
 * telecodes out: `VNP-SHA-261201` is rejected), four letters or digits a base-35 place code, Chinese
 * characters a name matched exactly, or by prefix only when exactly one place starts with it (a city
 * and its station of the same name count once). A door is `@` latitude N/S, longitude E/W and `~` its name
 * (`formatDoorLinkToken`), given to `ctx.door`.
 *
 * Rejections the spec does not list, kept because a search could not run on them:
 * - a leg from a place to itself, or from a door to the same point;
 * - more than five extras after the routes, a cabin that is not a cabin code, or a count that is not digits;
 * - travellers the search form refuses (no adult, more than 9, more than two children or one infant per adult);
 * - more multi-city legs than the form allows (`MAX_MULTI_CITY_LEGS`), or a route count that is not 3, 4 or a
 *   multiple of three.
 */
export function parseShortLink<P>(link: string, ctx: ShortLinkContext<P>): ParsedShortLink<P> | null {
  if (checkIsoDate(ctx.today) === null) {
    throw new RangeError(`today is not a yyyy-mm-dd date: ${ctx.today}`);
  }
  const parts = link.trim().split(',');
  if (parts.length > 1 + DEFAULT_EXTRAS.length) return null;
  const [routes = '', cabinCode = '', ...counts] = parts;

  const upperCabin = cabinCode === '' ? DEFAULT_EXTRAS[0] : cabinCode.toUpperCase();
  if (!(CABIN_CODES as readonly string[]).includes(upperCabin)) return null;
  const adults = count(counts[0], DEFAULT_EXTRAS[1]);
  const children = count(counts[1], DEFAULT_EXTRAS[2]);
  const infants = count(counts[2], DEFAULT_EXTRAS[3]);
  if (adults === null || children === null || infants === null) return null;
  if (travellerProblem(adults, children, infants) !== null) return null;

  const fields = routes.split('-');
  let type: TripType;
  let returnField: string | undefined;
  let groups: string[][];
  if (fields.length === 3) {
    type = TRIP_TYPES.ONE_WAY;
    groups = [fields];
  } else if (fields.length === 4) {
    type = TRIP_TYPES.ROUND_TRIP;
    groups = [fields.slice(0, 3)];
    returnField = fields[3];
  } else if (fields.length > 4 && fields.length % 3 === 0 && fields.length / 3 <= MAX_MULTI_CITY_LEGS) {
    type = TRIP_TYPES.MULTI_CITY;
    groups = [];
    for (let i = 0; i < fields.length; i += 3) groups.push(fields.slice(i, i + 3));
  } else {
    return null;
  }

  const legs: ParsedShortLink<P>['legs'] = [];
  let previous = ctx.today;
  for (const [fromToken = '', toToken = '', dateField = ''] of groups) {
    const date = fromShortDate(dateField);
    // Not before today, and for multi-city not before the previous leg.
    if (date === null || date < previous) return null;
    const from = end(fromToken, ctx);
    const to = end(toToken, ctx);
    if (from === undefined || to === undefined || from.same === to.same) return null;
    legs.push({ from: from.place, to: to.place, date });
    previous = date;
  }

  const parsed: ParsedShortLink<P> = { type, legs, cabin: normalizeCabin(upperCabin), adults, children, infants };
  if (returnField !== undefined) {
    const returnDate = fromShortDate(returnField);
    if (returnDate === null || returnDate < previous) return null;
    parsed.returnDate = returnDate;
  }
  return parsed;
}

/** One end of a leg, with what makes two ends the same: the place itself, or a door's point. */
function end<P>(token: string, ctx: ShortLinkContext<P>): { place: P; same: unknown } | undefined {
  if (token.startsWith('@')) {
    const door = parseDoorLinkToken(token);
    const place = door && ctx.door?.(door);
    return door && place !== undefined && place !== null ? { place, same: formatDoorToken(door) } : undefined;
  }
  const place = resolvePlaceToken(token, ctx.lookup);
  return place === undefined ? undefined : { place, same: place };
}

/**
 * The short link of a trip: place tokens as given, dates 'yyyy-mm-dd' as YYMMDD, and only as many
 * extras as needed to carry the non-default ones. One leg with `returnDate` is a round trip.
 * Throws RangeError for no legs, a return date on a multi-city trip, or a date outside 2000-2099.
 */
export function buildShortLink(p: {
  legs: { from: string; to: string; date: string }[];
  returnDate?: string;
  cabin?: string;
  adults?: number;
  children?: number;
  infants?: number;
}): string {
  if (p.legs.length === 0) throw new RangeError('a short link needs at least one leg');
  if (p.returnDate !== undefined && p.legs.length > 1) throw new RangeError('only a single leg can have a return date');

  const routes = p.legs.flatMap((leg) => [leg.from, leg.to, toShortDate(leg.date)]);
  if (p.returnDate !== undefined) routes.push(toShortDate(p.returnDate));

  const extras = [
    p.cabin ?? DEFAULT_EXTRAS[0],
    p.adults ?? DEFAULT_EXTRAS[1],
    p.children ?? DEFAULT_EXTRAS[2],
    p.infants ?? DEFAULT_EXTRAS[3],
  ];
  let needed = extras.length;
  while (needed > 0 && extras[needed - 1] === DEFAULT_EXTRAS[needed - 1]) needed--;
  return [routes.join('-'), ...extras.slice(0, needed)].join(',');
}

/**
 * The short link of search criteria, or null when a short link cannot carry them (a flexible search, one
 * mode only, or a place token that is neither a place code nor a door). A whole city goes by its city
 * code (`BJS-SHA-261201`), a single airport or station by its place code, a door by its point and name.
 * Sort and filters are the reader's view, not the trip, and stay out as in a search link.
 */
export function shortLinkOf(c: SearchCriteria): string | null {
  if (c.flexDays !== 0 || c.mode !== 'all') return null;
  const tokenOf = (token: string, name: string | undefined, cityCode: string | undefined, onlyThis: boolean) => {
    const door = parseDoorToken(token);
    if (door) return formatDoorLinkToken({ ...door, name: name ?? '' });
    if (!onlyThis && cityCode && /^[A-Z]{3}$/.test(cityCode)) return cityCode;
    return /^[A-Za-z0-9]{4}$/.test(token) ? token : null;
  };
  const legs: { from: string; to: string; date: string }[] = [];
  for (const leg of c.legs) {
    const from = tokenOf(leg.departure, leg.departureName, leg.departureCityCode, leg.departure_only_airport);
    const to = tokenOf(leg.destination, leg.destinationName, leg.destinationCityCode, leg.destination_only_airport);
    const date = fromRequestDate(leg.departure_date);
    if (!from || !to || !date) return null;
    legs.push({ from, to, date });
  }
  const back = c.legs[0]?.return_date;
  const returnDate = c.type === TRIP_TYPES.ROUND_TRIP && back ? fromRequestDate(back) : undefined;
  if (returnDate === null) return null;
  const shape =
    c.type === TRIP_TYPES.ONE_WAY
      ? legs.length === 1
      : c.type === TRIP_TYPES.ROUND_TRIP
        ? legs.length === 1 && returnDate !== undefined
        : legs.length > 1;
  if (!shape) return null;
  try {
    return buildShortLink({
      legs,
      ...(returnDate ? { returnDate } : {}),
      cabin: c.cabin,
      adults: c.adults,
      children: c.children,
      infants: c.infants,
    });
  } catch {
    return null;
  }
}
