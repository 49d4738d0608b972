import type { Order, SubOrder } from '@junction/domain';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** A ticket whose ride its airline or railway cancelled after booking: marked so on its row, else nothing. */
export function OperatorCancelledTag({ order, sub }: { order: Order; sub: SubOrder }) {
  const { t } = useTranslation('orders');
  // An order kept for offline use before rides' cancellations were told carries none.
  const cancelled = order.cancelledLegs ?? [];
  if (!sub.legs.some((i) => cancelled.includes(i))) return null;
  return (
    <Tag variant="filled" color="red" data-testid="operator-cancelled">
      {t(`tickets.cancelled.${sub.type}`)}
    </Tag>
  );
}
