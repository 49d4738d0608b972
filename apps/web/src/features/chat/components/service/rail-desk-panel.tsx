import { type ChangeTrip, formatMoney, inLanguage, type RailDeskRequest } from '@junction/domain';
import { Alert, Button, Empty, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTravelTime } from '../../../../shared/lib/format';
import { usePreferences } from '../../../../shared/lib/preferences';
import { FormError } from '../../../../shared/ui/form-error';
import { TravelDates } from '../../../../shared/ui/travel-dates';
import { deskPassengers, type RailDeskState } from '../../lib/use-rail-desk';
import { DeskCompleteDialog } from './desk-complete-dialog';
import { DeskRefuseDialog } from './desk-refuse-dialog';
import { WaitingTime } from './queue-list';
import styles from './rail-desk.module.css';

/** A ride of a change: train, stations by name, date and times, seat class. */
function Ride({ trip }: { trip: ChangeTrip }) {
  const { t } = useTranslation('orders');
  const { language } = usePreferences();
  return (
    <span data-testid="desk-ride">
      <strong>{trip.number}</strong> {inLanguage(trip.from, language)} → {inLanguage(trip.to, language)} ·{' '}
      <TravelDates departure={trip.departureTime} arrival={trip.arrivalTime} /> ·{' '}
      {t(`seats.${trip.seatClass}` as 'seats.O')}
    </span>
  );
}

/** A train of a change queued before the desk kept its stations: its number, departure and class. */
function Train({ train }: { train: RailDeskRequest['trains'][number] }) {
  const { t } = useTranslation('orders');
  const { language } = usePreferences();
  return (
    <span data-testid="desk-ride">
      <strong>{train.number}</strong> · {formatTravelTime(train.departureTime, language)} ·{' '}
      {t(`seats.${train.seatClass}` as 'seats.O')}
    </span>
  );
}

function FareDifference({ change }: { change: NonNullable<RailDeskRequest['change']> }) {
  const { t } = useTranslation('chat');
  const { language } = usePreferences();
  const { amount } = change.fareDifference;
  const money = formatMoney({ amountMinor: Math.abs(amount), currency: 'CNY' }, language);
  const text =
    amount > 0
      ? t('desk.fareMore', { amount: money })
      : amount < 0
        ? t('desk.fareLess', { amount: money })
        : t('desk.fareSame');
  return <span data-testid="desk-fare">{text}</span>;
}

/** One change waiting: who, which order, the ticket now and the train it changes to, the fare difference, the wait. */
function DeskItem({ item, desk }: { item: RailDeskRequest; desk: RailDeskState }) {
  const { t } = useTranslation('chat');
  const old = item.replaces[0];
  const names = deskPassengers(item)
    .map((p) => p.name)
    .filter(Boolean)
    .join('、');
  return (
    <li className={styles.item} data-testid="desk-item" data-key={item.key}>
      <div className={styles.who}>
        <strong data-testid="desk-traveller">{names || '—'}</strong>
        {item.orderNumber ? (
          <span className={styles.order} data-testid="desk-order">
            {t('desk.order', { number: item.orderNumber })}
          </span>
        ) : null}
        <WaitingTime since={item.queuedAt} />
      </div>
      <dl className={styles.rides}>
        <dt>{t('desk.old')}</dt>
        <dd data-testid="desk-old">
          {item.change ? <Ride trip={item.change.from} /> : old ? <Train train={old} /> : null}
          {old?.coach && old.seat ? (
            <span className={styles.seat}> · {t('desk.coachSeat', { coach: old.coach, seat: old.seat })}</span>
          ) : null}
        </dd>
        <dt>{t('desk.new')}</dt>
        <dd data-testid="desk-new">
          {item.change ? (
            <Ride trip={item.change.to} />
          ) : (
            item.trains.map((train) => <Train key={train.number} train={train} />)
          )}
        </dd>
      </dl>
      <div className={styles.side}>
        {item.change ? <FareDifference change={item.change} /> : null}
        <div className={styles.actions}>
          <Button type="primary" onClick={() => desk.start(item.key, 'complete')} data-testid="desk-complete">
            {t('desk.complete')}
          </Button>
          <Button danger onClick={() => desk.start(item.key, 'refuse')} data-testid="desk-refuse">
            {t('desk.refuse')}
          </Button>
        </div>
      </div>
    </li>
  );
}

/** The console's tab of train ticket changes waiting at the offline desk, with the dialogs to make or refuse them. */
export function RailDeskPanel({ desk }: { desk: RailDeskState }) {
  const { t } = useTranslation('chat');
  return (
    <section className={styles.panel} data-testid="rail-desk">
      <h2 className={styles.title}>{t('desk.title')}</h2>
      <p className={styles.intro}>{t('desk.intro')}</p>
      {desk.done ? (
        <Alert type="success" showIcon title={t(`desk.${desk.done}`)} data-testid="desk-done" closable />
      ) : null}
      <FormError error={desk.queue.error} />
      {desk.queue.isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : desk.changes.length === 0 ? (
        <Empty className={styles.empty} description={t('desk.empty')} data-testid="desk-empty" />
      ) : (
        <ul className={styles.list} data-testid="desk-list">
          {desk.changes.map((item) => (
            <DeskItem key={item.key} item={item} desk={desk} />
          ))}
        </ul>
      )}
      <DeskCompleteDialog desk={desk} />
      <DeskRefuseDialog desk={desk} />
    </section>
  );
}
