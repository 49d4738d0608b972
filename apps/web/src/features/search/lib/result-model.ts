import {
  type Bound,
  inLanguage,
  isRide,
  type Language,
  type LegPoint,
  type LocalText,
  type Money,
  type ResultLeg,
  type SearchResult,
  sameInBoth,
} from '@junction/domain';

type WireMoney = SearchResult['price'];

/** The wire's `{amount, currency}` as the `Money` the shared price helpers take. */
export const toMoney = (money: WireMoney): Money => ({ amountMinor: money.amount, currency: money.currency });

/** Legs that carry the traveller between cities: the domain's one rule (`isRide`). */
export const isMainLeg: (leg: ResultLeg) => boolean = isRide;

/** Changes between flights and trains within one journey. */
export function transfersOf(result: SearchResult, bound: Bound, boundCount: number): number {
  if (boundCount <= 1) return result.transfers;
  return Math.max(0, bound.legs.filter(isMainLeg).length - 1);
}

export type Carrier = { code: string; name: LocalText };

/** Airlines and railways of a result, in the order the traveller meets them. */
export function carriersOf(result: SearchResult): Carrier[] {
  const seen = new Map<string, Carrier>();
  for (const leg of result.legs) {
    if (!isMainLeg(leg) || !leg.carrier || seen.has(leg.carrier)) continue;
    seen.set(leg.carrier, { code: leg.carrier, name: leg.carrierName.en ? leg.carrierName : sameInBoth(leg.carrier) });
  }
  return [...seen.values()];
}

/** A place name in the UI language. */
export function pointName(point: LegPoint, language: Language): string {
  return inLanguage(point.name, language) || point.code;
}

/** "International Airport" and its kin, which a card leaves out: the code beside the name says it is an airport. */
const AIRPORT_WORDS = { en: /\s+(International\s+)?Airport$/i, 'zh-CN': /(国际)?机场$/ } as const;

/**
 * The name a result card gives a leg end: the station (北京南, Beijing South) or the airport without
 * "International Airport" (上海浦东, Shanghai Pudong); the full name where that would leave nothing.
 */
export function shortPointName(point: LegPoint, language: Language): string {
  const name = pointName(point, language);
  if (point.kind !== 'airport') return name;
  return name.replace(AIRPORT_WORDS[language], '') || name;
}

/** The city of a leg end in the UI language: the city of an airport or station, else the place itself. */
export function cityName(point: LegPoint, language: Language): string {
  return point.city ? inLanguage(point.city.name, language) : pointName(point, language);
}

/** Seat classes of a result that rides one train, cheapest first; none for other results. */
export function seatsOf(result: SearchResult): NonNullable<ResultLeg['seats']> {
  const trains = result.legs.filter((l) => l.kind === 'land');
  if (trains.length !== 1) return [];
  return [...(trains[0]?.seats ?? [])].sort((a, b) => a.price.amount - b.price.amount);
}
