import { type Currency, convertMoney, formatMoney, type Money } from '@junction/domain';
import { useCurrencyTable } from '../api/reference';
import { usePreferences } from '../lib/preferences';

export type PriceProps = { money: Money; className?: string };

/**
 * An amount in the display currency, rounded up (spec §9), with the original amount beside it when the
 * traveller asked for it or when no rate is known.
 */
export function Price({ money, className }: PriceProps) {
  const { currency, showOriginalCurrency, language } = usePreferences();
  const table = useCurrencyTable().data;
  const converted = table ? convertMoney(money, currency as Currency, table.rates.rates) : undefined;
  const shown = converted ?? money;
  const isConverted = shown.currency !== money.currency;
  return (
    <span className={className} data-testid="price">
      {formatMoney(shown, language)}
      {isConverted && showOriginalCurrency ? (
        <span style={{ marginLeft: 6, color: 'var(--j-text-secondary)', fontSize: '0.86em' }}>
          ({formatMoney(money, language)})
        </span>
      ) : null}
    </span>
  );
}
