import { numberFormat } from '../intl';
import type { Currency } from '../preferences';

/**
 * Money is an integer count of hundredths of the currency unit (spec §5), whatever the currency.
 * Currencies whose smallest coin is a whole unit (yen, won, dong, rupiah, rial) show no decimals, so
 * a converted amount in them is rounded up to whole units.
 */
export type Money = { amountMinor: number; currency: Currency };

export const ZERO_DECIMAL_CURRENCIES: ReadonlySet<Currency> = new Set(['JPY', 'KRW', 'VND', 'IDR', 'IRR']);

export function decimalsOf(currency: Currency): 0 | 2 {
  return ZERO_DECIMAL_CURRENCIES.has(currency) ? 0 : 2;
}

/** Exchange rates keyed by pair, `FROM:TO` → units of TO for one unit of FROM (spec §3). */
export type RateTable = Readonly<Record<string, number>>;

export const pairKey = (from: Currency, to: Currency): string => `${from}:${to}`;

/** The rate from one currency to another: the direct pair, its inverse, or through CNY. */
export function rateBetween(from: Currency, to: Currency, rates: RateTable): number | undefined {
  if (from === to) return 1;
  const direct = rates[pairKey(from, to)];
  if (direct) return direct;
  const inverse = rates[pairKey(to, from)];
  if (inverse) return 1 / inverse;
  if (from !== 'CNY' && to !== 'CNY') {
    const a = rateBetween(from, 'CNY', rates);
    const b = rateBetween('CNY', to, rates);
    if (a && b) return a * b;
  }
  return undefined;
}

/** Guards against binary fractions: 0.1 * 3 is 0.30000000000000004, which must not round up to 0.31. */
const EPSILON = 1e-7;

/**
 * Converts an amount, always rounding up (spec §9) so a shown price is never below what is charged:
 * to the next hundredth, or to the next whole unit in a zero-decimal currency.
 */
export function convertMoney(money: Money, to: Currency, rates: RateTable): Money | undefined {
  const rate = rateBetween(money.currency, to, rates);
  if (rate === undefined) return undefined;
  if (money.currency === to) return money;
  const exact = money.amountMinor * rate;
  const step = decimalsOf(to) === 0 ? 100 : 1;
  // `|| 0`: a zero amount rounds to -0 (ceil of a tiny negative), which would print as "-0".
  const amountMinor = Math.ceil(exact / step - EPSILON) * step || 0;
  return { amountMinor, currency: to };
}

/** How the currency table (spec §3) writes a currency: its symbol, left or right of the amount. */
export type CurrencyDisplay = { symbol: string; position: 'left' | 'right' };

/**
 * Shows money with the currency table's symbol on its side (spec §3: ¥ for the yuan in both languages,
 * never "CN¥"), the digits grouped as the UI language groups them, and the currency's own decimals.
 * A symbol of letters (CZK) stands a space apart. Without the table's entry (not loaded yet) the symbol is
 * the language's narrow one, on the left.
 */
export function formatMoney(money: Money, locale: string, display?: CurrencyDisplay): string {
  const decimals = decimalsOf(money.currency);
  const whole = money.amountMinor % 100 === 0;
  const digits = numberFormat(locale, {
    minimumFractionDigits: decimals === 0 || whole ? 0 : 2,
    maximumFractionDigits: decimals,
  }).format(Math.abs(money.amountMinor) / 100);
  const sign = money.amountMinor < 0 ? '-' : '';
  const { symbol, position } = display ?? { symbol: narrowSymbol(money.currency, locale), position: 'left' };
  if (position === 'right') return `${sign}${digits} ${symbol}`;
  return /\p{L}$/u.test(symbol) ? `${sign}${symbol} ${digits}` : `${sign}${symbol}${digits}`;
}

const narrowSymbol = (currency: Currency, locale: string): string =>
  numberFormat(locale, { style: 'currency', currency, currencyDisplay: 'narrowSymbol' })
    .formatToParts(0)
    .find((part) => part.type === 'currency')?.value ?? currency;
