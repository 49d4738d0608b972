import {
  addDays,
  buildCriteria,
  type Cabin,
  criteriaProblem,
  daysBetween,
  decodePlaceCode,
  doorIdOf,
  type ErrorName,
  fromRequestDate,
  isSamePlace,
  MAX_DAYS_AHEAD,
  MAX_FLEX_DAYS,
  MAX_MULTI_CITY_LEGS,
  normalizeCabin,
  parseDoorToken,
  SEARCH_MODES,
  type SearchCriteria,
  type SearchMode,
  TRIP_TYPES,
  type TripType,
  travellerProblem,
} from '@junction/domain';
import { storage } from '../../../../shared/lib/storage';
import type { PickedPlace } from '../../../../widgets/place-picker/place-picker';

/** One leg as the form holds it; dates are 'yyyy-mm-dd'. */
export type LegDraft = { id: string; from?: PickedPlace; to?: PickedPlace; date?: string };

/**
 * The search form's state. One-way and round trip use the first leg only; the other legs are kept so
 * switching back to multi-city restores them.
 */
export type SearchDraft = {
  type: TripType;
  legs: LegDraft[];
  /** Round trip only (the second date of the spec's dateRange pair). */
  returnDate?: string;
  cabin: Cabin;
  adults: number;
  children: number;
  infants: number;
  mode: SearchMode;
  flexDays: number;
};

/** What can be wrong with one field: a rule of the domain, or a field the traveller left empty. */
export type FieldProblem = ErrorName | 'FROM_REQUIRED' | 'TO_REQUIRED' | 'DATE_REQUIRED' | 'RETURN_REQUIRED';

export type LegProblems = { from?: FieldProblem; to?: FieldProblem; date?: FieldProblem };
export type DraftProblems = {
  /** Indexed like the legs in use (see `legsInUse`). */
  legs: LegProblems[];
  travellers?: ErrorName;
  /** A rule no single field breaks (the domain's last word on the whole criteria). */
  form?: ErrorName;
};

let legCounter = 0;
export const newLegId = (): string => `leg-${++legCounter}`;

/** Today in the traveller's own calendar. */
export const todayIso = (): string => {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
};
/** The last date tickets are sold for. */
export const lastOnSaleIso = (today: string): string => addDays(today, MAX_DAYS_AHEAD);

export function defaultDraft(today = todayIso()): SearchDraft {
  return {
    type: TRIP_TYPES.ONE_WAY,
    legs: [{ id: newLegId(), date: addDays(today, 7) }],
    cabin: 'Y',
    adults: 1,
    children: 0,
    infants: 0,
    mode: 'all',
    flexDays: 0,
  };
}

export function legsInUse(draft: SearchDraft): LegDraft[] {
  return draft.type === TRIP_TYPES.MULTI_CITY ? draft.legs : draft.legs.slice(0, 1);
}

const samePlace = (a: PickedPlace, b: PickedPlace) =>
  isSamePlace(
    { id: a.id, cityCode: a.cityCode, wholeCity: !a.onlyThis },
    { id: b.id, cityCode: b.cityCode, wholeCity: !b.onlyThis },
  );

/** Multi-city needs at least two legs: a new leg starts where the last one ends, a few days later. */
export function withNewLeg(draft: SearchDraft, today = todayIso()): SearchDraft {
  if (draft.legs.length >= MAX_MULTI_CITY_LEGS) return draft;
  const last = draft.legs.at(-1);
  const date = last?.date ? addDays(last.date, 3) : addDays(today, 7);
  return { ...draft, legs: [...draft.legs, { id: newLegId(), from: last?.to, date }] };
}

export function withTripType(draft: SearchDraft, type: TripType, today = todayIso()): SearchDraft {
  let next: SearchDraft = { ...draft, type };
  if (type === TRIP_TYPES.MULTI_CITY) {
    while (next.legs.length < 2) next = withNewLeg(next, today);
  }
  const departure = next.legs[0]?.date;
  if (type === TRIP_TYPES.ROUND_TRIP && departure && (!next.returnDate || next.returnDate < departure)) {
    next = { ...next, returnDate: addDays(departure, 3) };
  }
  return next;
}

