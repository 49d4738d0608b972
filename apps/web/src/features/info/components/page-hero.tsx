import type { ReactNode } from 'react';
import styles from './info.module.css';

export type PageHeroProps = { title: string; subtitle?: string; children?: ReactNode };

export function PageHero({ title, subtitle, children }: PageHeroProps) {
  return (
    <section className={styles.hero}>
      <div className={styles.heroInner}>
        <h1 className={styles.heroTitle}>{title}</h1>
        {subtitle ? <p className={styles.heroSubtitle}>{subtitle}</p> : null}
        {children}
      </div>
    </section>
  );
}
