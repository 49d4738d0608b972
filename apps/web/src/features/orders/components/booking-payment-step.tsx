import type { BookingOffer } from '@junction/domain';
import { Button, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-error';
import { RailTicketingSummary } from '../../../widgets/rail/rail-ticketing';
import type { Booking } from '../lib/use-booking';
import { OrderRefusal } from './order-refusal';
import styles from './orders.module.css';
import { PriceBreakdown } from './price-breakdown';
import { WaitlistTerms } from './waitlist-terms';

type Priced = NonNullable<Booking['priced']>;

/** Step 4 of booking: the price to pay, the time to pay it in, and the button that writes the order. */
export function BookingPaymentStep({
  offer,
  booking,
  priced,
}: {
  offer: BookingOffer;
  booking: Booking;
  priced: Priced;
}) {
  const { t } = useTranslation('orders');
  const { way, waitlisted, create, fixOn, submit } = booking;
  return (
    <Card title={t('booking.payment.title')} data-testid="step-payment">
      {offer.trip.rail ? (
        <RailTicketingSummary
          way={way}
          feesMinor={priced.breakdown.serviceFees.reduce((sum, f) => sum + f.totalMinor, 0)}
        />
      ) : null}
      <PriceBreakdown breakdown={priced.breakdown} />
      {waitlisted ? (
        <div className={styles.waitlistOffer} data-testid="waitlist-summary">
          <h3 className={styles.sectionTitle}>{t('waitlist.summaryTitle')}</h3>
          <WaitlistTerms cutoffAt={offer.waitlist.cutoffAt ?? ''} />
        </div>
      ) : null}
      <p className={styles.muted}>{t('booking.payment.deadline', { minutes: offer.paymentMinutes })}</p>
      <OrderRefusal
        error={
          create.error instanceof ApiError && [2005, 2006].includes(create.error.body.errorCode) ? null : create.error
        }
        onFix={fixOn}
      />
      <p className={styles.muted}>{t('booking.payment.agree')}</p>
      <Button
        type="primary"
        size="large"
        block
        loading={create.isPending}
        onClick={() =>
          submit({
            totalMinor: priced.breakdown.totalMinor,
            baggageMinor: priced.breakdown.extras.find((e) => e.kind === 'baggage')?.totalMinor ?? 0,
          })
        }
        data-testid="create-order"
      >
        {waitlisted ? t('waitlist.create') : t('booking.payment.create')}
      </Button>
    </Card>
  );
}
