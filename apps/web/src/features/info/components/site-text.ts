import { useTranslation } from 'react-i18next';
import { type SiteValues, siteValues, useSiteInfo } from '../../../shared/api/site';
import { usePreferences } from '../../../shared/lib/preferences';

/** The operator particulars for the texts' placeholders, in the UI language. */
export function useSiteValues(): SiteValues {
  const info = useSiteInfo();
  const { language } = usePreferences();
  const { t } = useTranslation('common');
  return siteValues(info, language, (value) => t('footer.sampleMark', { value }));
}
