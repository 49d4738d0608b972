import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { isBusy } from './api-error';
import styles from './busy-notice.module.css';

/** Whether some query is being tried again because the server was busy (419). */
const anyBusy = (client: QueryClient) =>
  client
    .getQueryCache()
    .getAll()
    .some((q) => q.state.fetchStatus === 'fetching' && isBusy(q.state.fetchFailureReason));

/**
 * A line at the top of the page while the server is too busy to answer some of what the page asked for,
 * saying so (not blaming the traveller's connection) while the calls are tried again by themselves.
 */
export function BusyNotice() {
  const client = useQueryClient();
  const { t } = useTranslation('load');
  const subscribe = useCallback((onChange: () => void) => client.getQueryCache().subscribe(onChange), [client]);
  const busy = useSyncExternalStore(
    subscribe,
    () => anyBusy(client),
    () => false,
  );
  if (!busy) return null;
  return (
    <div className={styles.notice} role="status" data-testid="busy-notice">
      {t('busy')}
    </div>
  );
}
