import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { unauthorizedEvents } from '../auth/auth-events';
import { useMessageDialog } from '../ui/message-dialog';
import { showErrorToast } from '../ui/toast';
import { ApiError, isBusy } from './api-error';
import { BusyNotice } from './busy-notice';
import { busyDelayMs, busyRetries } from './busy-retry';

/** Spec §9: the error toast stays three seconds. */
export const ERROR_TOAST_SECONDS = 3;

export type QueryProviderProps = { children: ReactNode; goHome: () => void };

/**
 * The cross-cutting answers to failed API calls (spec §8), for every query and mutation: 401 opens the
 * login dialog (which reloads the page after signing in), 403 the expired dialog that goes home, 409
 * goes home, 419 the busy dialog, a 5xx a three-second toast with the status and errorContent. No error
 * code of ours answers 403 or 409 (ADR 0006), so these rules are safe for every call. A query or
 * mutation with `meta.silent` handles its own failures.
 *
 * Busy (419): what the page reads by itself (a query) is tried again with growing waits while a line at
 * the top says the service is busy, and only if it is still refused after about half a minute does the
 * busy dialog open; what the traveller did (a mutation: pay, book, sign in) is never sent again by itself,
 * and the busy dialog tells them at once, so they decide. A query with `meta.handlesBusy` (the search,
 * which says so on its page and tries again itself) opens no dialog.
 */
export function QueryProvider({ children, goHome }: QueryProviderProps) {
  const { t } = useTranslation('errors');
  const { showMessage } = useMessageDialog();
  const onErrorRef = useRef<(error: unknown, silent: boolean, handlesBusy?: boolean) => void>(() => {});
  onErrorRef.current = (error, silent, handlesBusy = false) => {
    if (!(error instanceof ApiError) || silent) return;
    if (error.status === 401) {
      unauthorizedEvents.emit();
    } else if (error.status === 403) {
      showMessage({ type: 'TO_HOMEPAGE', content: t('resultsExpired') });
    } else if (error.status === 409) {
      goHome();
    } else if (error.status === 419) {
      if (!handlesBusy) showMessage({ type: 'CONFIRM', content: t('busy') });
    } else if (error.status >= 500) {
      showErrorToast(t('serverError', { status: error.status, detail: error.body.errorContent }), ERROR_TOAST_SECONDS);
    }
  };
  const [client] = useState(
    () =>
      new QueryClient({
        queryCache: new QueryCache({
          onError: (e, query) => onErrorRef.current(e, query.meta?.silent === true, query.meta?.handlesBusy === true),
        }),
        mutationCache: new MutationCache({
          onError: (e, _v, _c, mutation) => onErrorRef.current(e, mutation.meta?.silent === true),
        }),
        defaultOptions: {
          queries: {
            retry: (count, error) =>
              isBusy(error) ? count < busyRetries() : !(error instanceof ApiError && error.status < 500) && count < 1,
            retryDelay: (count, error) =>
              isBusy(error) ? busyDelayMs(count, error) : Math.min(1000 * 2 ** count, 30_000),
            refetchOnWindowFocus: false,
          },
        },
      }),
  );
  return (
    <QueryClientProvider client={client}>
      <BusyNotice />
      {children}
    </QueryClientProvider>
  );
}
