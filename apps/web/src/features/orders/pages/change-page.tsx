import {
  type ChangeQuote,
  type ChangeTrip,
  formatTravelDate,
  formatTravelTime,
  isRide,
  type SearchResult,
} from '@junction/domain';
import { Alert, Button, Card, Descriptions, Empty, Skeleton } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { usePreferences } from '../../../shared/lib/preferences';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { paths } from '../../../shared/paths';
import { FormError } from '../../../shared/ui/form-error';
import { Price } from '../../../shared/ui/price';
import { useChangeOptions, useChangeQuote, useChangeSearch, useConfirmChange } from '../api/change';
import styles from '../components/orders.module.css';
import { type ChangeTicket, changeCriteria, changeDays, changeFare, changeResults } from '../lib/change-results';

const cny = (amountMinor: number) => ({ amountMinor, currency: 'CNY' as const });

/** `/change?order=…&ticket=…`: change a ticket (改签) to a trip of a new search, quoted before confirming. */
export function ChangePage() {
  const { t } = useTranslation('orders');
  useDocumentTitle(t('change.title'));
  const [params] = useSearchParams();
  const orderId = params.get('order') ?? '';
  const options = useChangeOptions(orderId, true);
  const ticket = options.data?.tickets.find((x) => x.subOrderId === params.get('ticket'));
  return (
    <main className={styles.page} data-testid="change-page">
      <h1 className={styles.pageTitle}>{t('change.title')}</h1>
      {options.isPending ? <Skeleton active /> : null}
      {options.data && (!ticket || ticket.refusal) ? (
        <Alert
          type="warning"
          showIcon
          title={t(`change.refusal.${ticket?.refusal ?? 'status'}` as 'change.refusal.status')}
        />
      ) : null}
      {ticket && !ticket.refusal ? <ChangeTicketView orderId={orderId} ticket={ticket} /> : null}
      <p>
        <Link to={paths.order(orderId)}>{t('change.back')}</Link>
      </p>
    </main>
  );
}

function TripLine({ trip }: { trip: ChangeTrip }) {
  const { language } = usePreferences();
  return (
    <span>
      <strong>{trip.number}</strong> · {trip.from[language]} {formatTravelTime(trip.departureTime, language)} →{' '}
      {trip.to[language]} {formatTravelTime(trip.arrivalTime, language)}
    </span>
  );
}

function ChangeTicketView({ orderId, ticket }: { orderId: string; ticket: ChangeTicket }) {
  const { t } = useTranslation('orders');
  const { language } = usePreferences();
  const days = changeDays(ticket);
  const own = ticket.trip.departureTime.slice(0, 10);
  const [day, setDay] = useState(days.includes(own) ? own : (days[0] ?? own));
  const [chosen, setChosen] = useState<string | null>(null);
  const search = useChangeSearch(changeCriteria(ticket, day));
  const results = search.data ? changeResults(ticket, search.data.results, Date.now()) : [];
  const quote = useChangeQuote(
    chosen && search.data
      ? { orderId, subOrderId: ticket.subOrderId, searchId: search.data.searchId, resultId: chosen }
      : null,
  );
  return (
    <>
      <Card className={styles.card} title={t('change.current')}>
        <TripLine trip={ticket.trip} />
        <p className={styles.muted}>{t(ticket.type === 'railway' ? 'change.railRules' : 'change.airRules')}</p>
      </Card>
      <Card className={styles.card} title={t('change.day')}>
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }} data-testid="change-days">
          {days.map((d) => (
            <Button
              key={d}
              type={d === day ? 'primary' : 'default'}
              size="small"
              onClick={() => {
                setDay(d);
                setChosen(null);
              }}
              data-testid="change-day"
              data-day={d}
            >
              {formatTravelDate(d, language)}
            </Button>
          ))}
        </div>
      </Card>
      <Card className={styles.card} title={t('change.choose')}>
        {search.isPending ? <Skeleton active data-testid="change-searching" /> : null}
        {search.data && results.length === 0 ? <Empty description={t('change.none')} /> : null}
        <ul className={styles.subOrders}>
          {results.map((r) => (
            <ResultRow
              key={r.id}
              ticket={ticket}
              result={r}
              chosen={r.id === chosen}
              onChoose={() => setChosen(r.id)}
            />
          ))}
        </ul>
      </Card>
      {chosen && search.data ? (
        <QuoteCard
          orderId={orderId}
          searchId={search.data.searchId}
          resultId={chosen}
          quote={quote.data}
          error={quote.error}
        />
      ) : null}
    </>
  );
}

function ResultRow(p: { ticket: ChangeTicket; result: SearchResult; chosen: boolean; onChoose: () => void }) {
  const { t } = useTranslation('orders');
  const { language } = usePreferences();
  const ride = p.result.legs.find(isRide);
  if (!ride) return null;
  return (
    <li className={styles.subOrder} data-testid="change-result" data-number={ride.number}>
      <span>
        <strong>{ride.number}</strong> · {ride.from.name[language]} {ride.departureTime.slice(11, 16)} →{' '}
        {ride.to.name[language]} {ride.arrivalTime.slice(11, 16)}
      </span>
      <Price money={cny(changeFare(p.ticket, p.result))} />
      <Button size="small" type={p.chosen ? 'primary' : 'default'} onClick={p.onChoose} data-testid="change-choose">
        {t('change.chooseOne')}
      </Button>
    </li>
  );
}

function QuoteCard(p: {
  orderId: string;
  searchId: string;
  resultId: string;
  quote: ChangeQuote | undefined;
  error: Error | null;
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
  const onConfirm = async () => {
    const change = await confirm.mutateAsync({
      orderId: q.orderId,
      subOrderId: q.subOrderId,
      searchId: p.searchId,
      resultId: p.resultId,
      expected: { dueMinor: q.due.amount, refundMinor: q.refund.amount },
    });
    navigate(change.status === 'awaiting-payment' ? paths.payment(p.orderId) : paths.order(p.orderId));
  };
  return (
    <Card ref={card} className={styles.card} title={t('change.quote')} data-testid="change-quote">
      <Descriptions column={1} size="small">
        <Descriptions.Item label={t('change.from')}>
          <TripLine trip={q.from} />
        </Descriptions.Item>
        <Descriptions.Item label={t('change.to')}>
          <TripLine trip={q.to} />
        </Descriptions.Item>
        <Descriptions.Item label={t('change.oldFare')}>
          <Price money={cny(q.oldFare.amount)} />
        </Descriptions.Item>
        <Descriptions.Item label={t('change.newFare')}>
          <Price money={cny(q.newFare.amount)} />
        </Descriptions.Item>
        <Descriptions.Item label={t(q.type === 'railway' ? 'change.railFee' : 'change.airFee')}>
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
            <strong data-testid="change-refund">
              <Price money={cny(q.refund.amount)} />
            </strong>
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
