import { formatMoney, type Language, type QueueItem, refundFailedOf } from '@junction/domain';
import { Badge } from 'antd';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../../../shared/lib/preferences';
import styles from './service.module.css';

function useNow(everyMs: number): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(id);
  }, [everyMs]);
  return now;
}

export function WaitingTime({ since }: { since: string | null }) {
  const { t } = useTranslation('chat');
  const now = useNow(15_000);
  if (!since) return null;
  const minutes = Math.max(0, Math.floor((now - Date.parse(since)) / 60_000));
  const text =
    minutes < 1
      ? t('service.justNow')
      : minutes < 60
        ? t('service.min', { m: minutes })
        : t('service.hm', { h: Math.floor(minutes / 60), m: minutes % 60 });
  return (
    <span className={styles.waiting} data-testid="waiting-time">
      {t('service.waitingFor', { time: text })}
    </span>
  );
}

/** The traveller as the agent may see them: the name, or else the masked mobile or email. */
export const travellerName = (q: QueueItem) =>
  q.traveller.name ?? q.traveller.mobileMasked ?? q.traveller.emailMasked ?? '—';

/**
 * What a queued conversation is previewed by, in the agent's language: the traveller's last message (an
 * image or an order card by what it is), or the matter that opened it (a refund that failed, with its amount).
 */
export function previewOf(q: QueueItem, t: TFunction<'chat'>, language: Language): string {
  if (q.previewKind === 'image') return t('service.previewImage');
  if (q.previewKind === 'order') return t('service.previewOrder');
  const refund = q.previewKind === 'refundFailed' ? refundFailedOf(q.preview) : undefined;
  if (!refund) return q.previewKind === 'refundFailed' ? '' : (q.preview ?? '');
  const amount = formatMoney({ amountMinor: refund.amountMinor, currency: 'CNY' }, language);
  return refund.orderNumber
    ? t('service.previewRefundFailedOrder', { amount, orderNumber: refund.orderNumber })
    : t('service.previewRefundFailed', { amount });
}

/** One of the console's queues: each conversation with its traveller, unread count, preview and wait. */
export function QueueList({
  items,
  selected,
  onSelect,
  empty,
  testId,
}: {
  items: QueueItem[];
  selected: string | null;
  onSelect: (id: string) => void;
  empty: string;
  testId: string;
}) {
  const { t } = useTranslation('chat');
  const { language } = usePreferences();
  if (items.length === 0) return <p className={styles.empty}>{empty}</p>;
  return (
    <ul className={styles.queue} data-testid={testId}>
      {items.map((q) => (
        <li key={q.id}>
          <button
            type="button"
            className={`${styles.queueItem} ${selected === q.id ? styles.selected : ''}`}
            onClick={() => onSelect(q.id)}
            data-testid="queue-item"
            data-conversation={q.id}
          >
            <span className={styles.queueTop}>
              <strong>{travellerName(q)}</strong>
              <Badge count={q.unread} size="small" data-testid="queue-unread" />
            </span>
            <span className={styles.preview} data-testid="queue-preview">
              {previewOf(q, t, language)}
            </span>
            <WaitingTime since={q.waitingSince} />
          </button>
        </li>
      ))}
    </ul>
  );
}

/** A queue under its heading, with how many conversations it holds in the queue's colour. */
export function QueueSection({
  title,
  color,
  ...list
}: Parameters<typeof QueueList>[0] & { title: string; color: string }) {
  return (
    <>
      <h2 className={styles.heading}>
        {title} <Badge count={list.items.length} showZero color={color} />
      </h2>
      <QueueList {...list} />
    </>
  );
}
