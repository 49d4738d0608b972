import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the browser tab title to "<title> · Junction" in the UI language. */
export function useDocumentTitle(title: string): void {
  const { t } = useTranslation('common');
  const full = t('pageTitle', { title });
  useEffect(() => {
    document.title = full;
  }, [full]);
}
