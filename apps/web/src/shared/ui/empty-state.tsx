import type { ReactNode } from 'react';
import styles from './empty-state.module.css';

/** A folded map with a pin: nothing here yet (empty lists). */
function EmptyPlaceIllustration() {
  return (
    <svg viewBox="0 0 200 140" width="200" height="140" aria-hidden="true" focusable="false">
      <ellipse cx="100" cy="128" rx="70" ry="8" fill="#e8eefb" />
      <path
        d="M40 40 L80 28 L120 40 L160 28 L160 108 L120 120 L80 108 L40 120 Z"
        fill="#f4f7fd"
        stroke="#c9d6f2"
        strokeWidth="2"
      />
      <path d="M80 28 L80 108 M120 40 L120 120" stroke="#c9d6f2" strokeWidth="2" />
      <path
        d="M52 96 C70 80 84 92 100 76 S132 64 146 56"
        fill="none"
        stroke="#9db5e8"
        strokeWidth="3"
        strokeDasharray="6 6"
        strokeLinecap="round"
      />
      <path
        d="M146 30 C134 30 126 39 126 50 C126 64 146 80 146 80 C146 80 166 64 166 50 C166 39 158 30 146 30 Z"
        fill="#1b5fd9"
      />
      <circle cx="146" cy="50" r="7" fill="#fff" />
    </svg>
  );
}

/** A magnifier over an empty departures board: a search found nothing. */
function NoResultIllustration() {
  return (
    <svg viewBox="0 0 200 140" width="200" height="140" aria-hidden="true" focusable="false">
      <ellipse cx="100" cy="128" rx="70" ry="8" fill="#e8eefb" />
      <rect x="34" y="26" width="110" height="80" rx="10" fill="#f4f7fd" stroke="#c9d6f2" strokeWidth="2" />
      <rect x="48" y="42" width="60" height="8" rx="4" fill="#dbe4f7" />
      <rect x="48" y="60" width="82" height="8" rx="4" fill="#dbe4f7" />
      <rect x="48" y="78" width="46" height="8" rx="4" fill="#dbe4f7" />
      <circle cx="136" cy="84" r="22" fill="#fff" stroke="#1b5fd9" strokeWidth="6" />
      <path d="M152 100 L170 118" stroke="#1b5fd9" strokeWidth="8" strokeLinecap="round" />
      <path d="M128 76 L144 92 M144 76 L128 92" stroke="#ffb020" strokeWidth="4" strokeLinecap="round" />
    </svg>
  );
}

export type EmptyStateProps = {
  kind: 'empty' | 'no-result';
  title: string;
  description?: string;
  action?: ReactNode;
};

export function EmptyState({ kind, title, description, action }: EmptyStateProps) {
  return (
    <div className={styles.root} data-empty-kind={kind}>
      {kind === 'empty' ? <EmptyPlaceIllustration /> : <NoResultIllustration />}
      <p className={styles.title}>{title}</p>
      {description ? <p className={styles.description}>{description}</p> : null}
      {action ? <div className={styles.action}>{action}</div> : null}
    </div>
  );
}
