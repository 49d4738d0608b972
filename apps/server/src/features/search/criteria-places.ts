import {
  AppError,
  addDays,
  buildCriteria,
  type CriteriaPlace,
  type CriteriaPlaceInput,
  criteriaProblem,
  distanceKm,
  doorIdOf,
  formatDoorToken,
  fromRequestDate,
  inLanguage,
  isSamePlace,
  type Language,
  type LinkDoor,
  type LocalText,
  nameIn,
  normalizeCabin,
  type PlaceTokenLookup,
  parseDoorToken,
  parseShortLink,
  resolvePlaceToken,
  type SearchCriteria,
  TRIP_TYPES,
} from '@junction/domain';
import type { RawPlace, Refdata } from '@junction/refdata';
import type { Bound, DoorPoint, SupplierRequest } from './suppliers/supplier';

/** Two doors closer than this are one place. */
const SAME_DOOR_KM = 0.2;

/** A journey of the request from one leg of the criteria. */
const bound = (date: string, l: Pick<Bound, 'from' | 'to' | 'fromOnly' | 'toOnly' | 'fromDoor' | 'toDoor'>): Bound => ({
  date,
  from: l.from,
  to: l.to,
  fromOnly: l.fromOnly,
  toOnly: l.toOnly,
  ...(l.fromDoor ? { fromDoor: l.fromDoor } : {}),
  ...(l.toDoor ? { toDoor: l.toDoor } : {}),
});

/** Looks places up for the place-token rules of spec §5: cities before airports before stations. */
export function placeLookup(refdata: Refdata): PlaceTokenLookup<RawPlace> {
  const order = { city: 0, airport: 1, station: 2 } as const;
  const byKind = (list: RawPlace[]) => [...list].sort((a, b) => order[a.kind] - order[b.kind] || b.rank - a.rank);
  // A city and its station of the very same name (拉萨, 拉萨站 listed as 拉萨) are one candidate, the city;
  // any other two places are two candidates, so 上海虹 (上海虹桥 and its airport) names none.
  const sameNameOnce = (list: RawPlace[]) => {
    const seen = new Map<string, RawPlace>();
    for (const p of byKind(list)) {
      const key = `${p.cityId ?? p.id}:${p.nameZh}`;
      if (!seen.has(key)) seen.set(key, p);
    }
    return [...seen.values()];
  };
  return {
    byId: (id) => refdata.places.get(id),
    // Spec §5: three letters are a city code or an airport code; railway telecodes are not place tokens.
    byCode: (code) =>
      refdata.places
        .findByCode(code)
        .find((p) => (p.kind === 'city' && p.cityCode === code.toUpperCase()) || p.kind === 'airport'),
    byZhName: (name) => byKind(refdata.places.findByZh(name, false)),
    byZhPrefix: (prefix) => sameNameOnce(refdata.places.findByZh(prefix, true)),
  };
}

/**
 * Criteria read against the place data: the places and doors their tokens name, the journeys they ask
 * suppliers for, and the criteria a short link stands for.
 */
export class CriteriaPlaces {
  private readonly lookup: PlaceTokenLookup<RawPlace>;

  constructor(
    private readonly refdata: Refdata,
    /** A door's name in both languages from its point and the name given; else the name as given. */
    private readonly doorNames: ((point: { lat: number; lon: number }, given?: string) => LocalText) | undefined,
    /** Today where prices are set and days counted. */
    private readonly today: () => string,
  ) {
    this.lookup = placeLookup(refdata);
  }

  private place(token: string): RawPlace {
    const place = resolvePlaceToken(token, this.lookup);
    if (!place) throw new AppError('PLACE_UNKNOWN');
    return place;
  }

  /**
   * One end of a journey: a place of the place data, or a door (`@lat,lon` with its name) in the city
   * nearest to it, from where flights and trains go.
   */
  private end(token: string, name: string | undefined): { place: RawPlace; door?: DoorPoint } {
    const point = parseDoorToken(token);
    if (!point) return { place: this.place(token) };
    const city = this.refdata.places.nearestCity(point, Number.POSITIVE_INFINITY);
    if (!city) throw new AppError('PLACE_UNKNOWN');
    return { place: city, door: { ...point, name: this.doorName(point, name) } };
  }

  /** A door's name in both languages: as the gazetteer names it, else as given, else its point. */
  private doorName(point: { lat: number; lon: number }, given: string | undefined): LocalText {
    const names = this.doorNames?.(point, given);
    if (names) return names;
    const label = given?.trim() || formatDoorToken(point);
    return { en: label, 'zh-CN': label };
  }

