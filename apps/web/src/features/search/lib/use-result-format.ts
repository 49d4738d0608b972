import { dateTimeFormat, fromRequestDate } from '@junction/domain';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
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
  return dateTimeFormat(language, { ...options, timeZone: 'UTC' }).format(
    new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1)),
  );
}
