import { Trans, useTranslation } from 'react-i18next';
import { usePreferences } from '../../../shared/lib/preferences';
import { type Sold, sellerLabel } from '../../../shared/lib/seller';
import styles from './orders.module.css';

/** Who sells a result or an order, as one sentence of its language ("Sold by: …", "出票方：…"). */
export function SoldBy({ sold }: { sold: Sold }) {
  const { t } = useTranslation('orders');
  const { language } = usePreferences();
  return (
    <p className={styles.seller} data-testid="sold-by">
      <Trans
        t={t}
        i18nKey="booking.itinerary.seller"
        values={{ seller: sellerLabel(sold, t, language) }}
        components={{ b: <strong /> }}
      />
    </p>
  );
}
