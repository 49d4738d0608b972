import type { BookingExtras, BookingOffer } from '@junction/domain';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../../shared/lib/preferences';
import { sellerLabel } from '../../../shared/lib/seller';
import { Price } from '../../../shared/ui/price';
import { TravelDates } from '../../../shared/ui/travel-dates';
import { legsInChosenClasses } from '../lib/booking-extras';
import type { Booking } from '../lib/use-booking';
import styles from './orders.module.css';

type SummaryProps = { offer: BookingOffer; extras: BookingExtras; travellers: number; priced: Booking['priced'] };

/** The booking's summary beside its steps: the route, the dates, the seller, the trains' classes and the total. */
export function BookingSummary({ offer, extras, travellers, priced }: SummaryProps) {
  const { t } = useTranslation('orders');
  const { language } = usePreferences();
  const result = offer.result;
  // Each train in the class chosen for it, on the card or in step 3.
  const trains = legsInChosenClasses(result.legs, extras).filter((l) => l.kind === 'land');
  const first = result.legs[0];
  const last = result.legs[result.legs.length - 1];
  return (
    <Card title={t('booking.summary.title')} className={styles.summary} data-testid="booking-summary">
      <p className={styles.route}>
        {first ? (first.from.city?.name ?? first.from.name)[language] : ''} →{' '}
        {last ? (last.to.city?.name ?? last.to.name)[language] : ''}
      </p>
      <p className={styles.muted} data-testid="summary-dates">
        {first && last ? <TravelDates departure={first.departureTime} arrival={last.arrivalTime} /> : null}
      </p>
      <p className={styles.muted}>{t('booking.summary.soldBy', { seller: sellerLabel(result, t, language) })}</p>
      {trains.length > 0 ? (
        <p className={styles.muted} data-testid="summary-trains">
          {trains.map((l) => `${l.number} ${t(`seats.${l.cabin ?? ''}` as 'seats.O')}`).join(' · ')}
        </p>
      ) : null}
      <p className={styles.muted}>{t('booking.summary.travellers', { count: travellers })}</p>
      <div className={styles.summaryTotal}>
        <span>{t('booking.summary.total')}</span>
        {priced ? (
          <strong data-testid="summary-total">
            <Price money={{ amountMinor: priced.breakdown.totalMinor, currency: 'CNY' }} />
          </strong>
        ) : (
          <span className={styles.muted}>—</span>
        )}
      </div>
    </Card>
  );
}
