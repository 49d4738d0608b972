import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { ChatProvider } from '../../features/chat/components/chat-provider';
import { useAuth } from '../../shared/auth/auth-context';
import { lazyChunk } from '../../shared/lib/load-chunk';
import { usePreferences } from '../../shared/lib/preferences';
import { paths } from '../../shared/paths';
import { Spin } from '../../shared/ui/light/spin';
import { DemoBanner } from './demo-banner';
import { Footer } from './footer';
import { Header } from './header';
import styles from './root-layout.module.css';

const LoginModal = lazyChunk(async () => {
  const [{ withAntd }, { LoginModal }] = await Promise.all([
    import('../../shared/ui/antd-scope'),
    import('../../features/account/components/login-modal'),
  ]);
  return { default: withAntd(LoginModal) };
});

/** What a page shows while its code comes: the site's spinner, named for a screen reader. */
export function PageFallback() {
  const { t } = useTranslation('common');
  return (
    <div className={styles.fallback}>
      <Spin label={t('loading')} />
    </div>
  );
}

/** The shell of every page: header, the page, footer. Preferences are re-read on each navigation. */
export function RootLayout() {
  const location = useLocation();
  const { sync } = usePreferences();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation by design (spec §2)
  useEffect(() => sync(), [location.key, sync]);

  const { loginRequest } = useAuth();
  const isHome = location.pathname === paths.home();
  return (
    <ChatProvider>
      <div className={styles.shell}>
        <DemoBanner />
        <Header isFixed={!isHome} />
        <main className={styles.main}>
          <Suspense fallback={<PageFallback />}>
            <Outlet />
          </Suspense>
        </main>
        <Footer />
        {loginRequest ? (
          <Suspense>
            <LoginModal />
          </Suspense>
        ) : null}
        <ScrollRestoration />
      </div>
    </ChatProvider>
  );
}
