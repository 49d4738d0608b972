import type { ReactNode } from 'react';
import styles from './visually-hidden.module.css';

/** Text a screen reader reads and the page does not paint: what an icon or a drawing stands for. */
export function VisuallyHidden({ children }: { children: ReactNode }) {
  return <span className={styles.hidden}>{children}</span>;
}
