import { type Currency, convertMoney, formatMoney, type Money } from '@junction/domain';
import { useCallback } from 'react';
import { useCurrencyTable } from '../api/reference';
import { usePreferences } from '../lib/preferences';

/** Money as the UI shows it: the currency table's symbol on its side (spec §3), in the UI language. */
export function useFormatMoney(): (money: Money) => string {
  const { language } = usePreferences();
  const table = useCurrencyTable().data;
  return useCallback(
    (money: Money) =>
      formatMoney(
        money,
        language,
        table?.data.find((c) => c.code === money.currency),
      ),
    [language, table],
  );
}

/** An amount in CNY hundredths in the display currency, rounded up, as a text to put in a sentence. */
export function useFormatCny(): (amountMinor: number) => string {
  const { currency } = usePreferences();
  const rates = useCurrencyTable().data?.rates.rates;
  const format = useFormatMoney();
  return useCallback(
    (amountMinor: number) => {
      const cny: Money = { amountMinor, currency: 'CNY' };
      return format((rates ? convertMoney(cny, currency as Currency, rates) : undefined) ?? cny);
    },
    [currency, rates, format],
  );
}

/**
 * Money that moved (paid, refunded, a fee kept) as it moved, in yuan: never converted, so never rounded, and
 * read alike on the order, payment and refund pages (whole yuan, or two decimals when it has fen).
 */
export function Charged({ amountMinor }: { amountMinor: number }) {
  const format = useFormatMoney();
  return <>{format({ amountMinor, currency: 'CNY' })}</>;
}

export type PriceProps = { money: Money; className?: string };

/**
 * An amount in the display currency, rounded up (spec §9), with the original amount beside it when the
 * traveller asked for it or when no rate is known.
 */
export function Price({ money, className }: PriceProps) {
  const { currency, showOriginalCurrency } = usePreferences();
  const table = useCurrencyTable().data;
  const format = useFormatMoney();
  const converted = table ? convertMoney(money, currency as Currency, table.rates.rates) : undefined;
  const shown = converted ?? money;
  const isConverted = shown.currency !== money.currency;
  return (
    <span className={className} data-testid="price">
      {format(shown)}
      {isConverted && showOriginalCurrency ? (
        <span style={{ marginLeft: 6, color: 'var(--j-text-secondary)', fontSize: '0.86em' }}>({format(money)})</span>
      ) : null}
    </span>
  );
}
