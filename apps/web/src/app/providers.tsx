import type { Language } from '@junction/domain';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/en';
import 'dayjs/locale/zh-cn';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../shared/api/api-client';
import { AuthProvider } from '../shared/auth/auth-context';
import { usePreferences } from '../shared/lib/preferences';
import { MessageDialogProvider, useMessageDialog } from '../shared/ui/message-dialog';
import { theme } from './theme';

const ANT_LOCALES: Record<Language, typeof enUS> = { en: enUS, 'zh-CN': zhCN };
const DAYJS_LOCALES: Record<Language, string> = { en: 'en', 'zh-CN': 'zh-cn' };

/** Spec §9: the error toast stays three seconds. */
export const ERROR_TOAST_SECONDS = 3;

/**
 * The cross-cutting answers to failed API calls (spec §8) for every query and mutation:
 * 419 opens the busy dialog, a 5xx shows a three-second toast with the status and errorContent.
 */
function QueryProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation('errors');
  const { showMessage } = useMessageDialog();
  const { message } = AntApp.useApp();
  const onErrorRef = useRef<(error: unknown, silent: boolean) => void>(() => {});
  onErrorRef.current = (error, silent) => {
    if (!(error instanceof ApiError) || silent) return;
    if (error.status === 419) {
      showMessage({ type: 'CONFIRM', content: t('busy') });
    } else if (error.status >= 500) {
      message.error({
        content: t('serverError', { status: error.status, detail: error.body.errorContent }),
        duration: ERROR_TOAST_SECONDS,
      });
    }
  };
  const [client] = useState(
    () =>
      new QueryClient({
        queryCache: new QueryCache({ onError: (e, query) => onErrorRef.current(e, query.meta?.silent === true) }),
        mutationCache: new MutationCache({
          onError: (e, _v, _c, mutation) => onErrorRef.current(e, mutation.meta?.silent === true),
        }),
        defaultOptions: {
          queries: {
            retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 1,
            refetchOnWindowFocus: false,
          },
        },
      }),
  );
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

export type AppProvidersProps = { children: ReactNode; goHome: () => void; goToLogin: () => void };

export function AppProviders({ children, goHome, goToLogin }: AppProvidersProps) {
  const { language } = usePreferences();
  const { i18n } = useTranslation();

  useEffect(() => {
    if (i18n.language !== language) void i18n.changeLanguage(language);
    dayjs.locale(DAYJS_LOCALES[language]);
    document.documentElement.lang = language;
  }, [i18n, language]);

  return (
    <ConfigProvider locale={ANT_LOCALES[language]} theme={theme} button={{ autoInsertSpace: false }}>
      <AntApp>
        <MessageDialogProvider goHome={goHome}>
          <QueryProvider>
            <AuthProvider onSessionLost={goToLogin}>{children}</AuthProvider>
          </QueryProvider>
        </MessageDialogProvider>
      </AntApp>
    </ConfigProvider>
  );
}
