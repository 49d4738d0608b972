import { RAIL_REFUND_LADDER } from '@junction/domain';
import { useTranslation } from 'react-i18next';
import styles from './rail.module.css';

/**
 * China Railway's own refund and change rules, as the refund of a train ticket applies them: a share of
 * the fare by the time left before departure (the domain's ladder), one free change, and our ticketing
 * service fee kept once the ticket is issued. Trains show these instead of an airline's fee table.
 */
export function RailTerms() {
  const { t } = useTranslation('rail');
  return (
    <div className={styles.terms} data-testid="rail-terms">
      <h4 className={styles.termsTitle}>{t('terms.title')}</h4>
      <p className={styles.termsLabel}>{t('terms.refund')}</p>
      <ul className={styles.termsList}>
        {RAIL_REFUND_LADDER.map((step) => (
          <li key={step.rule} data-testid="rail-terms-step">
            {t(`terms.ladder.${step.rule}`, { percent: step.percent })}
          </li>
        ))}
      </ul>
      <p className={styles.termsNote}>{t('terms.rounding')}</p>
      <p className={styles.termsNote}>{t('terms.change')}</p>
      <p className={styles.termsNote}>{t('terms.serviceFee')}</p>
    </div>
  );
}
