import {
  dateTimeFormat,
  isIssuing,
  isTicketFallen,
  isTicketStanding,
  isWaitlisted,
  type Order,
  type OrderFulfilment,
  SUB_ORDER_STATUS,
} from '@junction/domain';
import { Alert, Button, Card, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePreferences } from '../../../shared/lib/preferences';
import { useMediaQuery } from '../../../shared/lib/use-media-query';
import { paths } from '../../../shared/paths';
import { Price } from '../../../shared/ui/price';
import { RailTicketingTag } from '../../../widgets/rail/rail-ticketing';
import type { RefundTickets } from '../api/fulfilment';
import { canRefundTicket, refundReading } from '../lib/ticket-refunds';
import { OperatorCancelledTag } from './operator-cancelled-tag';
import styles from './orders.module.css';
import { RailEntryNote } from './rail-entry-note';
import { TicketList } from './ticket-list';

export type TicketsCardProps = {
  order: Order;
  fulfilment: OrderFulfilment | undefined;
  /** Asks for the refund of one ticket, or of everyone's on a sub-order. */
  onRefund: (tickets: RefundTickets) => void;
  /** The tickets that may be changed now (改签). */
  changeable?: ReadonlySet<string>;
  /** Without a connection, changing and refunding wait for one. */
  online?: boolean;
};

/** Below this width the tickets' table is wider than the screen: each ticket is a card of its own. */
const NARROW = '(max-width: 767px)';

/**
 * The order's tickets (spec §3, §4): per sub-order its status and, once issued, each traveller's booking
 * reference, ticket number, seat, coach, berth and gate, with the refund of that traveller's ticket (or
 * the button to ask for it), as a table or, on a narrow screen, a card per ticket; while tickets are issued the expected time (spec §9); after a ticket failed,
 * which part of the order stands and which is refunded.
 */
export function TicketsCard({ order, fulfilment, onRefund, changeable, online = true }: TicketsCardProps) {
  const { t } = useTranslation('orders');
  const { language } = usePreferences();
  const dateTime = dateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
  const issuing = isIssuing(order.status);
  const failed = fulfilment?.refunds.filter((r) => r.reason === 'ticketing-failed') ?? [];
  const partial = failed.length > 0 && order.subOrders.some((s) => isTicketStanding(s.status));
  const narrow = useMediaQuery(NARROW);
  return (
    <Card title={t('order.tickets')} className={styles.card} data-testid="tickets-card">
      {issuing && fulfilment?.ticketingBy ? (
        <Alert
          type="info"
          showIcon
          className={styles.ticketingAlert}
          data-testid="ticketing-expected"
          title={t('ticketing.issuing')}
          description={t('ticketing.expected', {
            hours: fulfilment.ticketingHours,
            time: dateTime.format(new Date(fulfilment.ticketingBy)),
          })}
        />
      ) : null}
      {partial ? (
        <Alert
          type="warning"
          showIcon
          className={styles.ticketingAlert}
          data-testid="partial-notice"
          title={t('ticketing.partialTitle')}
          description={t('ticketing.partial')}
        />
      ) : null}
      <ul className={styles.subOrders}>
        {order.subOrders.map((s) => {
          const tickets = fulfilment?.tickets.filter((x) => x.subOrderId === s.id) ?? [];
          const refund = fulfilment?.refunds.find((r) => r.subOrderId === s.id && r.status !== 'withdrawn');
          const stands = isTicketStanding(s.status);
          const fallen = isTicketFallen(s.status);
          return (
            <li key={s.id} className={styles.subOrderBlock} data-testid="sub-order" data-status={String(s.status)}>
              <div className={styles.subOrder}>
                <span>
                  <Tag variant="filled">{t(`tickets.${s.type}`)}</Tag>
                  <strong>{s.flightNumber}</strong>
                </span>
                <span className={styles.muted}>
                  {s.confirmationCode
                    ? `${t(s.type === 'railway' ? 'ticketing.railOrder' : 'ticketing.pnr')} ${s.confirmationCode}`
                    : s.status === null
                      ? isWaitlisted(order.status)
                        ? t('waitlist.pending')
                        : t('order.pending')
                      : null}
                  {refund?.reason === 'ticketing-failed' ? (
                    <span data-testid="part-failed">{t('ticketing.failedPart')}</span>
                  ) : null}
                </span>
                {s.ticketing ? <RailTicketingTag way={s.ticketing} feeMinor={s.serviceFee?.amount ?? null} /> : null}
                <OperatorCancelledTag order={order} sub={s} />
                <Tag variant="filled" color={stands ? 'green' : fallen ? 'orange' : 'blue'} data-testid="sub-status">
                  {s.status === null && isWaitlisted(order.status)
                    ? t('waitlist.badge')
                    : t(`subStatus.${String(s.status)}` as 'subStatus.null')}
                </Tag>
                <Price money={{ amountMinor: s.price.amount, currency: 'CNY' }} />
              </div>
              {tickets.length > 0 ? (
                <TicketList
                  narrow={narrow}
                  order={order}
                  fulfilment={fulfilment}
                  tickets={tickets}
                  onRefund={onRefund}
                  online={online}
                  replaced={s.status === SUB_ORDER_STATUS.CHANGED ? replacedTrip(fulfilment, s) : undefined}
                />
              ) : null}
              {tickets[0]?.supplier === 'rail' ? <RailEntryNote order={order} tickets={tickets} /> : null}
              <div className={styles.refundActions}>
                {changeable?.has(s.id) ? (
                  online ? (
                    <Link to={paths.change(order.id, s.id)} data-testid="change-ticket">
                      <Button size="small">{t('change.button')}</Button>
                    </Link>
                  ) : (
                    <Button size="small" disabled data-testid="change-ticket">
                      {t('change.button')}
                    </Button>
                  )
                ) : null}
                {(fulfilment?.refunds ?? [])
                  .filter((r) => r.subOrderId === s.id && (r.travellerPosition === null || tickets.length === 0))
                  .map((r) => (
                    <Link key={r.id} to={paths.refundDetail(r.id)} data-testid="refund-link">
                      {t('refund.details')} · {t(`refund.status.${refundReading(r)}`)}
                    </Link>
                  ))}
                {order.travellers.filter((_, i) => canRefundTicket(order, fulfilment, s.id, i)).length > 1 ? (
                  <Button
                    size="small"
                    onClick={() => onRefund({ subOrderId: s.id })}
                    disabled={!online}
                    data-testid="refund-button"
                  >
                    {t('refund.refundEveryone')}
                  </Button>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}

/** The trip a changed ticket was for, as its change keeps it. */
const replacedTrip = (fulfilment: OrderFulfilment | undefined, s: Order['subOrders'][number]) => {
  const from = fulfilment?.changes.find((c) => c.oldSubOrderId === s.id && c.status === 'done')?.from;
  return { number: from?.number ?? s.flightNumber, departureTime: from?.departureTime ?? null };
};
