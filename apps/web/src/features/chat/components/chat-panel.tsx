import { CloseOutlined, CustomerServiceOutlined, HistoryOutlined, LeftOutlined } from '@ant-design/icons';
import type { Conversation } from '@junction/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Badge, Button, Empty, List, Spin, Tag } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../shared/api/api-error';
import { useErrorText } from '../../../shared/lib/error-text';
import { paths } from '../../../shared/paths';
import {
  chatSummaryQueryOptions,
  conversationsQueryOptions,
  fetchTravellerMessages,
  useMarkRead,
  useSendImage,
  useSendMessage,
} from '../api/chat';
import { newClientId } from '../lib/client-id';
import { useSocketHub } from '../lib/socket-hub';
import { useThread } from '../lib/use-thread';
import styles from './chat.module.css';
import { Composer } from './composer';
import { MessageList } from './message-list';

export type ChatPanelProps = { orderId: string | null; failed: boolean; onClose: () => void };

function ConversationTag({ conversation }: { conversation: Conversation | null }) {
  const { t } = useTranslation('chat');
  if (!conversation) return null;
  if (conversation.status === 'active')
    return (
      <Tag color="green" variant="filled">
        {t('state.active', { name: conversation.agentName ?? '' })}
      </Tag>
    );
  if (conversation.status === 'waiting')
    return (
      <Tag color="orange" variant="filled">
        {t('state.waiting')}
      </Tag>
    );
  return <Tag variant="filled">{t('state.closed')}</Tag>;
}

