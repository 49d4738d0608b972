import { CheckCircleFilled, InfoCircleOutlined, LoadingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { SearchSession } from '../../lib/search-session';
import styles from './search-progress.module.css';

export type SearchProgressProps = {
  session: SearchSession;
  shownCount: number;
  /** The search stopped on an error: nothing is on its way any more. */
  isStopped?: boolean;
};

/**
 * Spec §4: a preparation message first, then how many suppliers answered, until done. Suppliers that
 * failed are mentioned once the search is over; their absence changes nothing else.
 */
export function SearchProgress({ session, shownCount, isStopped = false }: SearchProgressProps) {
  const { t } = useTranslation('results');
  const { answered, total, done, failed, phase } = session;
  const isPreparing = !done && (session.searchId === null || phase === 'request' || total === 0);
  const percent = done ? 100 : total > 0 ? Math.max(6, Math.round((answered / total) * 100)) : 4;
  const text = done
    ? t('progress.complete', { count: shownCount, total })
    : isPreparing
      ? t('progress.preparing')
      : phase === 'filter' && answered === 0
        ? t('progress.filtering')
        : t('progress.answered', { answered, total });

  return (
    <div className={styles.root} data-testid="search-progress" data-done={done}>
      <div className={styles.line} role="status" aria-live="polite">
        {done ? (
          <CheckCircleFilled className={styles.doneIcon} />
        ) : isStopped ? (
          <InfoCircleOutlined />
        ) : (
          <LoadingOutlined className={styles.spinIcon} />
        )}
        <span>{text}</span>
        {done && failed.length > 0 ? (
          <span className={styles.failed}>
            <InfoCircleOutlined /> {t('progress.failed', { count: failed.length })}
          </span>
        ) : null}
      </div>
      <div
        className={`${styles.track} ${done || isStopped ? styles.trackDone : ''}`}
        role="progressbar"
        aria-label={t('progress.label')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div
          className={isPreparing ? `${styles.fill} ${styles.fillIndeterminate}` : styles.fill}
          style={isPreparing ? undefined : { width: `${percent}%` }}
        />
      </div>
    </div>
  );
}
