import {
  type IssuedTicketView,
  type Order,
  type OrderFulfilment,
  scheduleChangeOf,
  ticketLabel,
} from '@junction/domain';
import { Button, Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatTravelTime } from '../../../shared/lib/format';
import { usePreferences } from '../../../shared/lib/preferences';
import { paths } from '../../../shared/paths';
import type { RefundTickets } from '../api/fulfilment';
import { canRefundTicket, refundOfTicket, refundReading } from '../lib/ticket-refunds';
import styles from './orders.module.css';

type TicketTableProps = {
  order: Order;
  fulfilment: OrderFulfilment | undefined;
  /** Asks for the refund of one ticket, or of everyone's on a sub-order. */
  onRefund: (tickets: RefundTickets) => void;
  /** Without a connection, refunding waits for one. */
  online?: boolean | undefined;
  tickets: IssuedTicketView[];
  /** A changed ticket's own flight or train and its time: its ride in the itinerary is now the new one's. */
  replaced?: { number: string; departureTime: string | null } | undefined;
};

/** A sub-order's tickets: a table on a wide screen, a card per ticket on a narrow one. */
export function TicketList({ narrow, ...p }: TicketTableProps & { narrow: boolean }) {
  return narrow ? (
    <TicketCards {...p} />
  ) : (
    <div className={styles.ticketScroll}>
      <TicketTable {...p} />
    </div>
  );
}

/** The tickets in the order they are read: traveller by traveller, each one's rides in turn. */
const inOrder = (issued: IssuedTicketView[]) =>
  [...issued].sort((a, b) => a.travellerPosition - b.travellerPosition || a.legIndex - b.legIndex);

