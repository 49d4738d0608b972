import { CustomerServiceOutlined, MessageOutlined } from '@ant-design/icons';
import type { AgentQueue } from '@junction/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Empty, Result, Spin, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../shared/api/api-error';
import { useErrorText } from '../../../shared/lib/error-text';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { paths } from '../../../shared/paths';
import { agentMeQueryOptions, agentQueueQueryOptions, chatKeys } from '../api/chat';
import { ConversationView } from '../components/service/conversation-view';
import { QueueSection } from '../components/service/queue-list';
import { RailDeskPanel } from '../components/service/rail-desk-panel';
import styles from '../components/service/service.module.css';
import { TravellerInfo } from '../components/service/traveller-info';
import { useContextHub } from '../components/service/use-conversation';
import { SocketHubContext, useChatSocket } from '../lib/socket-hub';
import { useRailDesk } from '../lib/use-rail-desk';

/**
 * The agents' console at /service: the queue, the conversation, the traveller and their orders; and the
 * train ticket changes waiting at the offline desk.
 */
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
  const desk = useRailDesk();
  const [selected, setSelected] = useState<string | null>(null);

  return (
    <div className={styles.console} data-testid="service-console">
      <header className={styles.bar}>
        <CustomerServiceOutlined className={styles.barIcon} />
        <h1>{t('service.title')}</h1>
        <div className={styles.status}>
          <span className={styles.me}>{t('service.me', { name: meName })}</span>
          <span className={styles.tags}>
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
          </span>
        </div>
      </header>
      <Tabs
        className={styles.tabs}
        items={[
          {
            key: 'conversations',
            label: t('desk.conversations'),
            children: <Conversations queue={queue.data} selected={selected} onSelect={setSelected} meId={meId} />,
          },
          {
            key: 'rail-desk',
            label: (
              <span data-testid="desk-tab">
                {t('desk.tab')} <Badge count={desk.changes.length} size="small" color="#fa8c16" />
              </span>
            ),
            children: <RailDeskPanel desk={desk} />,
          },
        ]}
      />
    </div>
  );
}

/** The conversations tab: the queues, the conversation chosen, and its traveller with their orders. */
function Conversations({
  queue,
  selected,
  onSelect: setSelected,
  meId,
}: {
  queue: AgentQueue | undefined;
  selected: string | null;
  onSelect: (id: string | null) => void;
  meId: string;
}) {
  const { t } = useTranslation('chat');
  const all = [...(queue?.mine ?? []), ...(queue?.waiting ?? [])];
  const current = all.find((q) => q.id === selected) ?? null;
  return (
    <div className={styles.grid}>
      <aside className={styles.column}>
        <QueueSection
          title={t('service.waiting')}
          color="#fa8c16"
          items={queue?.waiting ?? []}
          selected={selected}
          onSelect={setSelected}
          empty={t('service.noneWaiting')}
          testId="queue-waiting"
        />
        <QueueSection
          title={t('service.mine')}
          color="#1b5fd9"
          items={queue?.mine ?? []}
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
            agents={(queue?.agents ?? []).filter((a) => a.id !== meId)}
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
  );
}
