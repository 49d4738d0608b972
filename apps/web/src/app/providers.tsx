import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryProvider } from '../shared/api/query-provider';
import { currenciesQueryOptions, holidayCalendarQueryOptions } from '../shared/api/reference';
import { AuthProvider } from '../shared/auth/auth-context';
import { usePreferences } from '../shared/lib/preferences';
import { MessageDialogProvider } from '../shared/ui/message-dialog';
import { setPageLanguage } from './page-language';

/** Spec §3: the calendar info (and the currency table every price needs) load when the app starts. */
function StartupData() {
  useQuery(holidayCalendarQueryOptions());
  useQuery(currenciesQueryOptions());
  return null;
}

export type AppProvidersProps = { children: ReactNode; goHome: () => void; goToLogin: () => void };

export function AppProviders({ children, goHome, goToLogin }: AppProvidersProps) {
  const { language } = usePreferences();
  const { i18n } = useTranslation();

  useEffect(() => {
    if (i18n.language !== language) void i18n.changeLanguage(language);
    setPageLanguage(language);
  }, [i18n, language]);

  return (
    <MessageDialogProvider goHome={goHome}>
      <QueryProvider goHome={goHome}>
        <StartupData />
        <AuthProvider onSessionLost={goToLogin}>{children}</AuthProvider>
      </QueryProvider>
    </MessageDialogProvider>
  );
}
