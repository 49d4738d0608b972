import { numberFormat } from '@junction/domain';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../../shared/lib/preferences';

/**
 * Grams of CO₂ as "28 kg CO₂" / "28 千克 CO₂": one decimal under 10 kg, whole kilograms above; under 100 g in
 * whole grams ("43 g CO₂" / "43 克 CO₂"), so that a short ride never reads as nothing.
 */
export function useFormatCo2(): (grams: number) => string {
  const { t } = useTranslation('results');
  const { language } = usePreferences();
  return useCallback(
    (grams: number) => {
      if (grams > 0 && grams < 100)
        return t('co2.g', { g: numberFormat(language).format(Math.max(1, Math.round(grams))) });
      const kg = grams / 1000;
      const digits = kg < 10 ? 1 : 0;
      const shown = numberFormat(language, { maximumFractionDigits: digits }).format(kg);
      return t('co2.kg', { kg: shown });
    },
    [t, language],
  );
}
