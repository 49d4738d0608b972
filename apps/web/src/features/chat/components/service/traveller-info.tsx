import type { QueueItem } from '@junction/domain';
import { useQuery } from '@tanstack/react-query';
import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { travellerOrdersQueryOptions } from '../../api/chat';
import { OrderCard } from '../message-list';
import styles from './service.module.css';

/** The traveller of a conversation, masked, and their orders. */
export function TravellerInfo({ item }: { item: QueueItem }) {
  const { t } = useTranslation('chat');
  const orders = useQuery(travellerOrdersQueryOptions(item.id));
  return (
    <div className={styles.info} data-testid="traveller-info">
      <h2 className={styles.heading}>{t('service.traveller')}</h2>
      <dl className={styles.identity}>
        <dt>{t('service.traveller')}</dt>
        <dd>{item.traveller.name ?? '—'}</dd>
        <dt>{t('service.mobile')}</dt>
        <dd>{item.traveller.mobileMasked ?? '—'}</dd>
        <dt>{t('service.email')}</dt>
        <dd>{item.traveller.emailMasked ?? '—'}</dd>
      </dl>
      <h2 className={styles.heading}>{t('service.orders')}</h2>
      {orders.isPending ? (
        <Spin />
      ) : (orders.data?.items.length ?? 0) === 0 ? (
        <p className={styles.empty}>{t('service.noOrders')}</p>
      ) : (
        <div className={styles.orders} data-testid="traveller-orders">
          {orders.data?.items.map((o) => (
            <OrderCard key={o.id} order={o} linked={false} />
          ))}
        </div>
      )}
    </div>
  );
}
