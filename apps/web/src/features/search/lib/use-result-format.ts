import { type Currency, convertMoney, fromRequestDate, type Money } from '@junction/domain';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrencyTable } from '../../../shared/api/reference';
import { usePreferences } from '../../../shared/lib/preferences';
import { useFormatMoney } from '../../../shared/ui/price';
import { splitMinutes } from './time';

/** "2 h 15 min" / "2小时15分". */
export function useFormatDuration(): (minutes: number) => string {
  const { t } = useTranslation('results');
  return useCallback(
    (total: number) => {
      const { hours, minutes } = splitMinutes(total);
      if (hours === 0) return t('duration.m', { minutes });
      if (minutes === 0) return t('duration.h', { hours });
      return t('duration.hm', { hours, minutes });
    },
    [t],
  );
}

/** A request date `yyyy/MM/dd` as "Thu, 1 May" / "5月1日周四". */
export function formatRequestDate(
  date: string,
  language: string,
  options: Intl.DateTimeFormatOptions = { weekday: 'short', month: 'short', day: 'numeric' },
): string {
  const [y, m, d] = (fromRequestDate(date) ?? '').split('-').map(Number);
  return new Intl.DateTimeFormat(language, { ...options, timeZone: 'UTC' }).format(
    new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1)),
  );
}

/** An amount in CNY hundredths shown in the display currency (for texts such as the "Best" hint). */
export function useFormatCny(): (amountMinor: number) => string {
  const { currency } = usePreferences();
  const rates = useCurrencyTable().data?.rates.rates;
  const format = useFormatMoney();
  return useCallback(
    (amountMinor: number) => {
      const cny: Money = { amountMinor, currency: 'CNY' };
      const shown = rates ? (convertMoney(cny, currency as Currency, rates) ?? cny) : cny;
      return format(shown);
    },
    [currency, rates, format],
  );
}
