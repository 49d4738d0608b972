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
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useAuth } from '../../../shared/auth/auth-context';
import { useChatLauncher } from '../../../shared/chat/chat-launcher';
import { UserAvatar } from '../../../shared/ui/avatar';
import styles from './account.module.css';

/** The account area with its side menu (spec §2). Trips, travellers and notices join it with their features. */
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
  return (
    <div className={styles.layout}>
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
          onClick={({ key }) => (key === 'online-service' ? chat.open() : navigate(`/account/${key}`))}
          items={[
            { key: 'trips', icon: <CalendarOutlined />, label: t('menu.trips') },
            { key: 'p-passengers', icon: <TeamOutlined />, label: t('menu.travellers') },
            { key: 'wallet', icon: <WalletOutlined />, label: t('menu.wallet') },
            { key: 'invoice-titles', icon: <AuditOutlined />, label: t('menu.invoiceTitles') },
            { key: 'price-alerts', icon: <FallOutlined />, label: t('menu.priceAlerts') },
            {
              key: 'notices',
              icon: <BellOutlined />,
              label: (
                <span className={styles.menuBadge}>
                  {t('menu.notifications')}
                  <Badge count={user?.unread ?? 0} size="small" data-testid="menu-unread" />
                </span>
              ),
            },
            {
              key: 'personal-center',
              label: t('menu.personalCenter'),
              type: 'group',
              children: [
                { key: 'personal-info', icon: <UserOutlined />, label: t('menu.information') },
                { key: 'account-security', icon: <LockOutlined />, label: t('menu.security') },
              ],
            },
            {
              key: 'online-service',
              icon: <CustomerServiceOutlined />,
              label: (
                <span className={styles.serviceEntry} data-testid="online-service-entry" data-status={chat.status}>
                  {t('chat:entry')}
                  {chat.status !== 'init' ? (
                    <span className={chat.status === 'failed' ? styles.serviceFailed : styles.servicePending}>
                      {t(`chat:status.${chat.status}`)}
                    </span>
                  ) : null}
                  <Badge count={chat.unread} size="small" data-testid="online-service-unread" />
                </span>
              ),
            },
          ]}
        />
      </aside>
      <main className={styles.content}>
        <Suspense>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
