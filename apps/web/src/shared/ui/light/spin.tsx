import styles from './light.module.css';

/** A loading spinner, as Ant Design's Spin, without loading Ant Design. */
export function Spin({ size = 'default', label }: { size?: 'small' | 'default'; label?: string }) {
  return (
    <span
      className={size === 'small' ? `${styles.spin} ${styles.spinSmall}` : styles.spin}
      role="status"
      aria-label={label}
      aria-busy="true"
    />
  );
}
