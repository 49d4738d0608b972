import { ArrowUpOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import styles from './new-results-bar.module.css';

export type NewResultsBarProps = { count: number; onShow: () => void };

/** Results held back while the traveller reads (see `useHeldResults`), offered in one click. */
export function NewResultsBar({ count, onShow }: NewResultsBarProps) {
  const { t } = useTranslation('results');
  if (count <= 0) return null;
  return (
    <div className={styles.wrap}>
      <div className={styles.bar} role="status" data-testid="new-results-bar" title={t('newResults.hint')}>
        <span>{t('newResults.count', { count })}</span>
        <button type="button" className={styles.show} onClick={onShow} data-testid="show-new-results">
          <ArrowUpOutlined /> {t('newResults.show')}
        </button>
      </div>
    </div>
  );
}
