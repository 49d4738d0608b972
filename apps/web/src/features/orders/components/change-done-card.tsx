import type { TicketChange } from '@junction/domain';
import { Button, Card, Descriptions, Result, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { Price } from '../../../shared/ui/price';
import { useOrderFulfilment } from '../api/fulfilment';
import { RefundTo, TripLine } from './change-parts';
import styles from './orders.module.css';

const TITLES = {
  'awaiting-payment': 'change.awaitingTitle',
  issuing: 'change.issuingTitle',
  done: 'change.doneTitle',
  lapsed: 'change.lapsedTitle',
  failed: 'change.failedTitle',
} as const satisfies Record<TicketChange['status'], string>;

/**
 * A change confirmed with nothing to pay: the new trip, and for a cheaper one how much comes back and to
 * where, followed on the order's record until the new ticket is issued or refused.
 */
export function ChangeDoneCard(p: { orderId: string; confirmed: TicketChange; rail: boolean }) {
  const { orderId, confirmed, rail } = p;
  const { t } = useTranslation('orders');
  const fulfilment = useOrderFulfilment(orderId, true);
  const change = fulfilment.data?.changes.find((c) => c.id === confirmed.id) ?? confirmed;
  const done = change.status === 'done';
  // A lapsed change or a refused new ticket leaves the old ticket standing, and no money moves.
  const refunded = change.refund.amount > 0 && change.status !== 'failed' && change.status !== 'lapsed';
  return (
    <Card className={styles.card} data-testid="change-done" data-status={change.status}>
      <Result
        status={refunded || change.refund.amount === 0 ? 'success' : 'warning'}
        title={t(TITLES[change.status])}
        subTitle={<Tag variant="filled">{t(`change.status.${change.status}`)}</Tag>}
      />
      <Descriptions column={1} size="small">
        <Descriptions.Item label={t('change.from')}>
          <TripLine trip={change.from} rail={rail} />
        </Descriptions.Item>
        <Descriptions.Item label={t('change.to')}>
          <TripLine trip={change.to} rail={rail} />
        </Descriptions.Item>
        {refunded ? (
          <Descriptions.Item label={t('change.refund')}>
            <span data-testid="change-done-refund">
              <strong>
                <Price money={{ amountMinor: change.refund.amount, currency: 'CNY' }} />
              </strong>{' '}
              <RefundTo to={change.refundTo} />
            </span>
          </Descriptions.Item>
        ) : null}
      </Descriptions>
      {refunded && !done ? <p className={styles.muted}>{t('change.refundNote')}</p> : null}
      <Link to={paths.order(orderId)}>
        <Button type="primary" data-testid="change-done-order">
          {t('change.back')}
        </Button>
      </Link>
    </Card>
  );
}
