import { CheckOutlined, FileTextOutlined } from '@ant-design/icons';
import {
  type ChatMessage,
  type ChatOrderCard,
  type Conversation,
  chatEndpoints,
  formatMoney,
  inLanguage,
  type Language,
  refundFailedOf,
} from '@junction/domain';
import { Image, Tag } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTravelTime } from '../../../shared/lib/format';
import { usePreferences } from '../../../shared/lib/preferences';
import { paths } from '../../../shared/paths';
import { Price } from '../../../shared/ui/price';
import styles from './chat.module.css';

/**
 * An event's words and what they are filled with: the agent's name, or a failed refund's amount, where it
 * could not go back (the card, the Alipay or WeChat Pay account) and, for an order's, the order's number.
 */
function eventWords(m: ChatMessage, language: Language) {
  const refund = m.event === 'refundFailed' ? refundFailedOf(m.text) : undefined;
  const params = {
    name: m.senderName ?? '',
    amount: refund ? formatMoney({ amountMinor: refund.amountMinor, currency: 'CNY' }, language) : '',
    last4: refund?.last4 ?? '',
    orderNumber: refund?.orderNumber ?? '',
  };
  const key = refund?.orderNumber
    ? `event.refundFailedOrder.${refund.channel ?? 'card'}`
    : `event.${m.event ?? 'closed'}`;
  return { key: key as 'event.closed', params };
}

export const imageUrl = (id: string) => `${chatEndpoints.image.path}?${new URLSearchParams({ id })}`;

export function OrderCard({ order, linked }: { order: ChatOrderCard; linked: boolean }) {
  const { t } = useTranslation(['chat', 'orders']);
  const { language } = usePreferences();
  const body = (
    <>
      <div className={styles.orderHead}>
        <FileTextOutlined /> {t('chat:order.title')} <span className={styles.orderNumber}>{order.orderNumber}</span>
      </div>
      <div className={styles.orderRoute}>
        {inLanguage(order.places.from, language)} → {inLanguage(order.places.to, language)}
      </div>
      <div className={styles.orderMeta}>
        <span>{formatTravelTime(order.departureTime, language)}</span>
        <Tag variant="filled" color="blue">
          {t(`orders:status.${String(order.status)}` as 'orders:status.0')}
        </Tag>
        <Price money={{ amountMinor: order.payment.price.amount, currency: 'CNY' }} />
      </div>
    </>
  );
  return (
    <div className={styles.orderCard} data-testid="chat-order-card">
      {linked ? (
        <a href={paths.order(order.id)} target="_blank" rel="noreferrer">
          {body}
        </a>
      ) : (
        body
      )}
    </div>
  );
}

export type MessageListProps = {
  messages: readonly ChatMessage[];
  conversation: Conversation | null;
  reader: 'traveller' | 'agent';
  typing: boolean;
  /** Order cards open the order page (the traveller's own). */
  linkOrders: boolean;
};

/** A conversation's messages: text as text (never markup), images, order cards, events and marks. */
export function MessageList({ messages, conversation, reader, typing, linkOrders }: MessageListProps) {
  const { t } = useTranslation('chat');
  const { language } = usePreferences();
  const end = useRef<HTMLDivElement>(null);
  const last = messages.at(-1)?.seq;
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls when a message or the typing line arrives
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [last, typing]);

  const mark = (m: ChatMessage) => {
    if (!conversation) return null;
    const read = reader === 'traveller' ? conversation.agentReadSeq : conversation.travellerReadSeq;
    const delivered = reader === 'traveller' ? conversation.agentDeliveredSeq : conversation.travellerDeliveredSeq;
    if (read >= m.seq)
      return (
        <span className={`${styles.mark} ${styles.read}`} data-testid="mark" data-mark="read">
          <CheckOutlined />
          <CheckOutlined /> {t('mark.read')}
        </span>
      );
    if (delivered >= m.seq)
      return (
        <span className={styles.mark} data-testid="mark" data-mark="delivered">
          <CheckOutlined />
          <CheckOutlined /> {t('mark.delivered')}
        </span>
      );
    return (
      <span className={styles.mark} data-testid="mark" data-mark="sent">
        <CheckOutlined /> {t('mark.sent')}
      </span>
    );
  };

  return (
    <div className={styles.messages} data-testid="chat-messages" aria-live="polite">
      {messages.map((m) => {
        if (m.kind === 'event') {
          const words = eventWords(m, language);
          return (
            <div key={m.seq} className={styles.event} data-testid="chat-event" data-event={m.event}>
              {t(words.key, words.params)}
            </div>
          );
        }
        const mine = m.sender === reader;
        return (
          <div
            key={m.seq}
            className={`${styles.row} ${mine ? styles.mine : styles.theirs}`}
            data-testid="chat-message"
            data-seq={m.seq}
            data-sender={m.sender}
          >
            {!mine ? (
              <div className={styles.who}>{m.sender === 'agent' ? (m.senderName ?? t('agent')) : t('traveller')}</div>
            ) : null}
            <div className={`${styles.bubble} ${m.kind !== 'text' ? styles.plain : ''}`}>
              {m.kind === 'text' ? <span className={styles.text}>{m.text}</span> : null}
              {m.kind === 'image' && m.imageId ? (
                <Image src={imageUrl(m.imageId)} alt={t('image.alt')} width={180} className={styles.image} />
              ) : null}
              {m.kind === 'order' && m.order ? <OrderCard order={m.order} linked={linkOrders} /> : null}
            </div>
            <div className={styles.meta}>
              <time dateTime={m.createdAt}>{dayjs(m.createdAt).format('HH:mm')}</time>
              {mine ? mark(m) : null}
            </div>
          </div>
        );
      })}
      {typing ? (
        <div className={styles.typing} data-testid="chat-typing">
          <span className={styles.dots}>
            <i />
            <i />
            <i />
          </span>
          {reader === 'traveller' ? t('typing.agent') : t('typing.traveller')}
        </div>
      ) : null}
      <div ref={end} />
    </div>
  );
}
