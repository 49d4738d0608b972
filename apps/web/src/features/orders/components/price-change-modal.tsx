import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { Price } from '../../../shared/ui/price';
import type { Booking } from '../lib/use-booking';
import styles from './orders.module.css';

/** The fare or the baggage price moved while the order was written: the old and new price, continue or not. */
export function PriceChangeModal({ booking }: { booking: Booking }) {
  const { t } = useTranslation('orders');
  const { priceChange, setPriceChange, submit } = booking;
  return (
    <Modal
      open={priceChange !== null}
      title={t('booking.priceChange.title')}
      okText={t('booking.priceChange.continue')}
      cancelText={t('booking.priceChange.cancel')}
      onCancel={() => setPriceChange(null)}
      onOk={() => {
        if (!priceChange) return;
        const { isBaggage, latest, expected } = priceChange;
        setPriceChange(null);
        submit(isBaggage ? { ...expected, baggageMinor: latest } : { ...expected, totalMinor: latest });
      }}
      centered
    >
      {priceChange ? (
        <div data-testid="order-price-change">
          <p>{priceChange.isBaggage ? t('booking.priceChange.baggage') : t('booking.priceChange.fare')}</p>
          <p className={styles.priceChangeRow}>
            <span>{t('booking.priceChange.original')}</span>
            <s data-testid="price-original">
              <Price money={{ amountMinor: priceChange.original, currency: 'CNY' }} />
            </s>
          </p>
          <p className={styles.priceChangeRow}>
            <span>{t('booking.priceChange.latest')}</span>
            <strong data-testid="price-latest">
              <Price money={{ amountMinor: priceChange.latest, currency: 'CNY' }} />
            </strong>
          </p>
        </div>
      ) : null}
    </Modal>
  );
}