/** A sub-order's tickets, traveller by traveller, each traveller's refund beside their first ride. */
function TicketTable({ order, fulfilment, tickets: issued, onRefund, replaced, online }: TicketTableProps) {
  const { t } = useTranslation('orders');
  const rail = issued[0]?.supplier === 'rail';
  const tickets = inOrder(issued);
  const ridesOf = (position: number) => tickets.filter((x) => x.travellerPosition === position).length;
  return (
    <table className={styles.ticketTable} data-testid="ticket-table">
      <thead>
        <tr>
          <th>{t('ticketing.traveller')}</th>
          <th>{t(rail ? 'refund.train' : 'refund.flight')}</th>
          <th>{t('order.ticketNumber')}</th>
          {rail ? <th>{t('ticketing.coach')}</th> : null}
          <th>{rail ? t('ticketing.seatOrBerth') : t('order.seat')}</th>
          {rail ? <th>{t('ticketing.gate')}</th> : null}
          <th>{t('refund.title')}</th>
        </tr>
      </thead>
      <tbody>
        {tickets.map((x, i) => {
          const traveller = order.travellers[x.travellerPosition];
          const first = tickets[i - 1]?.travellerPosition !== x.travellerPosition;
          return (
            <tr key={`${x.legIndex}-${x.travellerPosition}`} data-testid="ticket-row">
              <td>
                <TicketTraveller traveller={traveller} rail={rail} />
              </td>
              <td>
                <TicketRide order={order} ticket={x} replaced={replaced} />
              </td>
              <td className={styles.mono} data-testid="ticket-number">
                {x.ticketNumber}
              </td>
              <SeatCells ticket={x} rail={rail} infant={traveller?.airType === 'INFANT'} />
              {first ? (
                <td rowSpan={ridesOf(x.travellerPosition)} className={styles.ticketRefund}>
                  <TicketRefund
                    order={order}
                    fulfilment={fulfilment}
                    subOrderId={x.subOrderId}
                    position={x.travellerPosition}
                    onRefund={onRefund}
                    online={online}
                  />
                </td>
              ) : null}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/**
 * A sub-order's tickets on a narrow screen: each ticket a card of label and value lines, the same things
 * the table says, each traveller's refund on their first ride's card.
 */
function TicketCards({ order, fulfilment, tickets: issued, onRefund, replaced, online }: TicketTableProps) {
  const { t } = useTranslation('orders');
  const rail = issued[0]?.supplier === 'rail';
  const tickets = inOrder(issued);
  return (
    <ul className={styles.ticketCards} data-testid="ticket-cards">
      {tickets.map((x, i) => {
        const traveller = order.travellers[x.travellerPosition];
        const seat = seatTexts(t, x, rail, traveller?.airType === 'INFANT');
        return (
          <li key={`${x.legIndex}-${x.travellerPosition}`} className={styles.ticketCard} data-testid="ticket-row">
            <dl className={styles.ticketFields}>
              <dt>{t('ticketing.traveller')}</dt>
              <dd>
                <TicketTraveller traveller={traveller} rail={rail} />
              </dd>
              <dt>{t(rail ? 'refund.train' : 'refund.flight')}</dt>
              <dd>
                <TicketRide order={order} ticket={x} replaced={replaced} />
              </dd>
              <dt>{t('order.ticketNumber')}</dt>
              <dd className={styles.mono} data-testid="ticket-number">
                {x.ticketNumber}
              </dd>
              {rail ? (
                <>
                  <dt>{t('ticketing.coach')}</dt>
                  <dd>{seat.coach}</dd>
                </>
              ) : null}
              <dt>{rail ? t('ticketing.seatOrBerth') : t('order.seat')}</dt>
              <dd>{seat.seat}</dd>
              {rail ? (
                <>
                  <dt>{t('ticketing.gate')}</dt>
                  <dd>{seat.gate}</dd>
                </>
              ) : null}
              {tickets[i - 1]?.travellerPosition !== x.travellerPosition ? (
                <>
                  <dt>{t('refund.title')}</dt>
                  <dd>
                    <TicketRefund
                      order={order}
                      fulfilment={fulfilment}
                      subOrderId={x.subOrderId}
                      position={x.travellerPosition}
                      onRefund={onRefund}
                      online={online}
                    />
                  </dd>
                </>
              ) : null}
            </dl>
          </li>
        );
      })}
    </ul>
  );
}

/** A ticket's traveller by name, a teen's ticket with the label it carries. */
function TicketTraveller({ traveller, rail }: { traveller: Order['travellers'][number] | undefined; rail: boolean }) {
  const { t } = useTranslation('orders');
  return (
    <>
      {traveller?.name}
      {!rail && traveller?.airType === 'TEEN' ? (
        <Tag variant="filled" color="purple" className={styles.changedTag} data-testid="ticket-label">
          {t(`types.${ticketLabel(traveller.airType)}`)}
        </Tag>
      ) : null}
    </>
  );
}

/** A ticket's flight or train and its time, with the time the operator moved it from. */
function TicketRide(p: { order: Order; ticket: IssuedTicketView; replaced: TicketTableProps['replaced'] }) {
  const { t } = useTranslation('orders');
  const { language } = usePreferences();
  const { order, replaced } = p;
  const leg = order.legs[p.ticket.legIndex];
  const change = scheduleChangeOf(order.scheduleChanges, p.ticket.legIndex);
  return (
    <>
      {replaced?.number ?? leg?.number}{' '}
      <span className={styles.muted}>
        {replaced
          ? replaced.departureTime && formatTravelTime(replaced.departureTime, language)
          : leg && formatTravelTime(leg.departureTime, language)}
      </span>
      {change && !replaced ? (
        <Tag color="orange" variant="filled" className={styles.changedTag} data-testid="schedule-changed">
          {t('ticketing.changed', { time: formatTravelTime(change.previousDepartureTime, language) })}
        </Tag>
      ) : null}
    </>
  );
}

const TICKET_READINGS = { processing: 'processing', withdrawn: 'processing', done: 'done', failed: 'failed' } as const;

/** One traveller's ticket: its refund and how far it got, or the button to ask for it while it stands. */
export function TicketRefund({
  order,
  fulfilment,
  subOrderId,
  position,
  onRefund,
  online = true,
}: Omit<TicketTableProps, 'tickets'> & { subOrderId: string; position: number }) {
  const { t } = useTranslation('orders');
  const refund = refundOfTicket(fulfilment?.refunds ?? [], subOrderId, position);
  if (refund && refund.travellerPosition !== null) {
    return (
      <Link to={paths.refundDetail(refund.id)} data-testid="ticket-refund" data-status={refundReading(refund)}>
        {t(`refund.ticketStatus.${TICKET_READINGS[refundReading(refund)]}`)}
      </Link>
    );
  }
  if (!canRefundTicket(order, fulfilment, subOrderId, position)) return <span className={styles.muted}>—</span>;
  return (
    <Button
      size="small"
      onClick={() => onRefund({ subOrderId, traveller: position })}
      disabled={!online}
      data-testid="refund-ticket"
    >
      {t('refund.refundTicket')}
    </Button>
  );
}

/**
 * A ticket's coach, seat or berth and gate, as read: coach and gate for a train only. On a flight no seat is
 * an infant's on a lap, or a seat the airline gives at check-in.
 */
function seatTexts(t: TFunction<'orders'>, ticket: IssuedTicketView, rail: boolean, infant: boolean) {
  const none = rail ? t('ticketing.noSeat') : infant ? t('ticketing.lap') : t('ticketing.atCheckIn');
  return {
    coach: ticket.coach ? t('ticketing.coachNo', { coach: ticket.coach }) : '—',
    seat: `${ticket.seat ?? none}${ticket.berth ? ` · ${t(`ticketing.berths.${ticket.berth}`)}` : ''}`,
    gate: ticket.gate ?? '—',
  };
}

/** A ticket's coach, seat or berth and gate cells (`seatTexts`). */
export function SeatCells({ ticket, rail, infant }: { ticket: IssuedTicketView; rail: boolean; infant: boolean }) {
  const { t } = useTranslation('orders');
  const seat = seatTexts(t, ticket, rail, infant);
  return (
    <>
      {rail ? <td>{seat.coach}</td> : null}
      <td>{seat.seat}</td>
      {rail ? <td>{seat.gate}</td> : null}
    </>
  );
}
