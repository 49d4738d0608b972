import type { ReactNode } from 'react';
import styles from './light.module.css';

export type BadgeProps = {
  count: number;
  /** Without children the count stands in the text, as in a menu item. */
  children?: ReactNode;
  style?: React.CSSProperties;
  'data-testid'?: string;
};

/** A red count on a corner, shown only above zero (as Ant Design's small Badge). */
export function Badge({ count, children, style, 'data-testid': testId }: BadgeProps) {
  const shown = count > 99 ? '99+' : String(count);
  if (!children) {
    return count > 0 ? (
      <span className={styles.badgeInline} data-testid={testId} data-badge-count>
        {shown}
      </span>
    ) : null;
  }
  return (
    <span className={styles.badgeHost} data-testid={testId}>
      {children}
      {count > 0 ? (
        <sup className={styles.badge} style={style} data-badge-count>
          {shown}
        </sup>
      ) : null}
    </span>
  );
}
