/**
 * Wire times are ISO 8601 with the local offset of the place (`2025-05-01T08:30:00+08:00`), so the
 * clock time and the calendar date a traveller reads are the text before the offset: no time-zone math.
 */
const ISO_LOCAL = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})/;

/** `HH:mm` as printed on the ticket, in the place's own time zone. */
export function localClock(iso: string): string {
  const match = ISO_LOCAL.exec(iso);
  return match ? `${match[2]}:${match[3]}` : '--:--';
}

/** The local calendar date `yyyy-MM-dd`. */
export function localDate(iso: string): string {
  return ISO_LOCAL.exec(iso)?.[1] ?? iso.slice(0, 10);
}

/** Minutes after local midnight, 0–1439. */
export function minutesOfDay(iso: string): number {
  const match = ISO_LOCAL.exec(iso);
  return match ? Number(match[2]) * 60 + Number(match[3]) : 0;
}

const dayNumber = (isoDate: string): number => {
  const [y, m, d] = isoDate.split('-').map(Number);
  return Math.round(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1) / 86_400_000);
};

/** Calendar days from one local date to another: the "+1" beside an arrival the next day. */
export function dayOffset(fromIso: string, toIso: string): number {
  return dayNumber(localDate(toIso)) - dayNumber(localDate(fromIso));
}

/** Real minutes between two instants (offsets included). */
export function minutesBetween(fromIso: string, toIso: string): number {
  return Math.round((Date.parse(toIso) - Date.parse(fromIso)) / 60_000);
}

/** A request date `yyyy/MM/dd` as `yyyy-MM-dd`. */
export const requestDateToIso = (date: string): string => date.replaceAll('/', '-');

/** `yyyy/MM/dd` moved by whole days. */
export function shiftRequestDate(date: string, days: number): string {
  const [y, m, d] = date.split('/').map(Number);
  const shifted = new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + days));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${shifted.getUTCFullYear()}/${pad(shifted.getUTCMonth() + 1)}/${pad(shifted.getUTCDate())}`;
}

/** Whole hours and the remaining minutes of a duration. */
export function splitMinutes(totalMinutes: number): { hours: number; minutes: number } {
  const safe = Math.max(0, Math.round(totalMinutes));
  return { hours: Math.floor(safe / 60), minutes: safe % 60 };
}
