/** UI languages (spec §1): English by default, Chinese as the fallback for missing text. */
export const LANGUAGES = ['en', 'zh-CN'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
export const FALLBACK_LANGUAGE: Language = 'zh-CN';

/** Display currencies of spec §9, in the spec's order. */
export const CURRENCIES = [
  'CNY',
  'USD',
  'EUR',
  'JPY',
  'GBP',
  'AUD',
  'CAD',
  'CHF',
  'HKD',
  'AED',
  'ARS',
  'BRL',
  'CZK',
  'DKK',
  'IDR',
  'ILS',
  'INR',
  'IRR',
  'KRW',
  'MOP',
  'MXN',
  'MYR',
  'NGN',
  'NOK',
  'NZD',
  'PHP',
  'PLN',
  'RUB',
  'SAR',
  'SEK',
  'SGD',
  'THB',
  'TRY',
  'TWD',
  'VND',
  'ZAR',
] as const;
export type Currency = (typeof CURRENCIES)[number];
export const DEFAULT_CURRENCY: Currency = 'CNY';

/** Cookies that carry preferences (spec §2); read on every navigation. */
export const PREFERENCE_COOKIES = {
  language: 'lang',
  currency: 'currency',
  showOriginalCurrency: 'show_original_currency',
} as const;

/** Spec §9: the language cookie lives one day. */
export const LANGUAGE_COOKIE_DAYS = 1;
/** Currency preferences outlive a session; a year is the customary span. */
export const CURRENCY_COOKIE_DAYS = 365;

export type Preferences = {
  language: Language;
  currency: Currency;
  showOriginalCurrency: boolean;
};

export const isLanguage = (value: unknown): value is Language => (LANGUAGES as readonly unknown[]).includes(value);
export const isCurrency = (value: unknown): value is Currency => (CURRENCIES as readonly unknown[]).includes(value);

/** Reads preferences from raw cookie values, falling back to the defaults for anything unknown. */
export function parsePreferences(raw: Partial<Record<keyof Preferences, string | undefined>>): Preferences {
  const currency = raw.currency?.toUpperCase();
  return {
    language: isLanguage(raw.language) ? raw.language : DEFAULT_LANGUAGE,
    currency: isCurrency(currency) ? currency : DEFAULT_CURRENCY,
    showOriginalCurrency: raw.showOriginalCurrency === '1' || raw.showOriginalCurrency === 'true',
  };
}
