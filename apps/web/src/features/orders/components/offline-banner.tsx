import { dateTimeFormat } from '@junction/domain';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../../shared/lib/preferences';
import styles from './orders.module.css';

export type OfflineBannerProps = {
  /** When the copy shown was saved (ms since the epoch); null while the page shows the network's answer. */
  savedAt: number | null;
  /** The list of trips or one order's tickets. */
  what: 'trips' | 'order';
  /** The time the page is drawn at, for whether the copy is from today (tests fix it). */
  now?: Date;
};

/** The time a copy was saved: the time alone today, with the date on another day. */
function savedTime(savedAt: Date, now: Date, language: string): string {
  const today = savedAt.toDateString() === now.toDateString();
  return dateTimeFormat(language, today ? { timeStyle: 'short' } : { dateStyle: 'medium', timeStyle: 'short' }).format(
    savedAt,
  );
}

/**
 * Says the page shows the trips as the device saved them, without a connection, and that paying, changing,
 * refunding and chat wait for one; gone once the network answers again.
 */
export function OfflineBanner({ savedAt, what, now = new Date() }: OfflineBannerProps) {
  const { t } = useTranslation('orders');
  const { language } = usePreferences();
  if (savedAt === null) return null;
  return (
    <Alert
      type="warning"
      showIcon
      role="status"
      className={styles.offlineBanner}
      data-testid="offline-banner"
      title={t(`offline.${what}`, { time: savedTime(new Date(savedAt), now, language) })}
      description={t('offline.actions')}
    />
  );
}