/** The traveller's chat with our agents (spec §2, §4): live messages, images, order cards, history, service hours. */
export function ChatPanel({ orderId, failed, onClose }: ChatPanelProps) {
  const { t } = useTranslation('chat');
  const errorText = useErrorText();
  const hub = useSocketHub();
  const _queryClient = useQueryClient();
  const summary = useQuery(chatSummaryQueryOptions());
  const [historyOpen, setHistoryOpen] = useState(false);
  const [picked, setPicked] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const current = summary.data?.conversation ?? null;
  const conversationId = picked ?? current?.id ?? null;
  const { thread, conversation, typing, add, loadError } = useThread(
    conversationId,
    'traveller',
    fetchTravellerMessages,
  );
  const shown = conversation ?? (picked ? null : current);
  const readOnly = picked !== null && picked !== current?.id;

  const onSent = useCallback(
    (m: Parameters<typeof add>[0][number]) => {
      setError(null);
      if (m.conversationId === conversationId) add([m]);
    },
    [add, conversationId],
  );
  const send = useSendMessage(onSent);
  const image = useSendImage(onSent);
  const showError = (e: unknown) => setError(errorText(e));
  const openId = shown && shown.status !== 'closed' ? shown.id : undefined;

  const read = useMarkRead();
  const lastTheirs = thread?.messages.filter((m) => m.sender !== 'traveller').at(-1)?.seq ?? 0;
  const readSeq = shown?.travellerReadSeq ?? 0;
  const readMutate = read.mutate;
  useEffect(() => {
    if (conversationId && lastTheirs > readSeq && document.visibilityState === 'visible')
      readMutate({ conversationId, seq: lastTheirs });
  }, [conversationId, lastTheirs, readSeq, readMutate]);

  // Opened from an order page: the order goes into the conversation once.
  const attached = useRef(false);
  const sendMutate = send.mutateAsync;
  useEffect(() => {
    if (!orderId || attached.current || !summary.data || (conversationId && !conversation)) return;
    attached.current = true;
    if (thread?.messages.some((m) => m.order?.id === orderId) && openId) return;
    sendMutate({ kind: 'order', clientId: newClientId(), orderId, conversationId: openId }).catch(showError);
  });

  const hours = summary.data?.hours;
  const broken = failed || summary.isError || (loadError instanceof ApiError && loadError.status >= 500);

  return (
    <section className={styles.panel} aria-label={t('title')} data-testid="chat-panel">
      <header className={styles.panelHead}>
        <CustomerServiceOutlined className={styles.headIcon} />
        <div className={styles.headText}>
          <strong>{t('title')}</strong>
          <span data-testid="chat-state">
            {broken ? (
              <Tag color="red" variant="filled">
                {t('status.failed')}
              </Tag>
            ) : hub.widget !== 'success' ? (
              <Tag variant="filled">{t('status.pending')}</Tag>
            ) : (
              <ConversationTag conversation={shown} />
            )}
          </span>
        </div>
        <Button
          type="text"
          className={styles.headButton}
          icon={historyOpen ? <LeftOutlined /> : <HistoryOutlined />}
          aria-label={historyOpen ? t('history.back') : t('history.title')}
          onClick={() => setHistoryOpen((v) => !v)}
          data-testid="chat-history"
        />
        <Button
          type="text"
          className={styles.headButton}
          icon={<CloseOutlined />}
          aria-label={t('close')}
          onClick={onClose}
          data-testid="chat-close"
        />
      </header>

      {broken ? (
        <Alert
          type="error"
          showIcon
          className={styles.banner}
          data-testid="chat-failed"
          title={errorText(7012)}
          action={
            <Link to={paths.download()} onClick={onClose}>
              {t('getApp')}
            </Link>
          }
        />
      ) : null}
      {hours && !hours.open && !broken && !historyOpen ? (
        <Alert
          type="info"
          showIcon
          className={styles.banner}
          data-testid="chat-hours"
          title={t('hours.closedTitle')}
          description={t('hours.closed', {
            local: dayjs(hours.opensAt).format('ddd HH:mm'),
          })}
        />
      ) : null}

      {historyOpen ? (
        <History
          onPick={(id) => {
            setPicked(id === current?.id ? null : id);
            setHistoryOpen(false);
          }}
        />
      ) : (
        <>
          <div className={styles.body}>
            {summary.isPending ? (
              <Spin className={styles.center} />
            ) : thread && thread.messages.length > 0 ? (
              <MessageList
                messages={thread.messages}
                conversation={shown}
                reader="traveller"
                typing={typing}
                linkOrders
              />
            ) : (
              <div className={styles.welcome} data-testid="chat-welcome">
                <CustomerServiceOutlined className={styles.welcomeIcon} />
                <strong>{t('welcome.title')}</strong>
                <span>{hours && !hours.open ? t('welcome.offline') : t('welcome.text')}</span>
              </div>
            )}
          </div>
          {readOnly ? (
            <div className={styles.readOnly}>
              <Button type="link" onClick={() => setPicked(null)}>
                {t('history.backToCurrent')}
              </Button>
            </div>
          ) : (
            <>
              {error ? (
                <Alert type="error" showIcon className={styles.banner} message={error} data-testid="chat-error" />
              ) : null}
              <Composer
                placeholder={hours && !hours.open ? t('placeholder.offline') : t('placeholder.online')}
                sending={send.isPending || image.isPending}
                disabled={broken}
                onTyping={() => openId && hub.send({ type: 'typing', conversationId: openId })}
                onSend={(text) =>
                  send
                    .mutateAsync({ kind: 'text', clientId: newClientId(), text, conversationId: openId })
                    .catch((e) => {
                      showError(e);
                      throw e;
                    })
                }
                onImage={(data) =>
                  image.mutateAsync({ clientId: newClientId(), data, conversationId: openId }).catch((e) => {
                    showError(e);
                    throw e;
                  })
                }
                onRefused={(code) => setError(errorText(code))}
              />
            </>
          )}
        </>
      )}
    </section>
  );
}

function History({ onPick }: { onPick: (id: string) => void }) {
  const { t } = useTranslation('chat');
  const list = useQuery(conversationsQueryOptions());
  if (list.isPending) return <Spin className={styles.center} />;
  const items = list.data?.items ?? [];
  if (items.length === 0) return <Empty className={styles.center} description={t('history.empty')} />;
  return (
    <List
      className={styles.history}
      dataSource={items}
      data-testid="chat-history-list"
      renderItem={(c) => (
        <List.Item onClick={() => onPick(c.id)} className={styles.historyItem}>
          <List.Item.Meta
            title={dayjs(c.createdAt).format('YYYY-MM-DD HH:mm')}
            description={c.agentName ? t('history.with', { name: c.agentName }) : t('history.noAgent')}
          />
          <Badge count={c.unread} size="small">
            <ConversationTag conversation={c} />
          </Badge>
        </List.Item>
      )}
    />
  );
}
