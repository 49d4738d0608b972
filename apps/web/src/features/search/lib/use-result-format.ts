import { dateTimeFormat, fromRequestDate } from '@junction/domain';

/** A request date `yyyy/MM/dd` as "Thu, 1 May" / "5月1日周四". */
export function formatRequestDate(
  date: string,
  language: string,
  options: Intl.DateTimeFormatOptions = { weekday: 'short', month: 'short', day: 'numeric' },
): string {
  const [y, m, d] = (fromRequestDate(date) ?? '').split('-').map(Number);
  return dateTimeFormat(language, { ...options, timeZone: 'UTC' }).format(
    new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1)),
  );
}
