import { formatTravelTime, type TicketChange } from '@junction/domain';
import { Card, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../../shared/lib/preferences';
import { Price } from '../../../shared/ui/price';
import { RefundTo } from './change-parts';
import styles from './orders.module.css';

const COLORS: Record<TicketChange['status'], string> = {
  'awaiting-payment': 'orange',
  issuing: 'blue',
  done: 'green',
  lapsed: 'default',
  failed: 'red',
};

/** What became of a difference to pay, by the change's status: due, paid, never paid, or paid and given back. */
const DUE_LABEL = {
  'awaiting-payment': 'change.due',
  issuing: 'change.paid',
  done: 'change.paid',
  lapsed: 'change.unpaid',
  failed: 'change.returned',
} as const satisfies Record<TicketChange['status'], string>;

/** What became of a lower fare's refund: on its way while the new ticket is issued, made once it is, none if it is refused. */
const REFUND_LABEL: Record<TicketChange['status'], 'change.refund' | 'change.refundDue' | undefined> = {
  'awaiting-payment': 'change.refundDue',
  issuing: 'change.refundDue',
  done: 'change.refund',
  lapsed: undefined,
  failed: undefined,
};

/** The order's ticket changes (改签): from which trip to which, and what was paid or refunded. */
export function ChangesCard({ changes }: { changes: TicketChange[] }) {
  const { t } = useTranslation('orders');
  const { language } = usePreferences();
  return (
    <Card title={t('change.history')} className={styles.card} data-testid="changes-card">
      <ul className={styles.subOrders}>
        {changes.map((c) => {
          const refundLabel = REFUND_LABEL[c.status];
          return (
            <li key={c.id} className={styles.subOrder} data-testid="change-row" data-status={c.status}>
              <span>
                <strong>{c.from.number}</strong> {formatTravelTime(c.from.departureTime, language)} →{' '}
                <strong>{c.to.number}</strong> {formatTravelTime(c.to.departureTime, language)}
              </span>
              <span className={styles.muted} data-testid="change-sums">
                {c.due.amount > 0 ? (
                  <>
                    {t(DUE_LABEL[c.status])} <Price money={{ amountMinor: c.due.amount, currency: 'CNY' }} />
                  </>
                ) : null}
                {c.refund.amount > 0 && refundLabel ? (
                  <>
                    {t(refundLabel)} <Price money={{ amountMinor: c.refund.amount, currency: 'CNY' }} />{' '}
                    <RefundTo to={c.refundTo} />
                  </>
                ) : null}
              </span>
              <Tag variant="filled" color={COLORS[c.status]} data-testid="change-status">
                {t(`change.status.${c.status}`)}
              </Tag>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
