import type { Money } from '@junction/domain';
import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { Price } from '../../../../shared/ui/price';
import styles from './price-change-modal.module.css';

export type PriceChangeModalProps = {
  change: { previous: Money; latest: Money } | null;
  onContinue: () => void;
  onCancel: () => void;
};

/** Spec §8 "price changed": the original and the latest price before going on to book. */
export function PriceChangeModal({ change, onContinue, onCancel }: PriceChangeModalProps) {
  const { t } = useTranslation('results');
  return (
    <Modal
      open={change !== null}
      title={t('priceChange.title')}
      okText={t('priceChange.continue')}
      cancelText={t('priceChange.back')}
      onOk={onContinue}
      onCancel={onCancel}
      centered
      width={440}
      data-testid="price-change-dialog"
    >
      <p className={styles.text}>{t('priceChange.text')}</p>
      {change ? (
        <dl className={styles.prices}>
          <div>
            <dt>{t('priceChange.previous')}</dt>
            <dd className={styles.previous}>
              <Price money={change.previous} />
            </dd>
          </div>
          <div>
            <dt>{t('priceChange.latest')}</dt>
            <dd className={styles.latest} data-testid="latest-price">
              <Price money={change.latest} />
            </dd>
          </div>
        </dl>
      ) : null}
    </Modal>
  );
}
