import type { ChangeQuote, TicketChange } from '@junction/domain';
import { Button, Card, Descriptions, Skeleton } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../shared/paths';
import { FormError } from '../../../shared/ui/form-error';
import { Price } from '../../../shared/ui/price';
import { useConfirmChange } from '../api/change';
import { RefundTo, TripLine } from './change-parts';
import styles from './orders.module.css';

const cny = (amountMinor: number) => ({ amountMinor, currency: 'CNY' as const });

/**
 * The change of the trip chosen, as the server quotes it: both trips, both fares, the fee and what is paid
 * or refunded (and where to); confirming goes to the payment page when a difference is due.
 */
export function ChangeQuoteCard(p: {
  orderId: string;
  searchId: string;
  resultId: string;
  seatClass: string | undefined;
  /** The travellers who change, by position (`0,2`); every one of the ticket when undefined. */
  travellers: string | undefined;
  quote: ChangeQuote | undefined;
  error: Error | null;
  /** The change confirmed with nothing to pay, with the kind of ticket it changed. */
  onDone: (change: TicketChange, type: ChangeQuote['type']) => void;
}) {
  const { t } = useTranslation('orders');
  const navigate = useNavigate();
  const confirm = useConfirmChange();
  const q = p.quote;
  const card = useRef<HTMLDivElement>(null);
  // The quote comes below a long list of trips: it is brought into view once it is there.
  useEffect(() => {
    if (q) card.current?.scrollIntoView({ behavior: 'smooth', block: 'center' });
  }, [q]);
  if (!q) return p.error ? <FormError error={p.error} /> : <Skeleton active />;
  const rail = q.type === 'railway';
  const onConfirm = async () => {
    const change = await confirm.mutateAsync({
      orderId: q.orderId,
      subOrderId: q.subOrderId,
      searchId: p.searchId,
      resultId: p.resultId,
      ...(p.seatClass ? { seatClass: p.seatClass } : {}),
      ...(p.travellers ? { travellers: p.travellers } : {}),
      expected: { dueMinor: q.due.amount, refundMinor: q.refund.amount },
    });
    if (change.status === 'awaiting-payment') navigate(paths.payment(p.orderId));
    else p.onDone(change, q.type);
  };
  return (
    <Card ref={card} className={styles.card} title={t('change.quote')} data-testid="change-quote">
      <Descriptions column={1} size="small">
        <Descriptions.Item label={t('change.from')}>
          <TripLine trip={q.from} rail={rail} />
        </Descriptions.Item>
        <Descriptions.Item label={t('change.to')}>
          <TripLine trip={q.to} rail={rail} />
        </Descriptions.Item>
        <Descriptions.Item label={t('change.oldFare')}>
          <Price money={cny(q.oldFare.amount)} />
        </Descriptions.Item>
        <Descriptions.Item label={t('change.newFare')}>
          <Price money={cny(q.newFare.amount)} />
        </Descriptions.Item>
        <Descriptions.Item label={t(rail ? 'change.railFee' : 'change.airFee')}>
          <Price money={cny(q.fee.amount)} />
        </Descriptions.Item>
        {q.due.amount > 0 ? (
          <Descriptions.Item label={t('change.due')}>
            <strong data-testid="change-due">
              <Price money={cny(q.due.amount)} />
            </strong>
          </Descriptions.Item>
        ) : null}
        {q.refund.amount > 0 ? (
          <Descriptions.Item label={t('change.refund')}>
            <span>
              <strong data-testid="change-refund">
                <Price money={cny(q.refund.amount)} />
              </strong>{' '}
              <RefundTo to={q.refundTo} />
            </span>
          </Descriptions.Item>
        ) : null}
      </Descriptions>
      <p className={styles.muted}>
        {q.due.amount > 0 ? t('change.dueNote') : q.refund.amount > 0 ? t('change.refundNote') : t('change.evenNote')}
      </p>
      <FormError error={confirm.error} />
      <Button type="primary" size="large" loading={confirm.isPending} onClick={onConfirm} data-testid="change-confirm">
        {q.due.amount > 0 ? t('change.confirmPay') : t('change.confirm')}
      </Button>
    </Card>
  );
}
