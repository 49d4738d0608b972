import { type ReactNode, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styles from './account.module.css';

export type AccountEntry = { key: string; icon: ReactNode; label: ReactNode };

/**
 * The account menu on a narrow screen: one row of tabs that scrolls sideways, the current page's tab
 * brought into view, so the page's own content starts on the first screen. An entry without a page of its
 * own (the online service) is a button.
 */
export function AccountTabs(p: {
  entries: readonly AccountEntry[];
  selected: string;
  pageOf: (key: string) => string | null;
  onAction: (key: string) => void;
}) {
  const { t } = useTranslation('account');
  const list = useRef<HTMLUListElement>(null);
  const { selected } = p;
  useLayoutEffect(() => {
    const row = list.current;
    const current = row?.querySelector<HTMLElement>(`[data-key="${selected}"]`);
    if (row && current) row.scrollLeft = current.offsetLeft - (row.clientWidth - current.offsetWidth) / 2;
  }, [selected]);
  return (
    <nav className={styles.tabs} aria-label={t('menu.title')} data-testid="account-tabs">
      <ul ref={list} className={styles.tabList}>
        {p.entries.map((e) => {
          const page = p.pageOf(e.key);
          const current = e.key === selected;
          return (
            <li key={e.key}>
              {page ? (
                <Link
                  to={page}
                  className={current ? styles.tabCurrent : styles.tab}
                  aria-current={current ? 'page' : undefined}
                  data-testid="account-tab"
                  data-key={e.key}
                >
                  <span aria-hidden>{e.icon}</span>
                  {e.label}
                </Link>
              ) : (
                <button
                  type="button"
                  className={styles.tab}
                  onClick={() => p.onAction(e.key)}
                  data-testid="account-tab"
                  data-key={e.key}
                >
                  <span aria-hidden>{e.icon}</span>
                  {e.label}
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
