import { type ChangeQuote, formatTravelDate, isRide, type SearchResult, type TicketChange } from '@junction/domain';
import { Alert, Button, Card, Empty, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { usePreferences } from '../../../shared/lib/preferences';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { paths } from '../../../shared/paths';
import { Price } from '../../../shared/ui/price';
import { useChangeClassQuotes, useChangeOptions, useChangeQuote, useChangeSearch } from '../api/change';
import { ChangeClassPicker } from '../components/change-class-picker';
import { ChangeDoneCard } from '../components/change-done-card';
import { TripLine } from '../components/change-parts';
import { ChangeQuoteCard } from '../components/change-quote-card';
import { ChangeTravellers } from '../components/change-travellers';
import styles from '../components/orders.module.css';
import {
  type ChangeTicket,
  changeClasses,
  changeCriteria,
  changeDays,
  changeFare,
  changeResults,
  defaultClass,
  isOwnTrip,
} from '../lib/change-results';

const cny = (amountMinor: number) => ({ amountMinor, currency: 'CNY' as const });

/** `/change?order=…&ticket=…`: change a ticket (改签) to a trip of a new search, quoted before confirming. */
export function ChangePage() {
  const { t } = useTranslation('orders');
  useDocumentTitle(t('change.title'));
  const [params] = useSearchParams();
  const orderId = params.get('order') ?? '';
  const options = useChangeOptions(orderId, true);
  const ticket = options.data?.tickets.find((x) => x.subOrderId === params.get('ticket'));
  // A change confirmed with nothing to pay shows its result here (the ticket has no change to offer any more,
  // so the kind of ticket comes with the result).
  const [done, setDone] = useState<{ change: TicketChange; type: ChangeQuote['type'] } | null>(null);
  if (done)
    return (
      <div className={styles.page} data-testid="change-page">
        <h1 className={styles.pageTitle}>{t('change.title')}</h1>
        <ChangeDoneCard orderId={orderId} confirmed={done.change} rail={done.type === 'railway'} />
      </div>
    );
  return (
    <div className={styles.page} data-testid="change-page">
      <h1 className={styles.pageTitle}>{t('change.title')}</h1>
      {options.isPending ? <Skeleton active /> : null}
      {options.data && (!ticket || ticket.refusal) ? (
        <Alert
          type="warning"
          showIcon
          title={t(`change.refusal.${ticket?.refusal ?? 'status'}` as 'change.refusal.status')}
        />
      ) : null}
      {ticket && !ticket.refusal ? (
        <ChangeTicketView orderId={orderId} ticket={ticket} onDone={(change, type) => setDone({ change, type })} />
      ) : null}
      <p>
        <Link to={paths.order(orderId)}>{t('change.back')}</Link>
      </p>
    </div>
  );
}

type OnDone = (change: TicketChange, type: ChangeQuote['type']) => void;

function ChangeTicketView(p: { orderId: string; ticket: ChangeTicket; onDone: OnDone }) {
  const { orderId, ticket } = p;
  const { t } = useTranslation('orders');
  const { language } = usePreferences();
  const days = changeDays(ticket);
  const own = ticket.trip.departureTime.slice(0, 10);
  const [day, setDay] = useState(days.includes(own) ? own : (days[0] ?? own));
  const [chosen, setChosen] = useState<string | null>(null);
  const [seatClass, setSeatClass] = useState<string | undefined>(undefined);
  // Whose tickets stand: one whose own ticket was refunded cannot change it.
  const everyone = ticket.travellers.filter((x) => !x.refunded).map((x) => x.position);
  const [ticked, setTicked] = useState(everyone);
  // Some travellers of a train ticket may change it without the others; none named is every one of them.
  const travellers = ticked.length < ticket.travellers.length ? ticked.join(',') : undefined;
  const search = useChangeSearch(changeCriteria(ticket, day));
  const results = search.data ? changeResults(ticket, search.data.results, Date.now()) : [];
  const result = results.find((r) => r.id === chosen);
  const leg = result?.legs.find(isRide);
  // A train's classes, or a flight's cabins when its seller lists them.
  const classes = leg && (ticket.type === 'railway' || leg.seats?.length) ? changeClasses(leg) : [];
  const base =
    chosen && search.data
      ? {
          orderId,
          subOrderId: ticket.subOrderId,
          searchId: search.data.searchId,
          resultId: chosen,
          ...(travellers ? { travellers } : {}),
        }
      : null;
  // The classes or cabins are quoted in one request; the one chosen, else the ticket's own when it has it, else the first.
  const classQuotes = useChangeClassQuotes(classes.length ? base : null);
  const quoteIn = (code: string | undefined) =>
    classQuotes.data?.classes.find((c) => c.seatClass === code)?.quote ?? undefined;
  const quotes = classes.map((code) => ({ data: quoteIn(code), isPending: classQuotes.isPending }));
  const wanted = seatClass ?? (leg && classes.length ? defaultClass(ticket, leg, classes) : undefined);
  const plain = useChangeQuote(classes.length ? null : base);
  const quote = classes.length ? { data: quoteIn(wanted), error: classQuotes.error } : plain;
  const choose = (id: string | null) => {
    setChosen(id);
    setSeatClass(undefined);
  };
  return (
    <>
      <Card className={styles.card} title={t('change.current')}>
        <TripLine trip={ticket.trip} rail={ticket.type === 'railway'} />
        <p className={styles.muted}>{t(ticket.type === 'railway' ? 'change.railRules' : 'change.airRules')}</p>
      </Card>
      {ticket.type === 'railway' && ticket.travellers.length > 1 ? (
        <ChangeTravellers travellers={ticket.travellers} value={ticked} onChange={setTicked} />
      ) : null}
      <Card className={styles.card} title={t('change.day')}>
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }} data-testid="change-days">
          {days.map((d) => (
            <Button
              key={d}
              type={d === day ? 'primary' : 'default'}
              size="small"
              onClick={() => {
                setDay(d);
                choose(null);
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
            <ResultRow key={r.id} ticket={ticket} result={r} chosen={r.id === chosen} onChoose={() => choose(r.id)} />
          ))}
        </ul>
      </Card>
      {leg && classes.length > 0 ? (
        <ChangeClassPicker
          leg={leg}
          classes={classes}
          quotes={quotes}
          value={wanted ?? ''}
          own={isOwnTrip(ticket, leg) ? ticket.trip.seatClass : null}
          onChange={setSeatClass}
        />
      ) : null}
      {base && quote ? (
        <ChangeQuoteCard
          orderId={orderId}
          searchId={base.searchId}
          resultId={base.resultId}
          seatClass={classes.length ? wanted : undefined}
          travellers={travellers}
          quote={quote.data}
          error={quote.error}
          onDone={p.onDone}
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
  const rail = p.ticket.type === 'railway';
  // The ticket's own train or flight is listed only for another of its classes or cabins, and says so.
  const own = isOwnTrip(p.ticket, ride);
  return (
    <li className={styles.subOrder} data-testid="change-result" data-number={ride.number} data-own={own || undefined}>
      <span>
        <strong>{ride.number}</strong> · {ride.from.name[language]} {ride.departureTime.slice(11, 16)} →{' '}
        {ride.to.name[language]} {ride.arrivalTime.slice(11, 16)}
        {own ? (
          <Tag variant="filled" color="blue" className={styles.ownTrip} data-testid="change-own">
            {t(rail ? 'change.ownTrain' : 'change.ownFlight')}
          </Tag>
        ) : null}
      </span>
      <Price money={cny(changeFare(p.ticket, p.result))} />
      <Button size="small" type={p.chosen ? 'primary' : 'default'} onClick={p.onChoose} data-testid="change-choose">
        {own ? t(rail ? 'change.otherClass' : 'change.otherCabin') : t('change.chooseOne')}
      </Button>
    </li>
  );
}
