import { numberFormat } from '@junction/domain';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../../shared/lib/preferences';

/** Grams of CO₂ as "28 kg CO₂" / "28 千克 CO₂": one decimal under 10 kg, whole kilograms above. */
export function useFormatCo2(): (grams: number) => string {
  const { t } = useTranslation('results');
  const { language } = usePreferences();
  return useCallback(
    (grams: number) => {
      const kg = grams / 1000;
      const digits = kg < 10 ? 1 : 0;
      const shown = numberFormat(language, { maximumFractionDigits: digits }).format(kg);
      return t('co2.kg', { kg: shown });
    },
    [t, language],
  );
}