  /**
   * The place a criteria token names, in both languages; null when it names none. A door is named as the
   * gazetteer names its point (a landmark, or a pin near one).
   */
  placeOf(token: string): CriteriaPlace | null {
    const point = parseDoorToken(token);
    if (point) return { id: doorIdOf(point), kind: 'door', code: '', name: this.doorName(point, undefined) };
    const place = resolvePlaceToken(token, this.lookup);
    if (!place) return null;
    return {
      id: place.id,
      kind: place.kind,
      code: place.code,
      name: { en: place.nameEn, 'zh-CN': place.nameZh || place.nameEn },
    };
  }

  /** The journeys of the criteria, checked against the places and the rules. */
  request(criteria: SearchCriteria): SupplierRequest {
    const problem = criteriaProblem(criteria, this.today());
    if (problem) throw new AppError(problem);
    const legs = criteria.legs.map((leg) => {
      const { place: from, door: fromDoor } = this.end(leg.departure, leg.departureName);
      const { place: to, door: toDoor } = this.end(leg.destination, leg.destinationName);
      const ref = (p: RawPlace) => ({ id: p.id, cityCode: p.cityCode, wholeCity: p.kind === 'city' });
      if (fromDoor || toDoor) {
        // A door is the same place as another only when they are next to each other.
        if (fromDoor && toDoor && distanceKm(fromDoor, toDoor) < SAME_DOOR_KM) throw new AppError('SAME_PLACE');
      } else if (isSamePlace(ref(from), ref(to))) throw new AppError('SAME_PLACE');
      return {
        from,
        to,
        fromDoor,
        toDoor,
        fromOnly: leg.departure_only_airport,
        toOnly: leg.destination_only_airport,
        date: fromRequestDate(leg.departure_date) as string,
        returnDate: leg.return_date ? (fromRequestDate(leg.return_date) ?? undefined) : undefined,
      };
    });
    const first = legs[0] as (typeof legs)[number];
    const bounds: Bound[] =
      criteria.type === TRIP_TYPES.ROUND_TRIP && first.returnDate
        ? [
            bound(first.date, first),
            bound(first.returnDate, {
              from: first.to,
              to: first.from,
              fromOnly: first.toOnly,
              toOnly: first.fromOnly,
              fromDoor: first.toDoor,
              toDoor: first.fromDoor,
            }),
          ]
        : legs.map((l) => bound(l.date, l));
    const today = this.today();
    // A flexible search shifts the whole trip by up to ±n days, keeping the days between its journeys.
    const offsets = [0];
    for (let d = 1; d <= criteria.flexDays; d++) offsets.push(-d, d);
    const trips = offsets
      .map((d) => ({ date: addDays(first.date, d), bounds: bounds.map((b) => ({ ...b, date: addDays(b.date, d) })) }))
      .filter((t) => t.date >= today);
    return {
      cabin: normalizeCabin(criteria.cabin),
      party: { adults: criteria.adults, children: criteria.children, infants: criteria.infants },
      today,
      trips,
    };
  }

  /**
   * The criteria a short link stands for (spec §5), with place codes and names filled in; PLACE_UNKNOWN
   * when the link is invalid (spec: an invalid link yields no result).
   */
  fromLink(link: string, language: Language): SearchCriteria {
    type End = RawPlace | { door: LinkDoor; city: RawPlace };
    const parsed = parseShortLink<End>(link, {
      today: this.today(),
      lookup: this.lookup,
      // A door goes with the city nearest to it, from where flights and trains go (as `end` does).
      door: (door) => {
        const city = this.refdata.places.nearestCity(door, Number.POSITIVE_INFINITY);
        return city ? { door, city } : undefined;
      },
    });
    if (!parsed) throw new AppError('VALIDATION_FAILED');
    const countries = new Map(this.refdata.countries.map((c) => [c.code, c]));
    const criteriaPlace = (p: End): CriteriaPlaceInput => {
      if ('door' in p) {
        const point = { lat: p.door.lat, lon: p.door.lon };
        return {
          id: doorIdOf(point),
          name: inLanguage(this.doorName(point, p.door.name), language),
          cityCode: p.city.cityCode,
          onlyThis: true,
          belowName: nameIn(p.city, language),
          door: point,
        };
      }
      const city = p.cityId === undefined ? undefined : this.refdata.places.get(p.cityId);
      const country = countries.get(p.country);
      const below = city ?? country;
      return {
        id: p.id,
        name: nameIn(p, language),
        cityCode: p.cityCode,
        onlyThis: p.kind !== 'city',
        ...(below ? { belowName: nameIn(below, language) } : {}),
      };
    };
    return buildCriteria({
      type: parsed.type,
      legs: parsed.legs.map((l) => ({ from: criteriaPlace(l.from), to: criteriaPlace(l.to), date: l.date })),
      returnDate: parsed.returnDate,
      cabin: parsed.cabin,
      adults: parsed.adults,
      children: parsed.children,
      infants: parsed.infants,
    });
  }
}
