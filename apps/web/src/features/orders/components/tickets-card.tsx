import { type IssuedTicketView, type Order, type OrderFulfilment, scheduleChangeOf } from '@junction/domain';
import { Alert, Button, Card, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatTravelTime } from '../../../shared/lib/format';
import { usePreferences } from '../../../shared/lib/preferences';
import { paths } from '../../../shared/paths';
import { RailTicketingTag } from '../../../shared/rail/rail-ticketing';
import { Price } from '../../../shared/ui/price';
import styles from './orders.module.css';
import { RefundDialog } from './refund-dialog';

const STANDS = new Set([5, 4]);
const FALLEN = new Set([6, 3, 8]);

/**
 * The order's tickets (spec §3, §4): per sub-order its status and, once issued, each traveller's booking
 * reference, ticket number, seat, coach, berth and gate; while tickets are issued the expected time
 * (spec §9); after a ticket failed, which part of the order stands and which is refunded.
 */
export function TicketsCard({ order, fulfilment }: { order: Order; fulfilment: OrderFulfilment | undefined }) {
  const { t } = useTranslation('orders');
  const { language } = usePreferences();
  const dateTime = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
  const issuing = order.status === 2 || order.status === 4;
  const failed = fulfilment?.refunds.filter((r) => r.reason === 'ticketing-failed') ?? [];
  const [refunding, setRefunding] = useState<string | null>(null);
  const partial = failed.length > 0 && order.subOrders.some((s) => STANDS.has(s.status ?? -1));
  return (
    <Card title={t('order.tickets')} className={styles.card} data-testid="tickets-card">
      {issuing && fulfilment?.ticketingBy ? (
        <Alert
          type="info"
          showIcon
          className={styles.ticketingAlert}
          data-testid="ticketing-expected"
          message={t('ticketing.issuing')}
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
          message={t('ticketing.partialTitle')}
          description={t('ticketing.partial')}
        />
      ) : null}
      <ul className={styles.subOrders}>
        {order.subOrders.map((s) => {
          const tickets = fulfilment?.tickets.filter((x) => x.subOrderId === s.id) ?? [];
          const refund = fulfilment?.refunds.find((r) => r.subOrderId === s.id && r.status !== 'withdrawn');
          const stands = STANDS.has(s.status ?? -1);
          const fallen = FALLEN.has(s.status ?? -1);
          return (
            <li key={s.id} className={styles.subOrderBlock} data-testid="sub-order" data-status={String(s.status)}>
              <div className={styles.subOrder}>
                <span>
                  <Tag bordered={false}>{t(`tickets.${s.type}`)}</Tag>
                  <strong>{s.flightNumber}</strong>
                </span>
                <span className={styles.muted}>
                  {s.confirmationCode
                    ? `${t(s.type === 'railway' ? 'ticketing.railOrder' : 'ticketing.pnr')} ${s.confirmationCode}`
                    : s.status === null
                      ? order.status === 8
                        ? t('waitlist.pending')
                        : t('order.pending')
                      : null}
                  {refund?.reason === 'ticketing-failed' ? (
                    <span data-testid="part-failed">{t('ticketing.failedPart')}</span>
                  ) : null}
                </span>
                {s.ticketing ? <RailTicketingTag way={s.ticketing} feeMinor={s.serviceFee?.amount ?? null} /> : null}
                <Tag bordered={false} color={stands ? 'green' : fallen ? 'orange' : 'blue'} data-testid="sub-status">
                  {s.status === null && order.status === 8
                    ? t('waitlist.badge')
                    : t(`subStatus.${String(s.status)}` as 'subStatus.null')}
                </Tag>
                <Price money={{ amountMinor: s.price.amount, currency: 'CNY' }} />
              </div>
              {tickets.length > 0 ? <TicketTable order={order} tickets={tickets} /> : null}
              <div className={styles.refundActions}>
                {(fulfilment?.refunds ?? [])
                  .filter((r) => r.subOrderId === s.id)
                  .map((r) => (
                    <Link key={r.id} to={paths.refundDetail(r.id)} data-testid="refund-link">
                      {t('refund.details')} · {t(`refund.status.${r.status}`)}
                    </Link>
                  ))}
                {stands && order.status === 5 ? (
                  <Button size="small" onClick={() => setRefunding(s.id)} data-testid="refund-button">
                    {t('refund.refundTicket')}
                  </Button>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
      <RefundDialog orderId={order.id} subOrderId={refunding} onClose={() => setRefunding(null)} />
    </Card>
  );
}

function TicketTable({ order, tickets }: { order: Order; tickets: IssuedTicketView[] }) {
  const { t } = useTranslation('orders');
  const { language } = usePreferences();
  const rail = tickets[0]?.supplier === 'rail';
  return (
    <table className={styles.ticketTable} data-testid="ticket-table">
      <thead>
        <tr>
          <th>{t('ticketing.traveller')}</th>
          <th>{t('ticketing.trip')}</th>
          <th>{t('order.ticketNumber')}</th>
          {rail ? <th>{t('ticketing.coach')}</th> : null}
          <th>{rail ? t('ticketing.seatOrBerth') : t('order.seat')}</th>
          {rail ? <th>{t('ticketing.gate')}</th> : null}
        </tr>
      </thead>
      <tbody>
        {tickets.map((x) => {
          const leg = order.legs[x.legIndex];
          const change = scheduleChangeOf(order.scheduleChanges, x.legIndex);
          const traveller = order.travellers[x.travellerPosition];
          return (
            <tr key={`${x.legIndex}-${x.travellerPosition}`} data-testid="ticket-row">
              <td>{traveller?.name}</td>
              <td>
                {leg?.number}{' '}
                <span className={styles.muted}>{leg ? formatTravelTime(leg.departureTime, language) : ''}</span>
                {change ? (
                  <Tag color="orange" bordered={false} className={styles.changedTag} data-testid="schedule-changed">
                    {t('ticketing.changed', { time: formatTravelTime(change.previousDepartureTime, language) })}
                  </Tag>
                ) : null}
              </td>
              <td className={styles.mono} data-testid="ticket-number">
                {x.ticketNumber}
              </td>
              <SeatCells ticket={x} rail={rail} />
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** A ticket's coach, seat or berth and gate cells: coach and gate for a train only; no seat is a lap infant on a flight. */
export function SeatCells({ ticket, rail }: { ticket: IssuedTicketView; rail: boolean }) {
  const { t } = useTranslation('orders');
  return (
    <>
      {rail ? <td>{ticket.coach ? t('ticketing.coachNo', { coach: ticket.coach }) : '—'}</td> : null}
      <td>
        {ticket.seat ?? (rail ? t('ticketing.noSeat') : t('ticketing.lap'))}
        {ticket.berth ? ` · ${t(`ticketing.berths.${ticket.berth}`)}` : ''}
      </td>
      {rail ? <td>{ticket.gate ?? '—'}</td> : null}
    </>
  );
}
