import { useTranslation } from 'react-i18next';
import styles from './orders.module.css';
import { WaitlistCutoff } from './waitlist-card';

/** What joining the waiting list means, shown before the order is made and before paying. */
export function WaitlistTerms({ cutoffAt }: { cutoffAt: string }) {
  const { t } = useTranslation('orders');
  return (
    <div data-testid="waitlist-terms">
      <p className={styles.muted}>{t('waitlist.joinIntro')}</p>
      <ul>
        <li>
          {t('waitlist.cutoffRule')} <WaitlistCutoff cutoffAt={cutoffAt} />
        </li>
        <li>{t('waitlist.held')}</li>
        <li>{t('waitlist.refund')}</li>
        <li>{t('waitlist.cardOnly')}</li>
      </ul>
    </div>
  );
}
