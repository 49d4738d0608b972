import type { Language } from '@junction/domain';
import i18next from 'i18next';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { EmptyState } from '../../shared/ui/empty-state';
import { Button } from '../../shared/ui/light/button';
import styles from './load-failure.module.css';

/** The site's language now (it may have changed since the app started), else the one it started in. */
const languageNow = (started: Language): Language =>
  i18next.resolvedLanguage === 'zh-CN' || i18next.resolvedLanguage === 'en' ? i18next.resolvedLanguage : started;

/**
 * A whole page saying that a part of the site could not be loaded (the server busy, the connection lost),
 * in the site's language, with a button that reloads it: never a blank page. Its texts come with the app's
 * entry, so it shows whatever else failed to load.
 */
export function LoadFailure({ language }: { language: Language }) {
  const t = i18next.getFixedT(languageNow(language), 'load');
  return (
    <div className={styles.page} role="alert" lang={languageNow(language)} data-testid="load-failure">
      <a className={styles.brand} href="/">
        <svg width="34" height="34" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
          <rect width="64" height="64" rx="14" fill="#1b5fd9" />
          <path d="M16 40c8 0 10-16 18-16h14" fill="none" stroke="#fff" strokeWidth="6" strokeLinecap="round" />
          <circle cx="16" cy="40" r="6" fill="#ffb020" />
          <circle cx="48" cy="24" r="6" fill="#fff" />
        </svg>
        {t('brand')}
      </a>
      <EmptyState
        kind="no-result"
        title={t('title')}
        description={t('description')}
        action={
          <div className={styles.actions}>
            <Button variant="primary" size="large" onClick={() => window.location.reload()}>
              {t('reload')}
            </Button>
            <a href="/">{t('home')}</a>
          </div>
        }
      />
    </div>
  );
}

type BoundaryProps = { language: Language; children: ReactNode };

/**
 * Around the whole app: a part the providers or the shell load (a dialog, a panel) that could not be
 * loaded even after its tries shows the load-failure page instead of leaving the page blank.
 */
export class AppErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? <LoadFailure language={this.props.language} /> : this.props.children;
  }
}
