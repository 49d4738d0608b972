/**
 * Calendar dates, the one module for them (README "Where things live"). A calendar date is a day
 * without a time or a zone, in four written forms:
 * - ISO `yyyy-mm-dd`: in code, in form state and in the planner (`IsoDate`);
 * - the request form `yyyy/MM/dd` of spec §7, on the wire;
 * - the short link's `YYMMDD` of spec §5 (years 2000-2099);
 * - the GTFS `yyyymmdd`, only inside the planner's feeds.
 * Instants and time zones are in `time.ts`.
 */

import { dateTimeFormat } from './intl';
import type { Language } from './preferences';

/** A calendar date `yyyy-mm-dd`. */
export type IsoDate = string;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const REQUEST_DATE = /^(\d{4})\/(\d{2})\/(\d{2})$/;
const SHORT_DATE = /^(\d{2})(\d{2})(\d{2})$/;
const DAY_MS = 86_400_000;

function isCalendarDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** `iso` when it is a real calendar date written `yyyy-mm-dd`, else null. */
export function checkIsoDate(iso: string): IsoDate | null {
  const m = ISO_DATE.exec(iso);
  return m && isCalendarDate(Number(m[1]), Number(m[2]), Number(m[3])) ? iso : null;
}

/** A date in the request form `yyyy/MM/dd` (spec §7). Throws RangeError when `iso` is not `yyyy-mm-dd`. */
export function toRequestDate(iso: IsoDate): string {
  if (!ISO_DATE.test(iso)) throw new RangeError(`not a yyyy-mm-dd date: ${iso}`);
  return iso.replaceAll('-', '/');
}

/** The date of a request date `yyyy/MM/dd`, or null when it is not a real calendar date. */
export function fromRequestDate(s: string): IsoDate | null {
  const m = REQUEST_DATE.exec(s);
  return m ? checkIsoDate(`${m[1]}-${m[2]}-${m[3]}`) : null;
}

/** A date as the short link writes it, `YYMMDD`. Throws RangeError outside 2000-2099 or when not `yyyy-mm-dd`. */
export function toShortDate(iso: IsoDate): string {
  const m = /^20(\d{2})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) throw new RangeError(`not a yyyy-mm-dd date in 2000-2099: ${iso}`);
  return `${m[1]}${m[2]}${m[3]}`;
}

/** The date of a short link's `YYMMDD` (20YY), or null when it is not a real calendar date. */
export function fromShortDate(s: string): IsoDate | null {
  const m = SHORT_DATE.exec(s);
  return m ? checkIsoDate(`20${m[1]}-${m[2]}-${m[3]}`) : null;
}

/** The calendar day `days` after `date` (before, when negative). */
export function addDays(date: IsoDate, days: number): IsoDate {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to`. */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** A date as GTFS writes it, `yyyymmdd`. */
/** The UTC calendar day of an instant. */
export const utcDateOf = (instant: Date): IsoDate => instant.toISOString().slice(0, 10);

/** Today as 'yyyy-mm-dd' in UTC, the default of rules that compare with the current day. */
export const todayIso = (): IsoDate => utcDateOf(new Date());

export const toGtfsDate = (iso: IsoDate): string => iso.replaceAll('-', '');

/**
 * Times of rides are ISO 8601 with the local offset of the place (`2026-12-05T21:30:00+08:00`): the day
 * and clock a traveller reads are the text before the offset, the place's own time, whatever the zone
 * of the reader. A calendar date alone (`2026-12-05`) reads the same.
 */
const ISO_LOCAL = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?/;

/** A day as each language writes it, with its weekday: "Sat, Dec 5, 2026" / "2026年12月5日周六". */
export function formatTravelDate(isoLocal: string, language: Language): string {
  const m = ISO_LOCAL.exec(isoLocal);
  if (!m) return isoLocal;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return dateTimeFormat(language, {
    weekday: 'short',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}

/** A month `yyyy/MM` as each language writes it: "March 2027" / "2027年3月". */
export function formatMonth(month: string, language: Language): string {
  const date = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1, 1));
  return dateTimeFormat(language, { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(date);
}

/** The day and the clock of a local time: "Sat, Dec 5, 2026 21:30" / "2026年12月5日周六 21:30". */
export function formatTravelTime(isoLocal: string, language: Language): string {
  const m = ISO_LOCAL.exec(isoLocal);
  return m?.[4] ? `${formatTravelDate(isoLocal, language)} ${m[4]}:${m[5]}` : formatTravelDate(isoLocal, language);
}

/** Calendar days from a departure to an arrival, each in its own place's time: the "+1" of an overnight ride. */
export function daysLater(departureIso: string, arrivalIso: string): number {
  const from = ISO_LOCAL.exec(departureIso);
  const to = ISO_LOCAL.exec(arrivalIso);
  if (!from || !to) return 0;
  return daysBetween(`${from[1]}-${from[2]}-${from[3]}`, `${to[1]}-${to[2]}-${to[3]}`);
}
