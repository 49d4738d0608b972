import type { Language } from '@junction/domain';
import { Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useAuth } from '../../shared/auth/auth-context';
import { lazyChunk } from '../../shared/lib/load-chunk';
import { usePreferences } from '../../shared/lib/preferences';
import { paths } from '../../shared/paths';
import { UserAvatar } from '../../shared/ui/avatar';
import { Badge } from '../../shared/ui/light/badge';
import {
  BellOutlined,
  GlobalOutlined,
  LogoutOutlined,
  MobileOutlined,
  ProfileOutlined,
  UserOutlined,
} from '../../shared/ui/light/icons';
import { MenuButton } from '../../shared/ui/light/menu-button';
import { Popup } from '../../shared/ui/light/popup';
import { Spin } from '../../shared/ui/light/spin';
import styles from './header.module.css';
import { Logo } from './logo';

const CurrencyPanel = lazyChunk(async () => {
  const [{ withAntd }, { CurrencyPanel }] = await Promise.all([
    import('../../shared/ui/antd-scope'),
    import('./currency-panel'),
  ]);
  return { default: withAntd(CurrencyPanel) };
});

const LANGUAGE_LABELS: Record<Language, string> = { en: 'English', 'zh-CN': '中文' };

function useIsScrolled(): boolean {
  const [isScrolled, setIsScrolled] = useState(false);
  useEffect(() => {
    const update = () => setIsScrolled(window.scrollY > 0);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);
  return isScrolled;
}

function LanguageSwitch() {
  const { language, setLanguage } = usePreferences();
  const { t } = useTranslation('common');
  return (
    <MenuButton
      className={styles.navButton}
      aria-label={t('header.languageNow', { language: LANGUAGE_LABELS[language] })}
      data-testid="language-switch"
      items={(Object.keys(LANGUAGE_LABELS) as Language[]).map((lng) => ({
        key: lng,
        label: <span lang={lng}>{LANGUAGE_LABELS[lng]}</span>,
        selected: lng === language,
      }))}
      onSelect={(key) => setLanguage(key as Language)}
    >
      <GlobalOutlined />
      <span className={styles.navLabel}>{LANGUAGE_LABELS[language]}</span>
    </MenuButton>
  );
}

/** The currency panel's select lists its options inside the panel, so choosing one is not a click outside. */
const isInCurrencyPanel = (target: Element) => target.closest('[data-currency-panel]') !== null;

function CurrencySwitch() {
  const { currency } = usePreferences();
  const { t } = useTranslation('common');
  const button = useRef<HTMLButtonElement>(null);
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <button
        ref={button}
        type="button"
        className={styles.navButton}
        aria-label={t('header.displayCurrencyNow', { currency })}
        aria-expanded={isOpen}
        onClick={() => setIsOpen((open) => !open)}
        data-testid="currency-switch"
      >
        {currency}
      </button>
      {isOpen ? (
        <Popup anchor={button} align="right" gap={12} onClose={() => setIsOpen(false)} isInside={isInCurrencyPanel}>
          <p className={styles.panelTitle}>{t('header.currencyTitle')}</p>
          {/* The panel (a searchable select) loads on first open; most visitors never open it. */}
          <Suspense fallback={<Spin size="small" />}>
            <CurrencyPanel />
          </Suspense>
        </Popup>
      ) : null}
    </>
  );
}

/** The signed-in parts (spec §2): notifications with the unread count, and the account menu. */
function AccountMenu() {
  const { t } = useTranslation('common');
  const { user, signOut } = useAuth();
  const navigate = useNavigate();
  const unread = user?.unread ?? 0;
  return (
    <>
      <Link
        to={paths.notices()}
        className={styles.navLink}
        aria-label={t('header.notifications', { count: unread })}
        title={t('header.unread', { count: unread })}
        data-testid="header-bell"
      >
        <Badge count={unread} style={{ top: -2, right: -2 }}>
          <BellOutlined style={{ fontSize: 16 }} />
        </Badge>
      </Link>
      <MenuButton
        className={styles.accountButton}
        align="right"
        aria-label={t('header.accountOf', { name: user?.name ?? '' })}
        data-testid="account-menu"
        items={[
          { key: 'account', icon: <UserOutlined />, label: t('header.account') },
          {
            key: 'notices',
            icon: <BellOutlined />,
            label: (
              <span className={styles.menuNotices}>
                {t('header.noticesMenu')}
                <Badge count={unread} />
              </span>
            ),
          },
          { key: 'divider', divider: true },
          { key: 'logout', icon: <LogoutOutlined />, label: t('header.logout') },
        ]}
        onSelect={(key) =>
          key === 'logout' ? void signOut() : navigate(key === 'notices' ? paths.notices() : paths.account())
        }
      >
        <Badge count={unread} style={{ top: 2, right: 2 }} data-testid="account-unread">
          <UserAvatar gender={user?.info.gender} size={28} />
        </Badge>
        <span className={styles.userName}>{user?.name}</span>
      </MenuButton>
    </>
  );
}

export type HeaderProps = { isFixed: boolean };

export function Header({ isFixed }: HeaderProps) {
  const { t } = useTranslation('common');
  const isScrolled = useIsScrolled();
  const { isSignedIn } = useAuth();
  const location = useLocation();
  const className = [styles.header, isFixed ? styles.fixed : styles.static, isScrolled ? styles.scrolled : '']
    .filter(Boolean)
    .join(' ');
  return (
    <>
      <header className={className} data-testid="site-header" data-scrolled={isScrolled} data-print="hide">
        <div className={styles.inner}>
          <Link to={paths.home()} className={styles.logo} aria-label={t('brand')}>
            <Logo />
          </Link>
          <nav className={styles.nav} aria-label={t('header.navigation')}>
            <Link to={paths.download()} className={styles.navLink} aria-label={t('header.download')}>
              <MobileOutlined />
              <span className={styles.navLabel}>{t('header.download')}</span>
            </Link>
            <LanguageSwitch />
            <CurrencySwitch />
            <Link to={paths.trips()} className={styles.navLink} aria-label={t('header.trips')}>
              <ProfileOutlined />
              <span className={styles.navLabel}>{t('header.trips')}</span>
            </Link>
            {isSignedIn ? (
              <AccountMenu />
            ) : (
              <Link
                to={`${paths.login()}?redirect=${encodeURIComponent(location.pathname + location.search)}`}
                className={styles.loginButton}
                data-testid="login-button"
              >
                {t('header.login')}
              </Link>
            )}
          </nav>
        </div>
      </header>
      {isFixed ? <div className={styles.spacer} aria-hidden="true" data-print="hide" /> : null}
    </>
  );
}
