import { type Language, type LegPoint, type ResultLeg, rideName } from '@junction/domain';
import { fill } from '../../../lib/text';
import en from '../../../locales/en/itinerary.json' with { type: 'json' };
import zh from '../../../locales/zh-CN/itinerary.json' with { type: 'json' };
import type { ItineraryTicket } from './itinerary-view';

export type ItineraryTexts = typeof en;
export const ITINERARY_TEXTS: Record<Language, ItineraryTexts> = { en, 'zh-CN': zh };

/** A name in the language asked for, English where no Chinese is known. */
export const placeName = (p: LegPoint, language: Language): string => p.name[language] || p.name.en;

const pick = (table: Record<string, string>, key: string | undefined): string => (key ? (table[key] ?? '') : '');

/** "Flight · China Southern Airlines CZ3138 · Economy", "Train G5 · Second class", "Metro · Line 4", "Taxi". */
export function rideText(leg: ResultLeg, tx: ItineraryTexts, language: Language): string {
  const parts: string[] = [pick(tx.legs, leg.kind), rideName(leg, language)];
  if (leg.kind === 'air') parts.push(pick(tx.cabins, leg.cabin));
  if (leg.kind === 'land') parts.push(pick(tx.seats, leg.cabin));
  if (leg.aircraft) parts.push(leg.aircraft[language] || leg.aircraft.en);
  return parts.filter(Boolean).join(' · ');
}

/**
 * An event's title: the ride and where it goes, "Flight CZ3138 PEK → SHA", "火车 Z284 北京丰台 → 上海南": an
 * airport by its code, a station by its name (a railway telecode is not for travellers).
 */
export function legTitle(leg: ResultLeg, tx: ItineraryTexts, language: Language): string {
  const end = (p: LegPoint) => (p.kind === 'airport' && p.code) || placeName(p, language);
  const ride = [pick(tx.legs, leg.kind), leg.kind === 'subway' ? rideName(leg, language) : leg.number]
    .filter(Boolean)
    .join(' ');
  return `${ride} ${end(leg.from)} → ${end(leg.to)}`;
}

export function durationText(minutes: number, tx: ItineraryTexts): string {
  const hours = Math.floor(minutes / 60);
  const rest = String(minutes % 60);
  if (hours === 0) return fill(tx.legs.durationMinutes, { minutes: rest });
  return minutes % 60 === 0
    ? fill(tx.legs.durationHours, { hours: String(hours) })
    : fill(tx.legs.duration, { hours: String(hours), minutes: rest });
}

/** A ticket's seat: "19D", "Coach 5 · 12F", "Lower berth", or none: an infant's lap, or given at check-in. */
export function seatText(t: ItineraryTicket, tx: ItineraryTexts, infant = false): string {
  const parts: string[] = [];
  if (t.coach) parts.push(fill(tx.coachNo, { coach: t.coach }));
  parts.push(t.seat ?? (t.supplier === 'rail' ? tx.noSeat : infant ? tx.lap : tx.atCheckIn));
  if (t.berth) parts.push(pick(tx.berths, t.berth));
  return parts.join(' · ');
}
