import { CalendarOutlined, CustomerServiceOutlined, PrinterOutlined } from '@ant-design/icons';
import {
  canCancelOrder,
  dateTimeFormat,
  isAwaitingPayment,
  isIssuing,
  isRefunded,
  isTicketBeingIssued,
  isTicketed,
  type Order,
} from '@junction/domain';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { sessionKeys } from '../../../shared/api/session';
import { useChatLauncher } from '../../../shared/chat/chat-launcher';
import { usePreferences } from '../../../shared/lib/preferences';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { useSecondsUntil } from '../../../shared/lib/use-seconds-until';
import { useOfflineWorker } from '../../../shared/offline/offline-worker';
import { savedCopyTime } from '../../../shared/offline/saved-copy';
import { useOnline } from '../../../shared/offline/use-online';
import { paths } from '../../../shared/paths';
import { FormError } from '../../../shared/ui/form-error';
import { Price } from '../../../shared/ui/price';
import { RecordGate } from '../../../shared/ui/record-gate';
import { InvoiceCard } from '../../../widgets/invoices/invoice-card';
import { PlanMapToggle } from '../../../widgets/map/plan-map-toggle';
import { useChangeOptions } from '../api/change';
import { fulfilmentKeys, type RefundTickets, useOrderFulfilment } from '../api/fulfilment';
import { itineraryFileUrl } from '../api/itinerary';
import { orderKeys, useCancelOrder, useOrder } from '../api/orders';
import { ChangesCard } from '../components/changes-card';
import { FareRules } from '../components/fare-rules';
import { Itinerary } from '../components/itinerary';
import { OfflineBanner } from '../components/offline-banner';
import { OrderDates } from '../components/order-dates';
import { OrderStatusTag } from '../components/order-status-tag';
import styles from '../components/orders.module.css';
import { PartyTag } from '../components/party-tag';
import { PriceBreakdown } from '../components/price-breakdown';
import { ProtectionCard } from '../components/protection-card';
import { ReceiptCard } from '../components/receipt-card';
import { RefundDialog } from '../components/refund-dialog';
import { SoldBy } from '../components/sold-by';
import { TicketsCard } from '../components/tickets-card';
import { WaitlistCard } from '../components/waitlist-card';
import { refundableOf } from '../lib/ticket-refunds';

/** Paid orders, being ticketed, ticketed or completed: they have an itinerary to print and a calendar file. */
const hasItinerary = (status: Order['status']) => isIssuing(status) || isTicketed(status);

/** `/order?id=…` (spec §2): one order with its tickets, travellers, itinerary, price, and what may be done now. */
export function OrderPage() {
  const { t } = useTranslation('orders');
  useDocumentTitle(t('order.title'));
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const order = useOrder(id);
  const client = useQueryClient();
  useOfflineWorker(() => {
    void client.invalidateQueries({ queryKey: orderKeys.all });
    void client.invalidateQueries({ queryKey: fulfilmentKeys.all });
  });
  return (
    <RecordGate
      query={order}
      className={styles.page}
      skeletonRows={8}
      notFound={t('order.notFound')}
      allTrips={t('order.allTrips')}
    >
      {(data) => <OrderView order={data} />}
    </RecordGate>
  );
}

