import { CustomerServiceOutlined, MessageOutlined, SwapOutlined, UserOutlined } from '@ant-design/icons';
import type { ChatMessage, QueueItem } from '@junction/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Badge, Button, Dropdown, Empty, Popconfirm, Result, Select, Spin, Tag } from 'antd';
import { useCallback, useContext, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../shared/api/api-error';
import { useErrorText } from '../../../shared/lib/error-text';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { paths } from '../../../shared/paths';
import {
  agentMeQueryOptions,
  agentQueueQueryOptions,
  chatKeys,
  fetchAgentMessages,
  travellerOrdersQueryOptions,
  useAgentAction,
  useAgentRead,
  useAgentSend,
} from '../api/chat';
import { Composer } from '../components/composer';
import { MessageList, OrderCard } from '../components/message-list';
import { newClientId } from '../lib/client-id';
import { SocketHubContext, useChatSocket } from '../lib/socket-hub';
import { useThread } from '../lib/use-thread';
import styles from './service.module.css';

function useNow(everyMs: number): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(id);
  }, [everyMs]);
  return now;
}

function WaitingTime({ since }: { since: string | null }) {
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

const travellerName = (q: QueueItem) => q.traveller.name ?? q.traveller.mobileMasked ?? q.traveller.emailMasked ?? '—';

function QueueList({
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
            <span className={styles.preview}>
              {q.previewKind === 'image'
                ? t('service.previewImage')
                : q.previewKind === 'order'
                  ? t('service.previewOrder')
                  : (q.preview ?? '')}
            </span>
            <WaitingTime since={q.waitingSince} />
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The agents' console at /service: the queue, the conversation, the traveller and their orders. */
export function ServicePage() {
  const { t } = useTranslation('chat');
  const errorText = useErrorText();
  useDocumentTitle(t('service.title'));
  const me = useQuery(agentMeQueryOptions());
  const queryClient = useQueryClient();
  const hub = useChatSocket('agent', me.isSuccess, (frame) => {
    if (frame.type === 'conversation' || frame.type === 'message' || frame.type === 'ready' || frame.type === 'marks')
      void queryClient.invalidateQueries({ queryKey: chatKeys.queue });
  });

  if (me.isPending) return <Spin className={styles.loading} size="large" />;
  if (me.isError) {
    const refused = me.error instanceof ApiError && me.error.errorCode === 7001;
    return (
      <Result
        status={refused ? '403' : 'error'}
        title={t('service.title')}
        subTitle={refused ? t('service.refused') : errorText(me.error)}
        data-testid="service-refused"
        extra={
          <Link to={paths.home()}>
            <Button type="primary">{t('service.home')}</Button>
          </Link>
        }
      />
    );
  }
  return (
    <SocketHubContext.Provider value={hub}>
      <Console meName={me.data.name} meId={me.data.id} />
    </SocketHubContext.Provider>
  );
}

function Console({ meName, meId }: { meName: string; meId: string }) {
  const { t } = useTranslation('chat');
  const hubStatus = useContextHub().widget;
  const queue = useQuery(agentQueueQueryOptions());
  const [selected, setSelected] = useState<string | null>(null);
  const all = [...(queue.data?.mine ?? []), ...(queue.data?.waiting ?? [])];
  const current = all.find((q) => q.id === selected) ?? null;

  return (
    <div className={styles.console} data-testid="service-console">
      <header className={styles.bar}>
        <CustomerServiceOutlined className={styles.barIcon} />
        <h1>{t('service.title')}</h1>
        <span className={styles.me}>{t('service.me', { name: meName })}</span>
        <Tag
          color={hubStatus === 'success' ? 'green' : hubStatus === 'failed' ? 'red' : 'default'}
          data-testid="service-connection"
        >
          {t(`service.connection.${hubStatus ?? 'pending'}`)}
        </Tag>
        {queue.data ? (
          <Tag color={queue.data.hours.open ? 'blue' : 'orange'}>
            {queue.data.hours.open ? t('service.hoursOpen') : t('service.hoursClosed')}
          </Tag>
        ) : null}
      </header>
      <div className={styles.grid}>
        <aside className={styles.column}>
          <h2 className={styles.heading}>
            {t('service.waiting')} <Badge count={queue.data?.waiting.length ?? 0} showZero color="#fa8c16" />
          </h2>
          <QueueList
            items={queue.data?.waiting ?? []}
            selected={selected}
            onSelect={setSelected}
            empty={t('service.noneWaiting')}
            testId="queue-waiting"
          />
          <h2 className={styles.heading}>
            {t('service.mine')} <Badge count={queue.data?.mine.length ?? 0} showZero color="#1b5fd9" />
          </h2>
          <QueueList
            items={queue.data?.mine ?? []}
            selected={selected}
            onSelect={setSelected}
            empty={t('service.noneMine')}
            testId="queue-mine"
          />
        </aside>
        <section className={styles.conversation}>
          {current ? (
            <ConversationView
              key={current.id}
              item={current}
              meId={meId}
              agents={(queue.data?.agents ?? []).filter((a) => a.id !== meId)}
              onGone={() => setSelected(null)}
            />
          ) : (
            <Empty
              className={styles.pick}
              image={<MessageOutlined className={styles.pickIcon} />}
              description={t('service.pick')}
            />
          )}
        </section>
        <aside className={styles.column}>{current ? <TravellerInfo item={current} /> : null}</aside>
      </div>
    </div>
  );
}

function useContextHub() {
  const hub = useContext(SocketHubContext);
  if (!hub) throw new Error('no socket');
  return hub;
}

function ConversationView({
  item,
  meId,
  agents,
  onGone,
}: {
  item: QueueItem;
  meId: string;
  agents: { id: string; name: string; online: boolean }[];
  onGone: () => void;
}) {
  const { t, i18n } = useTranslation('chat');
  const errorText = useErrorText();
  const hub = useContextHub();
  const { thread, conversation, typing, add } = useThread(item.id, 'agent', fetchAgentMessages);
  const [error, setError] = useState<string | null>(null);
  const [draft, setDraft] = useState<{ text: string; at: number } | null>(null);
  const [transferTo, setTransferTo] = useState<string | undefined>();
  const onSent = useCallback((m: ChatMessage) => add([m]), [add]);
  const send = useAgentSend(onSent);
  const actions = useAgentAction();
  const held = item.status === 'active' && item.agentId === meId;
  const shown = conversation ?? item;

  const lastTheirs = thread?.messages.filter((m) => m.sender === 'traveller').at(-1)?.seq ?? 0;
  const read = useAgentRead();
  const readMutate = read.mutate;
  useEffect(() => {
    if (held && lastTheirs > (shown.agentReadSeq ?? 0)) readMutate({ conversationId: item.id, seq: lastTheirs });
  }, [held, lastTheirs, shown.agentReadSeq, readMutate, item.id]);

  const act = (p: Promise<unknown>) => p.then(() => setError(null)).catch((e) => setError(errorText(e)));
  const canned = t('canned', { returnObjects: true }) as { id: string; en: string; zh: string }[];
  const zhFirst = i18n.language === 'zh-CN';

  return (
    <>
      <div className={styles.convHead}>
        <UserOutlined className={styles.avatar} />
        <div className={styles.convTitle}>
          <strong data-testid="conversation-traveller">{travellerName(item)}</strong>
          <span>
            <Tag
              bordered={false}
              color={item.status === 'active' ? 'green' : item.status === 'waiting' ? 'orange' : 'default'}
            >
              {t(`state.${item.status}`, { name: item.agentName ?? '' })}
            </Tag>
            <WaitingTime since={item.waitingSince} />
          </span>
        </div>
        <div className={styles.convActions}>
          {item.status === 'waiting' ? (
            <Button
              type="primary"
              onClick={() => act(actions.take.mutateAsync(item.id))}
              loading={actions.take.isPending}
              data-testid="take"
            >
              {t('service.take')}
            </Button>
          ) : null}
          {held ? (
            <>
              <Select
                className={styles.transferSelect}
                placeholder={t('service.transferTo')}
                value={transferTo}
                onChange={setTransferTo}
                options={agents.map((a) => ({
                  value: a.id,
                  label: `${a.name} · ${a.online ? t('service.online') : t('service.offline')}`,
                }))}
                data-testid="transfer-select"
              />
              <Button
                icon={<SwapOutlined />}
                disabled={!transferTo}
                loading={actions.transfer.isPending}
                onClick={() =>
                  transferTo &&
                  act(actions.transfer.mutateAsync({ conversationId: item.id, agentId: transferTo }).then(onGone))
                }
                data-testid="transfer"
              >
                {t('service.transfer')}
              </Button>
            </>
          ) : null}
          {item.status !== 'closed' ? (
            <Popconfirm
              title={t('service.closeConfirm')}
              onConfirm={() => act(actions.close.mutateAsync(item.id).then(onGone))}
            >
              <Button danger data-testid="close-conversation">
                {t('service.closeConversation')}
              </Button>
            </Popconfirm>
          ) : null}
        </div>
      </div>
      <div className={styles.thread}>
        {thread ? (
          <MessageList
            messages={thread.messages}
            conversation={shown}
            reader="agent"
            typing={typing}
            linkOrders={false}
          />
        ) : (
          <Spin />
        )}
      </div>
      {error ? (
        <Alert type="error" showIcon message={error} className={styles.error} data-testid="service-error" />
      ) : null}
      {held ? (
        <Composer
          placeholder={t('service.reply')}
          sending={send.isPending}
          draft={draft}
          onTyping={() => hub.send({ type: 'typing', conversationId: item.id })}
          onSend={(text) =>
            send.mutateAsync({ kind: 'text', clientId: newClientId(), text, conversationId: item.id }).catch((e) => {
              setError(errorText(e));
              throw e;
            })
          }
          extra={
            <Dropdown
              trigger={['click']}
              menu={{
                items: canned.flatMap((c) => [
                  { key: `${c.id}-a`, label: zhFirst ? c.zh : c.en },
                  { key: `${c.id}-b`, label: zhFirst ? c.en : c.zh },
                ]),
                onClick: ({ key }) => {
                  const c = canned.find((x) => key.startsWith(`${x.id}-`));
                  if (!c) return;
                  const first = key.endsWith('-a');
                  setDraft({ text: first === zhFirst ? c.zh : c.en, at: Date.now() });
                },
              }}
            >
              <Button size="small" className={styles.cannedButton} data-testid="canned">
                {t('service.canned')}
              </Button>
            </Dropdown>
          }
        />
      ) : (
        <p className={styles.takeFirst}>{item.status === 'waiting' ? t('service.takeFirst') : null}</p>
      )}
    </>
  );
}

function TravellerInfo({ item }: { item: QueueItem }) {
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
