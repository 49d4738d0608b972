import {
  ArrowLeftOutlined,
  CalendarOutlined,
  CarOutlined,
  FilePdfOutlined,
  NodeIndexOutlined,
  PrinterOutlined,
  RocketOutlined,
  SwapOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import {
  type IssuedTicketView,
  isAwaitingPayment,
  isIssuing,
  type Order,
  type OrderFulfilment,
  placeCodeShown,
  type Receipt,
  type ResultLeg,
  scheduleChangeOf,
} from '@junction/domain';
import { Button, Tag } from 'antd';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { formatTravelDate, formatTravelTime } from '../../../shared/lib/format';
import { usePreferences } from '../../../shared/lib/preferences';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { paths } from '../../../shared/paths';
import { useFormatMoney } from '../../../shared/ui/price';
import { RecordGate } from '../../../shared/ui/record-gate';
import { useOrderFulfilment } from '../api/fulfilment';
import { itineraryFileUrl } from '../api/itinerary';
import { useOrder } from '../api/orders';
import { isSold, useDuration } from '../components/itinerary';
import { OrderStatusTag } from '../components/order-status-tag';
import { SeatCells } from '../components/tickets-card';
import { clockOf, dayOf } from '../lib/time';
import styles from './itinerary-page.module.css';

const ICON: Record<ResultLeg['kind'], ReactNode> = {
  air: <RocketOutlined />,
  land: <NodeIndexOutlined />,
  subway: <NodeIndexOutlined />,
  taxi: <CarOutlined />,
  lands: <WalletOutlined />,
};

/** `/itinerary?id=…` (spec §2): the printable itinerary of one order, with its PDF and calendar file. */
export function ItineraryPage() {
  const { t } = useTranslation('orders');
  useDocumentTitle(t('itineraryPage.title'));
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const order = useOrder(id);
  const issuing = order.data !== undefined && isIssuing(order.data.status);
  const fulfilment = useOrderFulfilment(order.data ? id : '', issuing);
  return (
    <RecordGate
      query={order}
      className={styles.page}
      skeletonRows={10}
      notFound={t('order.notFound')}
      allTrips={t('order.allTrips')}
    >
      {(data) => <ItinerarySheet order={data} fulfilment={fulfilment.data} />}
    </RecordGate>
  );
}

function ItinerarySheet({ order, fulfilment }: { order: Order; fulfilment: OrderFulfilment | undefined }) {
  const { t } = useTranslation(['orders', 'common', 'passengers']);
  const { language } = usePreferences();
  const dateTime = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
  const tickets = fulfilment?.tickets ?? [];
  return (
    <main className={styles.page} data-testid="itinerary-page">
      <div className={styles.toolbar} data-print="hide">
        <Link to={paths.order(order.id)} className={styles.back}>
          <ArrowLeftOutlined /> {t('itineraryPage.back')}
        </Link>
        <div className={styles.actions}>
          <Button icon={<CalendarOutlined />} href={itineraryFileUrl('ics', order.id)} data-testid="itinerary-ics">
            {t('itineraryPage.calendar')}
          </Button>
          <Button icon={<FilePdfOutlined />} href={itineraryFileUrl('pdf', order.id)} data-testid="itinerary-pdf">
            {t('itineraryPage.pdf')}
          </Button>
          <Button
            type="primary"
            icon={<PrinterOutlined />}
            onClick={() => window.print()}
            data-testid="itinerary-print"
          >
            {t('itineraryPage.print')}
          </Button>
        </div>
      </div>
      <article className={styles.sheet} data-testid="itinerary-sheet">
        <header className={styles.band}>
          <span className={styles.brand}>{t('common:brand')}</span>
          <span className={styles.bandTitle}>{t('itineraryPage.title')}</span>
        </header>
        <div className={styles.head}>
          <div>
            <h1 className={styles.route}>
              {order.places.from[language]} → {order.places.to[language]}
            </h1>
            <p className={styles.meta}>
              {t('order.number')} <strong data-testid="itinerary-order-number">{order.orderNumber}</strong>
              <span className={styles.dot}>·</span>
              {t('order.created')} {dateTime.format(new Date(order.createdAt))}
            </p>
          </div>
          <OrderStatusTag status={order.status} />
        </div>
        <p className={styles.note}>{t('itineraryPage.localTimes')}</p>

        {order.bounds.map((b, n) => (
          <section key={`${b.start}-${b.end}`} className={styles.section}>
            <h2 className={styles.sectionTitle}>
              {order.bounds.length > 1 ? t('legs.bound', { n: n + 1 }) : t(`itineraryPage.heading.${order.kind}`)}
              <span className={styles.sectionDate} data-testid="journey-date">
                {order.legs[b.start] ? formatTravelDate(order.legs[b.start]?.departureTime ?? '', language) : ''}
              </span>
            </h2>
            <ol className={styles.legs}>
              {order.legs.slice(b.start, b.end).map((leg, k) => {
                const index = b.start + k;
                const next = order.legs.slice(index + 1, b.end).find(isSold);
                return (
                  <Fragment key={`${leg.kind}-${leg.number}-${leg.departureTime}`}>
                    <LegBlock order={order} leg={leg} index={index} tickets={tickets} />
                    {isSold(leg) && leg.separateTicket && next ? (
                      <li className={styles.selfTransfer}>
                        <SwapOutlined /> {t('legs.selfTransfer')}
                      </li>
                    ) : null}
                  </Fragment>
                );
              })}
            </ol>
          </section>
        ))}

        <section className={styles.section}>
          <h2 className={styles.sectionTitle}>{t('order.travellers')}</h2>
          <table className={styles.table} data-testid="itinerary-travellers">
            <thead>
              <tr>
                <th>{t('ticketing.traveller')}</th>
                <th>{t('itineraryPage.type')}</th>
                <th>{t('itineraryPage.document')}</th>
              </tr>
            </thead>
            <tbody>
              {order.travellers.map((x) => (
                <tr key={`${x.name}-${x.documentMasked}`}>
                  <td className={styles.strong}>{x.name}</td>
                  <td>{t(`types.${x.airType}`)}</td>
                  <td>
                    {t(`passengers:documentTypes.${x.documentType}` as 'passengers:documentTypes.A')}{' '}
                    <span className={styles.mono} data-testid="itinerary-document">
                      {x.documentMasked}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className={styles.contact}>
            {t('itineraryPage.contactLine', {
              name: order.contact.name,
              phone: order.contact.phoneMasked,
              email: order.contact.email,
            })}
          </p>
        </section>

        {fulfilment?.receipt ? <PaymentSummary receipt={fulfilment.receipt} /> : null}

        <footer className={styles.sheetFooter}>{t('itineraryPage.footer')}</footer>
      </article>
    </main>
  );
}

/** One leg of the plan: times, places and ride; for a ride its booking reference and every traveller's ticket. */
function LegBlock({
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
  const duration = useDuration();
  const format = useFormatMoney();
  const sold = isSold(leg);
  const own = tickets.filter((x) => x.legIndex === index);
  const change = scheduleChangeOf(order.scheduleChanges, index);
  const sub = order.subOrders.find((s) => s.legs.includes(index));
  const reference = own[0]?.bookingReference ?? sub?.confirmationCode;
  const rail = leg.kind === 'land';
  const days = Math.round((Date.parse(dayOf(leg.arrivalTime)) - Date.parse(dayOf(leg.departureTime))) / 86_400_000);
  const carrier = leg.carrierName[language];
  return (
    <li
      className={sold ? styles.leg : `${styles.leg} ${styles.ground}`}
      data-testid="itinerary-leg"
      data-kind={leg.kind}
    >
      <div className={styles.legTop}>
        <span className={styles.icon} aria-hidden="true">
          {ICON[leg.kind]}
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
            {leg.number ? ` · ${carrier && carrier !== leg.number ? `${carrier} ` : ''}${leg.number}` : ''}
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
            <Tag bordered={false}>{t('legs.guidance')}</Tag>
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
      {change ? (
        <p className={styles.changed} data-testid="itinerary-changed">
          {t('ticketing.changed', { time: formatTravelTime(change.previousDepartureTime, language) })}
        </p>
      ) : null}
    </li>
  );
}

function PaymentSummary({ receipt }: { receipt: Receipt }) {
  const { t } = useTranslation('orders');
  const { language } = usePreferences();
  const format = useFormatMoney();
  const dateTime = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <section className={styles.section}>
      <h2 className={styles.sectionTitle}>{t('itineraryPage.payment')}</h2>
      <div className={styles.payment}>
        <div>
          {receipt.payments.map((p) => (
            <p key={`${p.paidAt}-${p.amount.amount}`} className={styles.paymentLine}>
              {p.method === 'wallet'
                ? t('receipt.wallet')
                : p.method === 'alipay' || p.method === 'wechat'
                  ? t(`receipt.${p.method}`)
                  : t('receipt.card', { brand: p.brand ? t(`receipt.brands.${p.brand}`) : '', last4: p.last4 })}
              <span className={styles.label}>
                {' '}
                · {t('receipt.paidOn')} {dateTime.format(new Date(p.paidAt))}
              </span>
            </p>
          ))}
        </div>
        <div className={styles.total}>
          <span className={styles.label}>{t('receipt.paid')}</span>
          <strong>{format({ amountMinor: receipt.paid.amount, currency: 'CNY' })}</strong>
        </div>
      </div>
    </section>
  );
}
