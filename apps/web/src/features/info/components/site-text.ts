import { type SiteValues, siteValues, useSiteInfo } from '../../../shared/api/site';
import { usePreferences } from '../../../shared/lib/preferences';

/** The operator particulars for the texts' placeholders, in the UI language. */
export function useSiteValues(): SiteValues {
  const info = useSiteInfo();
  const { language } = usePreferences();
  return siteValues(info, language);
}
