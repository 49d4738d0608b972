import type { Language } from '@junction/domain';
import { dateTimeFormat } from '@junction/domain';

/** A calendar date (yyyy-MM-dd) in the UI language's long form. */
export function formatDate(isoDate: string, language: Language): string {
  const [y, m, d] = isoDate.split('-').map(Number);
  const date = new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1));
  return dateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

/** A day of travel, with its clock, and the days an arrival comes after its departure (the domain's). */
export { daysLater, formatTravelDate, formatTravelTime } from '@junction/domain';
