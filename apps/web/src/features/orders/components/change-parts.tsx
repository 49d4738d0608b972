import { type ChangeRefundTo, type ChangeTrip, formatTravelTime } from '@junction/domain';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../../shared/lib/preferences';

/** One trip of a change: its train or flight, stations and times, and a train's seat class or a flight's cabin. */
export function TripLine({ trip, rail }: { trip: ChangeTrip; rail?: boolean }) {
  const { t } = useTranslation('orders');
  const { language } = usePreferences();
  const seatClass = rail ? t(`seats.${trip.seatClass}` as 'seats.O') : t(`cabins.${trip.seatClass}` as 'cabins.Y');
  return (
    <span>
      <strong>{trip.number}</strong> · {trip.from[language]} {formatTravelTime(trip.departureTime, language)} →{' '}
      {trip.to[language]} {formatTravelTime(trip.arrivalTime, language)}
      {trip.seatClass ? ` · ${seatClass}` : null}
    </span>
  );
}

/** Where a change's refund goes back: the card by its last four digits, the wallet, Alipay or WeChat Pay. */
export function RefundTo({ to }: { to: ChangeRefundTo | null | undefined }) {
  const { t } = useTranslation('orders');
  if (!to) return null;
  const key = to.method === 'card' && !to.last4 ? 'cardAny' : to.method;
  return (
    <span data-testid="change-refund-to" data-method={to.method}>
      {t(`change.refundTo.${key}` as 'change.refundTo.card', { last4: to.last4 ?? '' })}
    </span>
  );
}
