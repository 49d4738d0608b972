import { railSavesMost, railSavingShare, resultCo2Grams, type SearchResult } from '@junction/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../../shared/paths';
import { useFormatCo2 } from '../../lib/use-co2-format';
import styles from './result-card.module.css';

/** A result's estimated CO₂ per traveller, and a badge when its trains save most of what flying emits. */
export function Co2Chips({ result }: { result: SearchResult }) {
  const { t } = useTranslation('results');
  const formatCo2 = useFormatCo2();
  const grams = resultCo2Grams(result);
  const saving = railSavingShare(result);
  return (
    <>
      <Link
        to={paths.co2Method()}
        className={`${styles.chip} ${styles.chipCo2}`}
        data-testid="co2"
        data-grams={grams}
        title={t('co2.perTraveller')}
      >
        {formatCo2(grams)}
      </Link>
      {railSavesMost(saving) ? (
        <span className={`${styles.chip} ${styles.chipGood}`} data-testid="co2-saving">
          {t('co2.saving', { percent: Math.round(saving * 100) })}
        </span>
      ) : null}
    </>
  );
}
