import {
  dateTimeFormat,
  isAwaitingPayment,
  isWaitlisted,
  type OrderListItem,
  TRIP_FILTERS,
  type TripFilter,
} from '@junction/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { usePreferences } from '../../../shared/lib/preferences';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { useOfflineWorker } from '../../../shared/offline/offline-worker';
import { savedCopyTime } from '../../../shared/offline/saved-copy';
import { paths } from '../../../shared/paths';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PagedList } from '../../../shared/ui/paged-list';
import { Price } from '../../../shared/ui/price';
import { orderKeys, useOrders } from '../api/orders';
import { useReadUpcomingAhead } from '../api/upcoming-trips';
import { OfflineBanner } from '../components/offline-banner';
import { OrderDates } from '../components/order-dates';
import { OrderStatusTag } from '../components/order-status-tag';
import styles from '../components/orders.module.css';
import { useWaitlistCountdown, WaitlistCutoff } from '../components/waitlist-card';

const PAGE_SIZE = 10;
const isFilter = (v: string | null): v is TripFilter => (TRIP_FILTERS as readonly (string | null)[]).includes(v);

/** `/account/trips` (spec §2, §4): the traveller's orders under the four filters, a card each. */
export function TripsPage() {
  const { t } = useTranslation('orders');
  useDocumentTitle(t('trips.title'));
  const [params, setParams] = useSearchParams();
  const filterParam = params.get('filter');
  const filter: TripFilter = isFilter(filterParam) ? filterParam : 'all';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { data, isPending } = useOrders({ filter, page, pageSize: PAGE_SIZE });
  const navigate = useNavigate();
  const client = useQueryClient();
  // Upcoming trips are read ahead so each opens offline, whether or not it was opened online.
  const readAhead = useReadUpcomingAhead();
  useOfflineWorker(() => {
    void client.invalidateQueries({ queryKey: orderKeys.all });
    readAhead();
  });

  return (
    <section className={styles.trips} data-testid="trips-page">
      <div className={styles.tripsHead}>
        <h1 className={styles.pageTitle}>{t('trips.title')}</h1>
        <Segmented
          value={filter}
          onChange={(v) => setParams({ filter: String(v) })}
          options={TRIP_FILTERS.map((f) => ({ value: f, label: t(`trips.filters.${f}`) }))}
          data-testid="trip-filters"
        />
      </div>
      <OfflineBanner savedAt={savedCopyTime(data)} what="trips" />
      <PagedList
        items={data?.items}
        total={data?.total}
        pending={isPending}
        skeletonRows={5}
        empty={
          <EmptyState
            kind="empty"
            title={t('trips.empty')}
            description={t('trips.emptyHint')}
            action={
              <Button type="primary" onClick={() => navigate(paths.home())}>
                {t('trips.search')}
              </Button>
            }
          />
        }
        keyOf={(o) => o.id}
        renderItem={(o) => <OrderCard order={o} />}
        className={styles.tripList}
        page={page}
        pageSize={PAGE_SIZE}
        pagerClassName={styles.pagination}
        onPage={(p) => setParams({ filter, page: String(p) })}
      />
    </section>
  );
}

function OrderCard({ order }: { order: OrderListItem }) {
  const { t } = useTranslation('orders');
  const { language } = usePreferences();
  const unpaid = isAwaitingPayment(order.status);
  return (
    <Card className={styles.orderCard} data-testid="order-card" data-order={order.id}>
      <div className={styles.orderCardTop}>
        <span className={styles.muted}>{t('trips.orderNumber', { number: order.orderNumber })}</span>
        <OrderStatusTag status={order.status} />
      </div>
      <div className={styles.orderCardBody}>
        <div>
          <p className={styles.route}>
            {order.places.from[language]} → {order.places.to[language]}
          </p>
          <p className={styles.muted}>
            <OrderDates order={order} /> · {order.travellerNames.join(', ')}
          </p>
          {unpaid ? (
            <p className={styles.payBy}>
              {t('trips.payBy', {
                time: dateTimeFormat(language, { timeStyle: 'short' }).format(new Date(order.payment.deadline)),
              })}
            </p>
          ) : null}
          {order.waitlist && isWaitlisted(order.status) ? <WaitlistNote waitlist={order.waitlist} /> : null}
        </div>
        <div className={styles.orderCardSide}>
          <strong className={styles.amount}>
            <Price money={{ amountMinor: order.payment.price.amount, currency: 'CNY' }} />
          </strong>
          <Link to={paths.order(order.id)} data-testid="view-order">
            {t('trips.view')}
          </Link>
        </div>
      </div>
    </Card>
  );
}

/** A waiting order's line on its card: the cut-off, the countdown to it, and the amount held. */
function WaitlistNote({ waitlist }: { waitlist: NonNullable<OrderListItem['waitlist']> }) {
  const { t } = useTranslation('orders');
  const countdown = useWaitlistCountdown(waitlist.cutoffAt, waitlist.status === 'waiting');
  return (
    <p className={styles.waitlistNote} data-testid="trip-waitlist">
      {t('waitlist.listCutoff')} <WaitlistCutoff cutoffAt={waitlist.cutoffAt} />
      {waitlist.status === 'waiting' ? ` · ${t('waitlist.listLeft', { time: countdown })}` : ''}
      {waitlist.held ? (
        <>
          {' · '}
          {t('waitlist.listHeld')} <Price money={{ amountMinor: waitlist.held.amount, currency: 'CNY' }} />
        </>
      ) : null}
    </p>
  );
}
