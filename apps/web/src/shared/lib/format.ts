import { daysBetween, type Language } from '@junction/domain';

/** A calendar date (yyyy-MM-dd) in the UI language's long form. */
export function formatDate(isoDate: string, language: Language): string {
  const [y, m, d] = isoDate.split('-').map(Number);
  const date = new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1));
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

/**
 * Wire times of rides are ISO 8601 with the local offset of the place (`2026-12-05T21:30:00+08:00`): the
 * date and clock a traveller reads are the text before the offset, in the place's own time.
 */
const ISO_LOCAL = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?/;

/** The day of travel as each language writes it, with its weekday: "Sat, Dec 5, 2026" / "2026年12月5日周六". */
export function formatTravelDate(isoLocal: string, language: Language): string {
  const m = ISO_LOCAL.exec(isoLocal);
  if (!m) return isoLocal;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return new Intl.DateTimeFormat(language, {
    weekday: 'short',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(date);
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
