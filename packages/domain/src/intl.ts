/**
 * Number and date formatters, made once per language and options and kept: making an `Intl` formatter costs
 * far more than formatting with it, and a results page formats every price, date and duration of every
 * option it draws, again on each render. The store is bounded, since a language may come from a request.
 */
const MAX_KEPT = 256;
const numbers = new Map<string, Intl.NumberFormat>();
const dates = new Map<string, Intl.DateTimeFormat>();

function kept<F>(store: Map<string, F>, key: string, make: () => F): F {
  let formatter = store.get(key);
  if (formatter === undefined) {
    formatter = make();
    if (store.size >= MAX_KEPT) store.clear();
    store.set(key, formatter);
  }
  return formatter;
}

const keyOf = (locales: Intl.LocalesArgument, options: object | undefined) =>
  `${JSON.stringify(locales ?? null)}|${JSON.stringify(options ?? null)}`;

/** `new Intl.NumberFormat(locales, options)`, made once for each language and options. */
export const numberFormat = (locales?: Intl.LocalesArgument, options?: Intl.NumberFormatOptions): Intl.NumberFormat =>
  kept(numbers, keyOf(locales, options), () => new Intl.NumberFormat(locales, options));

/** `new Intl.DateTimeFormat(locales, options)`, made once for each language and options. */
export const dateTimeFormat = (
  locales?: Intl.LocalesArgument,
  options?: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat => kept(dates, keyOf(locales, options), () => new Intl.DateTimeFormat(locales, options));
