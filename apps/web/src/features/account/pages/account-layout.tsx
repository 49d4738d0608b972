import {
  AuditOutlined,
  BellOutlined,
  CalendarOutlined,
  CustomerServiceOutlined,
  FallOutlined,
  LockOutlined,
  TeamOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { Badge, Menu } from 'antd';
import { type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useAuth } from '../../../shared/auth/auth-context';
import { useChatLauncher } from '../../../shared/chat/chat-launcher';
import { useMediaQuery } from '../../../shared/lib/use-media-query';
import { UserAvatar } from '../../../shared/ui/avatar';
import styles from './account.module.css';
import { AccountTabs } from './account-tabs';

/** At this width and below the account area is one column, and its menu a row of tabs above the page. */
const NARROW = '(max-width: 800px)';

/**
 * The account area with its side menu, a row of tabs on a narrow screen (spec §2). Trips, travellers and
 * notices join it with their features.
 */
export function AccountLayout() {
  const { t } = useTranslation(['account', 'chat']);
  const { user } = useAuth();
  const chat = useChatLauncher();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const selected =
    ['account-security', 'p-passengers', 'trips', 'wallet', 'invoice-titles', 'notices', 'price-alerts'].find((key) =>
      pathname.includes(key),
    ) ?? 'personal-info';
  const narrow = useMediaQuery(NARROW);
  const entry = (key: string, icon: ReactNode, label: ReactNode) => ({ key, icon, label });
  const service = entry(
    'online-service',
    <CustomerServiceOutlined />,
    <span className={styles.serviceEntry} data-testid="online-service-entry" data-status={chat.status}>
      {t('chat:entry')}
      {chat.status !== 'init' ? (
        <span className={chat.status === 'failed' ? styles.serviceFailed : styles.servicePending}>
          {t(`chat:status.${chat.status}`)}
        </span>
      ) : null}
      <Badge count={chat.unread} size="small" data-testid="online-service-unread" />
    </span>,
  );
  const pages = [
    entry('trips', <CalendarOutlined />, t('menu.trips')),
    entry('p-passengers', <TeamOutlined />, t('menu.travellers')),
    entry('wallet', <WalletOutlined />, t('menu.wallet')),
    entry('invoice-titles', <AuditOutlined />, t('menu.invoiceTitles')),
    entry('price-alerts', <FallOutlined />, t('menu.priceAlerts')),
    entry(
      'notices',
      <BellOutlined />,
      <span className={styles.menuBadge}>
        {t('menu.notifications')}
        <Badge count={user?.unread ?? 0} size="small" data-testid="menu-unread" />
      </span>,
    ),
  ];
  const personal = [
    entry('personal-info', <UserOutlined />, t('menu.information')),
    entry('account-security', <LockOutlined />, t('menu.security')),
  ];
  const act = (key: string) => (key === 'online-service' ? chat.open() : navigate(`/account/${key}`));
  return (
    <div className={styles.layout}>
      {narrow ? (
        <AccountTabs
          entries={[...pages, ...personal, service]}
          selected={selected}
          pageOf={(key) => (key === 'online-service' ? null : `/account/${key}`)}
          onAction={act}
        />
      ) : (
        <aside className={styles.side}>
          <div className={styles.who}>
            <UserAvatar gender={user?.info.gender} size={48} />
            <div>
              <strong data-testid="account-name">{user?.name}</strong>
              <span>{t('menu.title')}</span>
            </div>
          </div>
          <Menu
            mode="inline"
            selectedKeys={[selected]}
            defaultOpenKeys={['personal-center']}
            onClick={({ key }) => act(key)}
            items={[
              ...pages,
              { key: 'personal-center', label: t('menu.personalCenter'), type: 'group', children: personal },
              service,
            ]}
          />
        </aside>
      )}
      <div className={styles.content}>
        <Suspense>
          <Outlet />
        </Suspense>
      </div>
    </div>
  );
}
