import type { OrderListItem } from '@junction/domain';
import { useTranslation } from 'react-i18next';
import { formatTravelTime } from '../../../shared/lib/format';
import { usePreferences } from '../../../shared/lib/preferences';
import { TravelDates } from '../../../shared/ui/travel-dates';

/**
 * An order's times in its header (the orders list and the order page): the trip's departure and arrival
 * while every traveller rides it, else the earliest train's departure and that they ride different trains.
 */
export function OrderDates({
  order,
}: {
  order: Pick<OrderListItem, 'departureTime' | 'arrivalTime' | 'separateTrains'>;
}) {
  const { t } = useTranslation('orders');
  const { language } = usePreferences();
  if (!order.separateTrains) return <TravelDates departure={order.departureTime} arrival={order.arrivalTime} />;
  return (
    <span data-testid="separate-trains">
      {t('order.separateTrains', { time: formatTravelTime(order.departureTime, language) })}
    </span>
  );
}
