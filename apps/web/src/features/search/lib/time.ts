import { daysBetween } from '@junction/domain';

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

/** Calendar days from one local date to another: the "+1" beside an arrival the next day. */
export function dayOffset(fromIso: string, toIso: string): number {
  return daysBetween(localDate(fromIso), localDate(toIso));
}

/** Real minutes between two instants (offsets included). */
export function minutesBetween(fromIso: string, toIso: string): number {
  return Math.round((Date.parse(toIso) - Date.parse(fromIso)) / 60_000);
}
