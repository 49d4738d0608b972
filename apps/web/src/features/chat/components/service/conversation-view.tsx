import { SwapOutlined, UserOutlined } from '@ant-design/icons';
import type { QueueItem } from '@junction/domain';
import { Alert, Button, Dropdown, Popconfirm, Select, Spin, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Composer } from '../composer';
import { MessageList } from '../message-list';
import { travellerName, WaitingTime } from './queue-list';
import styles from './service.module.css';
import { useConversation } from './use-conversation';

type Props = {
  item: QueueItem;
  meId: string;
  agents: { id: string; name: string; online: boolean }[];
  onGone: () => void;
};

/** The conversation an agent picked: who and since when, the actions their state allows, the thread, a reply. */
export function ConversationView({ item, meId, agents, onGone }: Props) {
  const { t } = useTranslation('chat');
  const c = useConversation(item, meId, onGone);
  return (
    <>
      <div className={styles.convHead}>
        <UserOutlined className={styles.avatar} />
        <div className={styles.convTitle}>
          <strong data-testid="conversation-traveller">{travellerName(item)}</strong>
          <span>
            <Tag
              variant="filled"
              color={item.status === 'active' ? 'green' : item.status === 'waiting' ? 'orange' : 'default'}
            >
              {t(`state.${item.status}`, { name: item.agentName ?? '' })}
            </Tag>
            <WaitingTime since={item.waitingSince} />
          </span>
        </div>
        <div className={styles.convActions}>
          {item.status === 'waiting' ? (
            <Button type="primary" onClick={c.take} loading={c.actions.take.isPending} data-testid="take">
              {t('service.take')}
            </Button>
          ) : null}
          {c.held ? (
            <>
              <Select
                className={styles.transferSelect}
                placeholder={t('service.transferTo')}
                value={c.transferTo}
                onChange={c.setTransferTo}
                options={agents.map((a) => ({
                  value: a.id,
                  label: `${a.name} · ${a.online ? t('service.online') : t('service.offline')}`,
                }))}
                data-testid="transfer-select"
              />
              <Button
                icon={<SwapOutlined />}
                disabled={!c.transferTo}
                loading={c.actions.transfer.isPending}
                onClick={c.transfer}
                data-testid="transfer"
              >
                {t('service.transfer')}
              </Button>
            </>
          ) : null}
          {item.status !== 'closed' ? (
            <Popconfirm title={t('service.closeConfirm')} onConfirm={c.close}>
              <Button danger data-testid="close-conversation">
                {t('service.closeConversation')}
              </Button>
            </Popconfirm>
          ) : null}
        </div>
      </div>
      <div className={styles.thread}>
        {c.thread ? (
          <MessageList
            messages={c.thread.messages}
            conversation={c.shown}
            reader="agent"
            typing={c.typing}
            linkOrders={false}
          />
        ) : (
          <Spin />
        )}
      </div>
      {c.error ? (
        <Alert type="error" showIcon message={c.error} className={styles.error} data-testid="service-error" />
      ) : null}
      {c.held ? (
        <Composer
          placeholder={t('service.reply')}
          sending={c.isSending}
          draft={c.draft}
          onTyping={c.sendTyping}
          onSend={c.reply}
          extra={
            <Dropdown trigger={['click']} menu={c.cannedMenu}>
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