/**
 * Every problem the form can point at, or null when the draft can be searched. Field rules come
 * first so each message sits beside its field; `criteriaProblem` of the domain has the last word.
 */
export function checkDraft(draft: SearchDraft, today = todayIso()): DraftProblems | null {
  const lastOnSale = lastOnSaleIso(today);
  const legs = legsInUse(draft);
  let hasProblem = false;
  const legProblems = legs.map((leg, i): LegProblems => {
    const p: LegProblems = {};
    if (!leg.from) p.from = 'FROM_REQUIRED';
    if (!leg.to) p.to = 'TO_REQUIRED';
    else if (leg.from && samePlace(leg.from, leg.to)) p.to = 'SAME_PLACE';
    const previous = legs[i - 1]?.date;
    if (!leg.date) p.date = 'DATE_REQUIRED';
    else if (leg.date < today) p.date = 'DATE_IN_PAST';
    else if (leg.date > lastOnSale) p.date = 'DATE_TOO_FAR';
    else if (draft.type === TRIP_TYPES.MULTI_CITY && previous && leg.date < previous) p.date = 'LEG_ORDER';
    else if (draft.type === TRIP_TYPES.ROUND_TRIP) {
      if (!draft.returnDate) p.date = 'RETURN_REQUIRED';
      else if (draft.returnDate < leg.date) p.date = 'RETURN_BEFORE_DEPARTURE';
      else if (draft.returnDate > lastOnSale) p.date = 'DATE_TOO_FAR';
    }
    if (p.from || p.to || p.date) hasProblem = true;
    return p;
  });
  const travellers = travellerProblem(draft.adults, draft.children, draft.infants) ?? undefined;
  if (hasProblem || travellers) return { legs: legProblems, travellers };
  const form = criteriaProblem(toCriteria(draft), today);
  return form ? { legs: legProblems, form } : null;
}

/** The criteria of a complete draft (see `checkDraft`): the domain's `buildCriteria`, as short links and the server use it. */
export function toCriteria(draft: SearchDraft): SearchCriteria {
  const legs = legsInUse(draft).map((leg, i) => {
    if (!leg.from || !leg.to || !leg.date) throw new Error(`leg ${i + 1} is incomplete`);
    return { from: leg.from, to: leg.to, date: leg.date };
  });
  return buildCriteria({
    type: draft.type,
    legs,
    returnDate: draft.returnDate,
    cabin: draft.cabin,
    adults: draft.adults,
    children: draft.children,
    infants: draft.infants,
    mode: draft.mode,
    flexDays: draft.flexDays,
  });
}

/**
 * A draft from criteria (a search link), or null when a place is not a four-character place code.
 * The link does not say whether a single place is an airport or a station, and the form does not
 * need to know: a single place reads as an airport.
 */
export function fromCriteria(c: SearchCriteria): SearchDraft | null {
  const place = (
    token: string,
    name: string | undefined,
    cityCode: string | undefined,
    onlyThis: boolean,
    belowName: string | undefined,
  ) => {
    const door = parseDoorToken(token);
    if (door) {
      const picked: PickedPlace = {
        id: doorIdOf(door),
        kind: 'door',
        name: name || token,
        code: '',
        cityCode: cityCode ?? '',
        onlyThis: true,
        ...(belowName ? { belowName } : {}),
        door,
      };
      return picked;
    }
    const id = decodePlaceCode(token);
    if (id === null) return null;
    const picked: PickedPlace = {
      id,
      kind: onlyThis ? 'airport' : 'city',
      name: name || token,
      code: token,
      cityCode: cityCode ?? '',
      onlyThis,
      ...(belowName ? { belowName } : {}),
    };
    return picked;
  };
  const legs: LegDraft[] = [];
  for (const leg of c.legs) {
    const from = place(
      leg.departure,
      leg.departureName,
      leg.departureCityCode,
      leg.departure_only_airport,
      leg.departureBelowName,
    );
    const to = place(
      leg.destination,
      leg.destinationName,
      leg.destinationCityCode,
      leg.destination_only_airport,
      leg.destinationBelowName,
    );
    if (!from || !to) return null;
    legs.push({ id: newLegId(), from, to, date: fromRequestDate(leg.departure_date) ?? undefined });
  }
  const back = c.legs[0]?.return_date;
  return {
    type: c.type,
    legs,
    returnDate: back ? (fromRequestDate(back) ?? undefined) : undefined,
    cabin: normalizeCabin(c.cabin),
    adults: c.adults,
    children: c.children,
    infants: c.infants,
    mode: c.mode,
    flexDays: c.flexDays,
  };
}

