import type { Language } from '@junction/domain';

/** Money is integer hundredths (spec §5); shown with the currency's own symbol and digits. */
export function formatMoney(minor: number, currency: string, language: Language): string {
  const digits =
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  return new Intl.NumberFormat(language, {
    style: 'currency',
    currency,
    minimumFractionDigits: minor % 100 === 0 ? 0 : digits,
    maximumFractionDigits: digits,
  }).format(minor / 100);
}

/** A calendar date (yyyy-MM-dd) in the UI language's long form. */
export function formatDate(isoDate: string, language: Language): string {
  const [y, m, d] = isoDate.split('-').map(Number);
  const date = new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1));
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}
