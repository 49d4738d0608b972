import { GlobalOutlined, MobileOutlined, ProfileOutlined } from '@ant-design/icons';
import type { Language } from '@junction/domain';
import { Button, Dropdown, Popover, Spin } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePreferences } from '../../shared/lib/preferences';
import { paths } from '../paths';
import styles from './header.module.css';
import { Logo } from './logo';

const CurrencyPanel = lazy(async () => ({ default: (await import('./currency-panel')).CurrencyPanel }));

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
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [language],
        items: (Object.keys(LANGUAGE_LABELS) as Language[]).map((lng) => ({
          key: lng,
          label: <span lang={lng}>{LANGUAGE_LABELS[lng]}</span>,
        })),
        onClick: ({ key }) => setLanguage(key as Language),
      }}
    >
      <Button type="text" className={styles.navButton} aria-label={t('header.language')} data-testid="language-switch">
        <GlobalOutlined />
        <span>{LANGUAGE_LABELS[language]}</span>
      </Button>
    </Dropdown>
  );
}

function CurrencySwitch() {
  const { currency } = usePreferences();
  const { t } = useTranslation('common');
  // The panel (a searchable select) loads on first open; most visitors never open it.
  const content = (
    <Suspense fallback={<Spin size="small" />}>
      <CurrencyPanel />
    </Suspense>
  );
  return (
    <Popover content={content} trigger="click" placement="bottomRight" title={t('header.currencyTitle')}>
      <Button
        type="text"
        className={styles.navButton}
        aria-label={t('header.displayCurrency')}
        data-testid="currency-switch"
      >
        {currency}
      </Button>
    </Popover>
  );
}

export type HeaderProps = { isFixed: boolean };

export function Header({ isFixed }: HeaderProps) {
  const { t } = useTranslation('common');
  const isScrolled = useIsScrolled();
  const className = [styles.header, isFixed ? styles.fixed : styles.static, isScrolled ? styles.scrolled : '']
    .filter(Boolean)
    .join(' ');
  return (
    <>
      <header className={className} data-testid="site-header" data-scrolled={isScrolled}>
        <div className={styles.inner}>
          <Link to={paths.home()} className={styles.logo} aria-label={t('brand')}>
            <Logo />
          </Link>
          <nav className={styles.nav} aria-label={t('header.navigation')}>
            <Link to={paths.download()} className={styles.navLink}>
              <MobileOutlined />
              <span>{t('header.download')}</span>
            </Link>
            <LanguageSwitch />
            <CurrencySwitch />
            <Link to={paths.trips()} className={styles.navLink}>
              <ProfileOutlined />
              <span>{t('header.trips')}</span>
            </Link>
            {/* Signed-in users get their account menu and notifications here. */}
            <Link to={paths.login()} className={styles.loginButton} data-testid="login-button">
              {t('header.login')}
            </Link>
          </nav>
        </div>
      </header>
      {isFixed ? <div className={styles.spacer} aria-hidden="true" /> : null}
    </>
  );
}