// ---- The last search, remembered on this device ----

const LAST_SEARCH_KEY = 'last_search';
/** Thirty days: an older search is no help in prefilling the form. */
const LAST_SEARCH_EXPIRY_MS = 30 * 86_400_000;

export function saveLastSearch(draft: SearchDraft): void {
  storage.set(LAST_SEARCH_KEY, { ...draft, legs: legsInUse(draft) }, LAST_SEARCH_EXPIRY_MS);
}

const isLocalText = (t: unknown): boolean =>
  typeof t === 'object' &&
  t !== null &&
  typeof (t as Record<string, unknown>).en === 'string' &&
  typeof (t as Record<string, unknown>)['zh-CN'] === 'string';
const isPicked = (p: unknown): p is PickedPlace => {
  if (typeof p !== 'object' || p === null) return false;
  const o = p as Record<string, unknown>;
  return (
    typeof o.id === 'number' &&
    typeof o.name === 'string' &&
    typeof o.code === 'string' &&
    typeof o.cityCode === 'string' &&
    typeof o.onlyThis === 'boolean' &&
    typeof o.kind === 'string' &&
    (o.names === undefined || isLocalText(o.names))
  );
};
const isIsoDate = (d: unknown): d is string => typeof d === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(d);

/**
 * The remembered search as a draft for today: places, travellers and options as they were; dates
 * already past move to a week ahead, keeping the gaps between them. Anything unreadable gives null.
 */
export function loadLastSearch(today = todayIso()): SearchDraft | null {
  const saved = storage.get<Partial<SearchDraft>>(LAST_SEARCH_KEY);
  if (!saved || !Array.isArray(saved.legs) || saved.legs.length === 0) return null;
  const base = defaultDraft(today);
  const type = Object.values(TRIP_TYPES).includes(saved.type as TripType) ? (saved.type as TripType) : base.type;
  const legs: LegDraft[] = saved.legs.slice(0, MAX_MULTI_CITY_LEGS).map((leg) => ({
    id: newLegId(),
    from: isPicked(leg?.from) ? leg.from : undefined,
    to: isPicked(leg?.to) ? leg.to : undefined,
    date: isIsoDate(leg?.date) ? leg.date : undefined,
  }));
  let returnDate = isIsoDate(saved.returnDate) ? saved.returnDate : undefined;
  const first = legs[0]?.date;
  if (first && first < today) {
    const shift = daysBetween(first, addDays(today, 7));
    for (const leg of legs) if (leg.date) leg.date = addDays(leg.date, shift);
    if (returnDate) returnDate = addDays(returnDate, shift);
  }
  for (const leg of legs) if (leg.date && leg.date < today) leg.date = undefined;
  const count = (n: unknown, min: number) => (typeof n === 'number' && Number.isInteger(n) && n >= min ? n : min);
  const adults = count(saved.adults, 1);
  const children = count(saved.children, 0);
  const infants = count(saved.infants, 0);
  const travellersOk = travellerProblem(adults, children, infants) === null;
  return {
    type,
    legs,
    returnDate,
    cabin: typeof saved.cabin === 'string' ? normalizeCabin(saved.cabin) : base.cabin,
    adults: travellersOk ? adults : 1,
    children: travellersOk ? children : 0,
    infants: travellersOk ? infants : 0,
    mode: (SEARCH_MODES as readonly unknown[]).includes(saved.mode) ? (saved.mode as SearchMode) : base.mode,
    flexDays: count(saved.flexDays, 0) <= MAX_FLEX_DAYS ? count(saved.flexDays, 0) : 0,
  };
}
