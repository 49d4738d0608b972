import { addDays, fromRequestDate, toRequestDate } from '../dates';
import { convertMoney, type RateTable } from '../money/money';
import type { LegPoint, ResultLeg, SearchResult } from './search.schema';
import { isRide, TRAIN_GROUPS, type TrainGroup } from './search-options';

/**
 * What a traveller reads after a place's name: an airport's code with its terminal where known ("PEK T3");
 * nothing after a railway station, whose telecode (VNP) is the railway's own, nor after a metro stop or a door.
 */
export function placeCodeShown(point: Pick<LegPoint, 'kind' | 'code' | 'terminal'>): string {
  if (point.kind !== 'airport' || !point.code) return '';
  return point.terminal ? `${point.code} ${point.terminal}` : point.code;
}

/** A result's price in one comparable unit (hundredths of CNY), whatever currency it was quoted in. */
export type PriceOf = (result: SearchResult) => number;

/**
 * Prices compare in hundredths of CNY: results in CNY as they are, others through the day's rates (or as
 * they are while no rates are known).
 */
export function cnyPriceOf(rates: RateTable | undefined): PriceOf {
  return (result) => {
    const { amount, currency } = result.price;
    if (currency === 'CNY' || !rates) return amount;
    return convertMoney({ amountMinor: amount, currency }, 'CNY', rates)?.amountMinor ?? amount;
  };
}

export type Bound = { index: number; legs: ResultLeg[] };

/** The journeys of a result (outbound, return, each multi-city trip); one when the result has no bounds. */
export function boundsOf(result: SearchResult): Bound[] {
  if (result.bounds.length === 0) return [{ index: 0, legs: result.legs }];
  return result.bounds
    .map((b, index) => ({ index, legs: result.legs.slice(b.start, b.end) }))
    .filter((b) => b.legs.length > 0);
}

/** The train model group of a train type letter (spec §3), or undefined for other trains. */
export function trainGroupOf(trainType: string | undefined): TrainGroup | undefined {
  if (!trainType) return undefined;
  const letter = trainType.trim().charAt(0).toUpperCase();
  for (const [group, letters] of Object.entries(TRAIN_GROUPS) as [TrainGroup, readonly string[]][]) {
    if (letters.includes(letter)) return group;
  }
  return undefined;
}

/** The train type letter of a train leg: the given type or the first letter of its number (G123). */
export function legTrainType(leg: ResultLeg): string | undefined {
  if (leg.kind !== 'land') return undefined;
  const letter = (leg.trainType || leg.number).trim().charAt(0).toUpperCase();
  return /[A-Z]/.test(letter) ? letter : undefined;
}

/**
 * Whether the traveller changes on their own after leg `index`: a flight or train on its own ticket
 * with another flight or train still to come (a taxi to the door is no self-transfer).
 */
export function isSelfTransferAfter(legs: readonly ResultLeg[], index: number): boolean {
  const leg = legs[index];
  return !!leg && leg.separateTicket && isRide(leg) && legs.slice(index + 1).some(isRide);
}

/**
 * What a flight or train from a door costs on the way besides its tickets: its walks and taxis to and from
 * the door, paid to the driver (a door-to-door plan's price already holds its metro and taxis).
 */
export const groundMinorOnTheWay = (result: SearchResult): number =>
  result.kind === 'mix' ? 0 : result.legs.reduce((sum, l) => (isRide(l) ? sum : sum + (l.price?.amount ?? 0)), 0);

/** A journey on separate tickets, with a self-transfer somewhere. */
export const hasSelfTransfer = (result: SearchResult): boolean =>
  result.selfTransferMinutes !== undefined || result.legs.some((_, i) => isSelfTransferAfter(result.legs, i));

/**
 * Wire times are ISO 8601 with the local offset of the place (`2025-05-01T08:30:00+08:00`), so the
 * clock time a traveller reads is the text before the offset: no time-zone math.
 */
const ISO_LOCAL_TIME = /^\d{4}-\d{2}-\d{2}T(\d{2}):(\d{2})/;

/** Minutes after local midnight, 0–1439. */
export function minutesOfDay(iso: string): number {
  const match = ISO_LOCAL_TIME.exec(iso);
  return match ? Number(match[1]) * 60 + Number(match[2]) : 0;
}

/** `yyyy/MM/dd` moved by whole days. */
export function shiftRequestDate(date: string, days: number): string {
  const iso = fromRequestDate(date);
  if (iso === null) throw new RangeError(`not a yyyy/MM/dd date: ${date}`);
  return toRequestDate(addDays(iso, days));
}
