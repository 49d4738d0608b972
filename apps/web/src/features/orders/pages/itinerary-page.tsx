import { ArrowLeftOutlined, CalendarOutlined, FilePdfOutlined, PrinterOutlined } from '@ant-design/icons';
import { dateTimeFormat, isIssuing, type Order, type OrderFulfilment } from '@junction/domain';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { formatTravelDate } from '../../../shared/lib/format';
import { usePreferences } from '../../../shared/lib/preferences';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { paths } from '../../../shared/paths';
import { RecordGate } from '../../../shared/ui/record-gate';
import { useOrderFulfilment } from '../api/fulfilment';
import { itineraryFileUrl } from '../api/itinerary';
import { useOrder } from '../api/orders';
import { JourneyLegs } from '../components/itinerary';
import { LegBlock } from '../components/itinerary-leg';
import { PaymentSummary } from '../components/itinerary-payment';
import styles from '../components/itinerary-sheet.module.css';
import { OrderStatusTag } from '../components/order-status-tag';

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
  const dateTime = dateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
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
            <JourneyLegs legs={order.legs} bound={b} classes={styles}>
              {(leg, index) => <LegBlock order={order} leg={leg} index={index} tickets={tickets} />}
            </JourneyLegs>
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
