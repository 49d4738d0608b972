import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { unauthorizedEvents } from '../auth/auth-events';
import { useMessageDialog } from '../ui/message-dialog';
import { showErrorToast } from '../ui/toast';
import { ApiError } from './api-error';

/** Spec §9: the error toast stays three seconds. */
export const ERROR_TOAST_SECONDS = 3;

export type QueryProviderProps = { children: ReactNode; goHome: () => void };

/**
 * The cross-cutting answers to failed API calls (spec §8), for every query and mutation: 401 opens the
 * login dialog (which reloads the page after signing in), 403 the expired dialog that goes home, 409
 * goes home, 419 the busy dialog, a 5xx a three-second toast with the status and errorContent. No error
 * code of ours answers 403 or 409 (ADR 0006), so these rules are safe for every call. A query or
 * mutation with `meta.silent` handles its own failures.
 */
export function QueryProvider({ children, goHome }: QueryProviderProps) {
  const { t } = useTranslation('errors');
  const { showMessage } = useMessageDialog();
  const onErrorRef = useRef<(error: unknown, silent: boolean) => void>(() => {});
  onErrorRef.current = (error, silent) => {
    if (!(error instanceof ApiError) || silent) return;
    if (error.status === 401) {
      unauthorizedEvents.emit();
    } else if (error.status === 403) {
      showMessage({ type: 'TO_HOMEPAGE', content: t('resultsExpired') });
    } else if (error.status === 409) {
      goHome();
    } else if (error.status === 419) {
      showMessage({ type: 'CONFIRM', content: t('busy') });
    } else if (error.status >= 500) {
      showErrorToast(t('serverError', { status: error.status, detail: error.body.errorContent }), ERROR_TOAST_SECONDS);
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
