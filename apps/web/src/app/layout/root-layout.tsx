import { Spin } from 'antd';
import { Suspense, useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { usePreferences } from '../../shared/lib/preferences';
import { paths } from '../paths';
import { Footer } from './footer';
import { Header } from './header';
import styles from './root-layout.module.css';

export function PageFallback() {
  return (
    <div className={styles.fallback}>
      <Spin size="large" />
    </div>
  );
}

/** The shell of every page: header, the page, footer. Preferences are re-read on each navigation. */
export function RootLayout() {
  const location = useLocation();
  const { sync } = usePreferences();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation by design (spec §2)
  useEffect(() => sync(), [location.key, sync]);

  const isHome = location.pathname === paths.home();
  return (
    <div className={styles.shell}>
      <Header isFixed={!isHome} />
      <main className={styles.main}>
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
