import type { Language } from '../preferences';
import { inLanguage, type LocalText } from '../text';

/* What a search can ask for: trip types, cabins, sorts, modes and limits (the schemas are in search.schema.ts). */

/** Trip types of spec §3: 1 one-way, 2 round trip, 3 multi-city. */
export const TRIP_TYPES = { ONE_WAY: 1, ROUND_TRIP: 2, MULTI_CITY: 3 } as const;
export type TripType = (typeof TRIP_TYPES)[keyof typeof TRIP_TYPES];

/** Cabins offered by the search form (spec §9 defaults): economy, premium economy, business, first. */
export const CABINS = ['Y', 'S', 'C', 'F'] as const;
export type Cabin = (typeof CABINS)[number];
/** Every air cabin code the product reads (spec §3): M is economy and W premium economy too. */
export const CABIN_CODES = ['Y', 'M', 'W', 'S', 'C', 'F'] as const;
/** Spec §3: a journey whose flights are in different cabins has the cabin `mixed`. */
export const MIXED_CABIN = 'mixed';
/** Every cabin a journey can have: the codes of spec §3 and `mixed`. */
export const JOURNEY_CABINS = [...CABINS, MIXED_CABIN] as const;
export type JourneyCabin = (typeof JOURNEY_CABINS)[number];

/**
 * The cabin of a journey's flights: their one cabin (M read as Y, W as S), `mixed` when they differ,
 * undefined when it has no flight with a cabin.
 */
export function journeyCabin(legs: readonly { kind: string; cabin?: string }[]): JourneyCabin | undefined {
  const cabins = new Set(legs.filter((l) => l.kind === 'air' && l.cabin).map((l) => normalizeCabin(l.cabin ?? '')));
  if (cabins.size > 1) return MIXED_CABIN;
  return cabins.values().next().value;
}

export const normalizeCabin = (code: string): Cabin =>
  code === 'M' ? 'Y' : code === 'W' ? 'S' : (((CABINS as readonly string[]).includes(code) ? code : 'Y') as Cabin);

/** Whether a flight's cabin is below another: economy, premium economy, business, first (M read as Y, W as S). */
export const isLowerCabin = (cabin: string, than: string): boolean =>
  CABINS.indexOf(normalizeCabin(cabin)) < CABINS.indexOf(normalizeCabin(than));

/** The orders of results (spec §4), and the lowest CO₂ per traveller first. */
export const SORTS = ['best', 'cheapest', 'quickest', 'earliest', 'latest', 'greenest'] as const;
export type Sort = (typeof SORTS)[number];
/** The railway direct view sorts by these (spec §4). */
export const RAIL_SORTS = ['duration', 'departure', 'price'] as const;

export const SEARCH_MODES = ['all', 'flight', 'train'] as const;
export type SearchMode = (typeof SEARCH_MODES)[number];

/** Spec §9's numeric limit of 9: travellers on one booking. */
export const MAX_TRAVELLERS = 9;
export const MAX_CHILDREN_PER_ADULT = 2;
export const MAX_INFANTS_PER_ADULT = 1;
export const MAX_MULTI_CITY_LEGS = 5;
/** Date flexibility: exact or ± this many days at most. */
export const MAX_FLEX_DAYS = 3;
/** How far ahead schedules are sold. */
export const MAX_DAYS_AHEAD = 365;
/** A search session's results stay valid this long; then pull and refresh answer 400 expired. */
export const SEARCH_TTL_MS = 20 * 60_000;

/**
 * Transport leg kinds (spec §3): `air` a flight, `land` a train, `lands` a walk on the ground between
 * platforms, terminals or nearby stations, `subway` a metro or airport-express ride, `taxi` a taxi.
 */
export const LEG_KINDS = ['air', 'land', 'lands', 'subway', 'taxi'] as const;
export type LegKind = (typeof LEG_KINDS)[number];

/**
 * The one rule for "is this leg a ride": a flight or a train, the legs a journey is ticketed and counted
 * by (transfers, numbers on a card), as opposed to the taxi, metro and walks between them.
 */
export const isRide = (leg: { kind: string }): boolean => leg.kind === 'air' || leg.kind === 'land';

/**
 * What a leg rides, in a language: a flight or train by its carrier and number ("China Southern Airlines
 * CZ3138", "China Railway G5"; the number alone where the carrier is not known or is the number itself), a
 * metro or airport-express line by its name alone ("Line 4", "首都机场线"), since its number is the line's
 * English name; empty for a leg that rides nothing named (a walk, a taxi).
 */
export function rideName(
  leg: { kind: string; carrierName: LocalText; number?: string | null },
  language: Language,
): string {
  const carrier = inLanguage(leg.carrierName, language);
  if (leg.kind === 'subway') return carrier || (leg.number ?? '');
  if (!leg.number) return '';
  return carrier && carrier !== leg.number ? `${carrier} ${leg.number}` : leg.number;
}

export const RESULT_KINDS = ['flight', 'train', 'mix'] as const;
export type ResultKind = (typeof RESULT_KINDS)[number];

/** Booking agents (spec §3): our combined fares, our own fares, and China Railway. */
export const AGENTS = ['combined', 'own', 'railway'] as const;
export type Agent = (typeof AGENTS)[number];

export const AIRCRAFT_CLASSES = ['wide-body', 'narrow-body', 'regional', 'turbo-prop'] as const;
/** Train model filter groups (spec §3). */
export const TRAIN_GROUPS = { GC: ['G', 'C'], D: ['D'], ZTK: ['Z', 'T', 'K'] } as const;
export type TrainGroup = keyof typeof TRAIN_GROUPS;