function OrderView({ order }: { order: Order }) {
  // The invoices' texts load with the page's, so its card never suspends the page on its own.
  const { t } = useTranslation(['orders', 'invoices']);
  const { language } = usePreferences();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const cancel = useCancelOrder();
  const ticketComing = order.subOrders.some((s) => isTicketBeingIssued(s.status));
  const fulfilment = useOrderFulfilment(order.id, isIssuing(order.status) || ticketComing);
  const chat = useChatLauncher();
  // Without a connection the order shows as saved, and what needs the network waits for it.
  const online = useOnline();
  const savedAt = savedCopyTime(order) ?? savedCopyTime(fulfilment.data);
  const changeOptions = useChangeOptions(order.id, isTicketed(order.status));
  const changeable = new Set(
    (changeOptions.data?.tickets ?? []).filter((x) => x.refusal === null).map((x) => x.subOrderId),
  );
  const client = useQueryClient();
  // The refund asked about: one ticket, one traveller's every ticket, or everyone's on a ticket.
  const [refunding, setRefunding] = useState<RefundTickets | null>(null);
  // Each step of the order brings its traveller a notice and may bring tickets or refunds: once the order
  // moves, the unread count in the header and the tickets are asked for again.
  // A ticket issued or changed on its own (the next departure after a missed connection) moves no order status.
  const subStatuses = order.subOrders.map((s) => String(s.status)).join();
  // biome-ignore lint/correctness/useExhaustiveDependencies: asked again whenever the order's status moves
  useEffect(() => {
    void client.invalidateQueries({ queryKey: sessionKeys.user });
    void client.invalidateQueries({ queryKey: fulfilmentKeys.order(order.id) });
  }, [client, order.status, subStatuses]);
  const unpaid = isAwaitingPayment(order.status);
  const left = useSecondsUntil(order.payment.deadline, unpaid);
  const mm = String(Math.floor(left / 60)).padStart(2, '0');
  const ss = String(left % 60).padStart(2, '0');
  const dateTime = dateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });

  const confirmCancel = () =>
    modal.confirm({
      title: t('order.confirmCancelTitle'),
      content: t('order.confirmCancel'),
      okText: t('order.confirmCancelOk'),
      okButtonProps: { danger: true },
      cancelText: t('order.keep'),
      onOk: () => cancel.mutateAsync(order.id),
    });

  return (
    <div className={styles.page} data-testid="order-page">
      <div className={styles.orderHead}>
        <div>
          <h1 className={styles.pageTitle}>
            {order.places.from[language]} → {order.places.to[language]}
          </h1>
          <p className={styles.travelDates}>
            <OrderDates order={order} />
          </p>
          <p className={styles.muted}>
            {t('order.number')} <span data-testid="order-number">{order.orderNumber}</span> · {t('order.created')}{' '}
            {dateTime.format(new Date(order.createdAt))}
          </p>
        </div>
        <OrderStatusTag status={order.status} />
      </div>
      <OfflineBanner savedAt={savedAt} what="order" />
      <div className={styles.layout}>
        <div className={styles.main}>
          {unpaid && left > 0 ? (
            <Card className={styles.payCard} data-testid="pay-card">
              <div className={styles.payRow}>
                <div>
                  <span className={styles.muted}>{t('order.payWithin')}</span>
                  <strong className={styles.countdown} data-testid="countdown">
                    {mm}:{ss}
                  </strong>
                </div>
                <div className={styles.payActions}>
                  {canCancelOrder(order.status) ? (
                    <Button
                      onClick={confirmCancel}
                      loading={cancel.isPending}
                      disabled={!online}
                      data-testid="cancel-order"
                    >
                      {t('order.cancel')}
                    </Button>
                  ) : null}
                  <Button
                    type="primary"
                    size="large"
                    onClick={() => navigate(paths.payment(order.id))}
                    disabled={!online}
                    data-testid="pay-order"
                  >
                    {t('order.pay')} ·{' '}
                    <Price
                      money={{
                        amountMinor: order.priceDifference?.amount ?? order.payment.price.amount,
                        currency: 'CNY',
                      }}
                    />
                  </Button>
                </div>
              </div>
              <FormError error={cancel.error} />
            </Card>
          ) : null}
          {unpaid && left === 0 ? <Card className={styles.card}>{t('order.expiredNote')}</Card> : null}
          {order.waitlist ? <WaitlistCard order={order} waitlist={order.waitlist} /> : null}
          <ProtectionCard order={order} />
          <TicketsCard
            order={order}
            fulfilment={fulfilment.data}
            onRefund={setRefunding}
            changeable={changeable}
            online={online}
          />
          {fulfilment.data?.changes.length ? <ChangesCard changes={fulfilment.data.changes} /> : null}
          {fulfilment.data?.receipt ? <ReceiptCard order={order} receipt={fulfilment.data.receipt} /> : null}
          {online && (hasItinerary(order.status) || isRefunded(order.status)) ? (
            <InvoiceCard
              orderId={order.id}
              contact={{ name: order.contact.name, email: order.contact.email }}
              ticketed={isTicketed(order.status)}
              refunded={isRefunded(order.status)}
            />
          ) : null}
          <Card
            title={t('order.itinerary')}
            className={`${styles.card} ${styles.wrapHead}`}
            data-testid="order-itinerary-card"
            extra={
              hasItinerary(order.status) ? (
                <span className={styles.itineraryLinks}>
                  <a href={itineraryFileUrl('ics', order.id)} data-testid="order-ics">
                    <CalendarOutlined /> {t('itineraryPage.calendar')}
                  </a>
                  <Link to={paths.itinerary(order.id)} data-testid="order-itinerary">
                    <PrinterOutlined /> {t('itineraryPage.open')}
                  </Link>
                </span>
              ) : null
            }
          >
            <SoldBy sold={order} />
            <Itinerary legs={order.legs} bounds={order.bounds} />
            {order.kind === 'mix' ? <PlanMapToggle legs={order.legs} /> : null}
            <h3 className={styles.sectionTitle}>{t('booking.itinerary.fareRules')}</h3>
            <FareRules fees={order.fees} legs={order.legs} />
          </Card>
          <Card
            title={t('order.travellers')}
            className={styles.card}
            extra={<PartyTag types={order.travellers.map((x) => x.airType)} />}
          >
            <ul className={styles.travellerRows} data-testid="order-travellers">
              {order.travellers.map((x, position) => (
                <li key={`${x.name}-${x.documentMasked}`} className={styles.travellerRow} data-testid="order-traveller">
                  <span className={styles.choiceName}>{x.name}</span>
                  <Tag variant="filled">{t(`types.${x.airType}`)}</Tag>
                  {x.railType ? (
                    <Tag variant="filled">
                      {t('tickets.railway')} · {t(`types.${x.railType}`)}
                    </Tag>
                  ) : null}
                  <span className={styles.muted} data-testid="document-masked">
                    {x.documentMasked}
                  </span>
                  {refundableOf(order, fulfilment.data, position).length > 0 ? (
                    <Button
                      size="small"
                      className={styles.travellerRefund}
                      onClick={() => setRefunding({ traveller: position })}
                      disabled={!online}
                      data-testid="refund-traveller"
                    >
                      {t('refund.refundTraveller')}
                    </Button>
                  ) : null}
                </li>
              ))}
            </ul>
            <Descriptions size="small" column={1} className={styles.contact} title={t('order.contact')}>
              <Descriptions.Item label={t('booking.contact.name')}>{order.contact.name}</Descriptions.Item>
              <Descriptions.Item label={t('booking.contact.phone')}>{order.contact.phoneMasked}</Descriptions.Item>
              <Descriptions.Item label={t('booking.contact.email')}>{order.contact.email}</Descriptions.Item>
            </Descriptions>
          </Card>
        </div>
        <aside className={styles.side}>
          <Card title={t('order.price')} className={styles.summary}>
            <PriceBreakdown breakdown={order.breakdown} changeMoney={order.changeMoney} />
            <a
              href={order.supportUrl}
              target="_blank"
              rel="noreferrer"
              className={styles.support}
              data-testid="support-link"
            >
              {t('order.support')}
            </a>
            <Button
              block
              icon={<CustomerServiceOutlined />}
              className={styles.chatButton}
              onClick={() => chat.open({ orderId: order.id })}
              disabled={!online}
              data-testid="order-chat"
            >
              {t('order.chat')}
            </Button>
          </Card>
        </aside>
      </div>
      <RefundDialog order={order} tickets={refunding} onTickets={setRefunding} onClose={() => setRefunding(null)} />
    </div>
  );
}
