import {
  type IssuedTicketView,
  isAwaitingPayment,
  type Order,
  placeCodeShown,
  type ResultLeg,
  rideName,
  scheduleChangeOf,
} from '@junction/domain';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormatDuration } from '../../../shared/lib/duration';
import { formatTravelDate, formatTravelTime } from '../../../shared/lib/format';
import { usePreferences } from '../../../shared/lib/preferences';
import { useFormatMoney } from '../../../shared/ui/price';
import { clockOf, dayOf } from '../lib/time';
import { isSold, LEG_ICON } from './itinerary';
import styles from './itinerary-sheet.module.css';
import { RailEntryNote } from './rail-entry-note';
import { SeatCells } from './ticket-list';

/** One leg of the plan: times, places and ride; for a ride its booking reference and every traveller's ticket. */
export function LegBlock({
  order,
  leg,
  index,
  tickets,
}: {
  order: Order;
  leg: ResultLeg;
  index: number;
  tickets: IssuedTicketView[];
}) {
  const { t } = useTranslation('orders');
  const { language } = usePreferences();
  const duration = useFormatDuration();
  const format = useFormatMoney();
  const sold = isSold(leg);
  const own = tickets.filter((x) => x.legIndex === index);
  const change = scheduleChangeOf(order.scheduleChanges, index);
  const sub = order.subOrders.find((s) => s.legs.includes(index));
  const reference = own[0]?.bookingReference ?? sub?.confirmationCode;
  const rail = leg.kind === 'land';
  const days = Math.round((Date.parse(dayOf(leg.arrivalTime)) - Date.parse(dayOf(leg.departureTime))) / 86_400_000);
  const ride = rideName(leg, language);
  return (
    <li
      className={sold ? styles.leg : `${styles.leg} ${styles.ground}`}
      data-testid="itinerary-leg"
      data-kind={leg.kind}
    >
      <div className={styles.legTop}>
        <span className={styles.icon} aria-hidden="true">
          {LEG_ICON[leg.kind]}
        </span>
        <div className={styles.times}>
          <span className={styles.day}>{formatTravelDate(leg.departureTime, language)}</span>
          <strong>{clockOf(leg.departureTime)}</strong>
          <span className={styles.duration}>{duration(leg.durationMinutes)}</span>
          <strong>
            {clockOf(leg.arrivalTime)}
            {days > 0 ? <sup className={styles.plus}>+{days}</sup> : null}
          </strong>
        </div>
        <div className={styles.places}>
          <span className={styles.place}>
            {leg.from.name[language]}
            {placeCodeShown(leg.from) ? <span className={styles.code}> {placeCodeShown(leg.from)}</span> : null}
          </span>
          <span className={styles.ride}>
            {t(`legs.${leg.kind}`)}
            {ride ? ` · ${ride}` : ''}
            {leg.kind === 'air' && leg.cabin ? ` · ${t(`cabins.${leg.cabin}` as 'cabins.Y')}` : ''}
            {rail && leg.cabin ? ` · ${t(`seats.${leg.cabin}` as 'seats.O')}` : ''}
            {leg.aircraft ? ` · ${leg.aircraft[language]}` : ''}
          </span>
          <span className={styles.place}>
            {leg.to.name[language]}
            {placeCodeShown(leg.to) ? <span className={styles.code}> {placeCodeShown(leg.to)}</span> : null}
          </span>
        </div>
        {sold ? (
          <div className={styles.reference}>
            <span className={styles.label}>{t(rail ? 'ticketing.railOrder' : 'ticketing.pnr')}</span>
            <strong className={reference ? styles.mono : styles.pending} data-testid="itinerary-reference">
              {reference ??
                (isAwaitingPayment(order.status) ? t('itineraryPage.afterPayment') : t('itineraryPage.issuing'))}
            </strong>
          </div>
        ) : (
          <div className={styles.reference}>
            <Tag variant="filled">{t('legs.guidance')}</Tag>
            {leg.price.amount > 0 ? (
              <span className={styles.label}>
                {t('legs.estimate', { price: format({ amountMinor: leg.price.amount, currency: leg.price.currency }) })}
              </span>
            ) : null}
          </div>
        )}
      </div>
      {own.length > 0 ? (
        <table className={`${styles.table} ${styles.tickets}`} data-testid="itinerary-tickets">
          <thead>
            <tr>
              <th>{t('ticketing.traveller')}</th>
              <th>{t('order.ticketNumber')}</th>
              {rail ? <th>{t('ticketing.coach')}</th> : null}
              <th>{rail ? t('ticketing.seatOrBerth') : t('order.seat')}</th>
              {rail ? <th>{t('ticketing.gate')}</th> : null}
            </tr>
          </thead>
          <tbody>
            {own.map((x) => (
              <tr key={`${x.legIndex}-${x.travellerPosition}`} data-testid="itinerary-ticket">
                <td className={styles.strong}>{order.travellers[x.travellerPosition]?.name}</td>
                <td className={styles.mono}>{x.ticketNumber}</td>
                <SeatCells
                  ticket={x}
                  rail={rail}
                  infant={order.travellers[x.travellerPosition]?.airType === 'INFANT'}
                />
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {rail && own.length > 0 ? <RailEntryNote order={order} tickets={own} className={styles.railEntry} /> : null}
      {change ? (
        <p className={styles.changed} data-testid="itinerary-changed">
          {t('ticketing.changed', { time: formatTravelTime(change.previousDepartureTime, language) })}
        </p>
      ) : null}
    </li>
  );
}
