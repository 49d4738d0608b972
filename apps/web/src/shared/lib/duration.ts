import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** Whole hours and the remaining minutes of a duration. */
export function splitMinutes(totalMinutes: number): { hours: number; minutes: number } {
  const safe = Math.max(0, Math.round(totalMinutes));
  return { hours: Math.floor(safe / 60), minutes: safe % 60 };
}

/** "2 h 15 min" / "2小时15分", "3 h" / "3小时", "45 min" / "45分钟": no part that is zero. */
export function useFormatDuration(): (minutes: number) => string {
  const { t } = useTranslation('common');
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
