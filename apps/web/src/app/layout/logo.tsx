import { useTranslation } from 'react-i18next';
import styles from './logo.module.css';

/** The Junction mark (two routes joining at a node) and the word mark in the UI language. */
export type LogoProps = { tone?: 'dark' | 'light' };

export function Logo({ tone = 'dark' }: LogoProps) {
  const { t } = useTranslation('common');
  return (
    <span className={styles.logo}>
      <svg className={styles.mark} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
        <rect width="64" height="64" rx="14" fill="#1b5fd9" />
        <path d="M16 40c8 0 10-16 18-16h14" fill="none" stroke="#fff" strokeWidth="6" strokeLinecap="round" />
        <circle cx="16" cy="40" r="6" fill="#ffb020" />
        <circle cx="48" cy="24" r="6" fill="#fff" />
      </svg>
      <span className={`${styles.word} ${tone === 'light' ? styles.light : styles.dark}`}>{t('brand')}</span>
    </span>
  );
}
