import type { OrderStatus } from '@junction/domain';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLOR: Record<string, string> = {
  INVALID: 'default',
  '0': 'orange',
  '1': 'orange',
  '2': 'blue',
  '3': 'default',
  '4': 'processing',
  '5': 'green',
  '6': 'default',
  '7': 'default',
  '8': 'purple',
};

export type OrderStatusTagProps = { status: OrderStatus };

/** An order's status (spec §4) as a badge, in the user's language. */
export function OrderStatusTag({ status }: OrderStatusTagProps) {
  const { t } = useTranslation('orders');
  const key = String(status) as keyof typeof COLOR;
  return (
    <Tag color={COLOR[key]} data-testid="order-status" data-status={key} variant="filled">
      {t(`status.${key}` as 'status.0')}
    </Tag>
  );
}
