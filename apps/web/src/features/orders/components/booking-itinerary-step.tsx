import type { BookingExtras, BookingOffer } from '@junction/domain';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { legsInChosenClasses } from '../lib/booking-extras';
import { FareRules } from './fare-rules';
import { Itinerary } from './itinerary';
import styles from './orders.module.css';
import { SoldBy } from './sold-by';

/** Step 2 of booking: who sells the trip, its rides in the classes chosen, the self-transfer terms and the fare rules. */
export function BookingItineraryStep({ offer, extras }: { offer: BookingOffer; extras: BookingExtras }) {
  const { t } = useTranslation('orders');
  const result = offer.result;
  return (
    <Card title={t('booking.itinerary.title')} data-testid="step-itinerary">
      <SoldBy sold={result} />
      <Itinerary
        legs={legsInChosenClasses(result.legs, extras)}
        bounds={result.bounds}
        selfTransferMinutes={result.selfTransferMinutes}
      />
      {result.legs.some((l) => l.kind !== 'air' && l.kind !== 'land') ? (
        <p className={styles.muted}>{t('booking.itinerary.guidance')}</p>
      ) : null}
      {result.selfTransferMinutes !== undefined ? (
        <div className={styles.protection} data-testid="self-transfer-protection">
          <strong>{t('booking.itinerary.selfTransfer')}</strong>
          <p>{t('booking.itinerary.selfTransferText', { minutes: result.selfTransferMinutes })}</p>
          <Link to={paths.agreement('connection-protection')} target="_blank" data-testid="protection-terms">
            {t('booking.itinerary.selfTransferTerms')}
          </Link>
        </div>
      ) : null}
      <h3 className={styles.sectionTitle}>{t('booking.itinerary.fareRules')}</h3>
      <FareRules fees={result.fees} legs={result.legs} />
    </Card>
  );
}
