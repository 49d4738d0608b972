import { dateTimeFormat, ERRORS, type Order, type TicketRefundQuote } from '@junction/domain';
import { Alert, Button, Modal, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../shared/api/api-error';
import { usePreferences } from '../../../shared/lib/preferences';
import { paths } from '../../../shared/paths';
import { FormError } from '../../../shared/ui/form-error';
import { Charged } from '../../../shared/ui/price';
import { type RefundTickets, useRefundQuote, useRequestRefund } from '../api/fulfilment';
import styles from './orders.module.css';

export type RefundDialogProps = {
  /** The order, with its sub-orders: everyone's refund on one is offered when the tickets chosen cannot go alone. */
  order: Pick<Order, 'id' | 'subOrders'>;
  tickets: RefundTickets | null;
  /** Asks for the quote of other tickets: everyone's, when the ones chosen cannot be refunded alone. */
  onTickets: (tickets: RefundTickets) => void;
  onClose: () => void;
};

const money = (amount: number) => <Charged amountMinor={amount} />;

/**
 * Refusals the dialog answers with everyone's refund instead: a child's or an infant's ticket left without an
 * adult (2206), and a booking the airline cancels only whole.
 */
function wantsEveryone(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.errorCode === ERRORS.REFUND_LEAVES_CHILD.errorCode || refusalOf(error) === 'whole-booking';
}

/** Refusals (2202) the order page explains beyond "cannot be refunded": what the traveller may do instead. */
const REFUSALS = ['whole-booking'] as const;
function refusalOf(error: unknown): (typeof REFUSALS)[number] | null {
  if (!(error instanceof ApiError) || error.errorCode !== ERRORS.REFUND_NOT_ALLOWED.errorCode) return null;
  const reason = error.body.params?.reason;
  return REFUSALS.find((r) => r === reason) ?? null;
}

/**
 * The refund quote of the tickets chosen (spec §4) — one ticket, a traveller's every ticket, or everyone's
 * on a ticket — each with its fee by its own rules, then confirmation. One refund opens its page; several
 * leave the traveller on the order, where each ticket shows its refund.
 */
export function RefundDialog({ order, tickets, onTickets, onClose }: RefundDialogProps) {
  const orderId = order.id;
  const { t } = useTranslation('orders');
  const { language } = usePreferences();
  const navigate = useNavigate();
  const open = tickets !== null;
  const quote = useRefundQuote(orderId, tickets ?? {}, open);
  const request = useRequestRefund();
  const dateTime = dateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
  const q = quote.data;
  const rules = q ? [...new Set(q.tickets.map((x) => x.rule))] : [];
  const refusal = refusalOf(quote.error ?? request.error);
  // Refused alone, the tickets are offered with everyone's of the same booking.
  const only = order.subOrders.length === 1 ? order.subOrders[0]?.id : undefined;
  const subOrderId = tickets?.subOrderId ?? only;
  const instead = subOrderId ? { subOrderId } : null;
  const offerEveryone = instead !== null && tickets?.traveller !== undefined && wantsEveryone(quote.error);
  return (
    <Modal
      open={open}
      title={t('refund.quoteTitle')}
      okText={t('refund.confirm')}
      cancelText={t('refund.keep')}
      okButtonProps={
        { danger: true, disabled: !q, loading: request.isPending, 'data-testid': 'confirm-refund' } as never
      }
      onCancel={onClose}
      onOk={async () => {
        if (!q || !tickets) return;
        const made = await request.mutateAsync({ orderId, ...tickets, expectedFeeMinor: q.fee.amount });
        onClose();
        const [only] = made.refunds;
        if (made.refunds.length === 1 && only) navigate(paths.refundDetail(only.id));
      }}
      destroyOnHidden
    >
      {quote.isPending && open ? <Skeleton active paragraph={{ rows: 3 }} /> : null}
      {quote.error ? <FormError error={quote.error} /> : null}
      {refusal ? (
        <p className={styles.muted} data-testid="refund-refusal">
          {t(`refund.refusals.${refusal}`)}
        </p>
      ) : null}
      {offerEveryone && instead ? (
        <Button onClick={() => onTickets(instead)} data-testid="refund-everyone-instead">
          {t('refund.everyoneInstead')}
        </Button>
      ) : null}
      {q ? (
        <div data-testid="refund-quote">
          <table className={styles.refundTable}>
            <thead>
              <tr>
                <th>{t('ticketing.traveller')}</th>
                <th>{t('refund.paid')}</th>
                <th>{t('refund.kept')}</th>
                <th>{t('refund.refunded')}</th>
              </tr>
            </thead>
            <tbody>
              {q.tickets.map((x) => (
                <QuoteRow key={`${x.subOrderId}-${x.travellerPosition}`} quote={x} />
              ))}
            </tbody>
          </table>
          <dl className={styles.refundTotal}>
            <dt>{t('refund.fee')}</dt>
            <dd data-testid="quote-fee" data-amount={q.fee.amount}>
              {money(q.fee.amount)}
            </dd>
            {q.serviceFee.amount > 0 ? (
              <>
                <dt>{t('refund.serviceFee')}</dt>
                <dd data-testid="quote-service-fee" data-amount={q.serviceFee.amount}>
                  {money(q.serviceFee.amount)}
                </dd>
              </>
            ) : null}
            <dt>{t('refund.refunded')}</dt>
            <dd>
              <strong data-testid="quote-refunded" data-amount={q.refunded.amount}>
                {money(q.refunded.amount)}
              </strong>
            </dd>
          </dl>
          <Alert
            type="info"
            showIcon
            className={styles.refundRules}
            title={rules.map((rule) => t(`refund.rules.${rule}` as 'refund.rules.rail-8d')).join(' · ')}
            description={
              <>
                {q.serviceFee.amount > 0 ? <p>{t('refund.serviceFeeKept')}</p> : null}
                {t('refund.receivedBefore', { time: dateTime.format(new Date(q.deadline)) })}
              </>
            }
          />
        </div>
      ) : null}
      <FormError error={request.error} />
    </Modal>
  );
}

/** One ticket of the quote: who, on which flight or train, what was paid, the fee, what comes back. */
function QuoteRow({ quote: x }: { quote: TicketRefundQuote }) {
  const { t } = useTranslation('orders');
  return (
    <tr data-testid="quote-ticket">
      <td>
        <span className={styles.choiceName}>{x.traveller ?? t('refund.everyone')}</span>
        <span className={styles.muted}>
          {' '}
          {t(x.type === 'railway' ? 'refund.train' : 'refund.flight')} {x.trip}
        </span>
      </td>
      <td>{money(x.paid.amount)}</td>
      <td>{money(x.fee.amount + x.serviceFee.amount)}</td>
      <td>{money(x.refunded.amount)}</td>
    </tr>
  );
}
