import { Skeleton } from 'antd';
import cardStyles from './result-card.module.css';
import styles from './search-results.module.css';

export type ResultSkeletonsProps = { variant: 'cards' | 'filters' };

/** Placeholders in the shape of what is coming, while the first suppliers answer. */
export function ResultSkeletons({ variant }: ResultSkeletonsProps) {
  if (variant === 'filters') {
    return (
      <div className={styles.skeletonPanel} aria-hidden="true">
        <Skeleton active title={{ width: '40%' }} paragraph={{ rows: 4 }} />
        <Skeleton active title={{ width: '50%' }} paragraph={{ rows: 3 }} />
      </div>
    );
  }
  return (
    <div className={styles.skeletons} aria-hidden="true" data-testid="result-skeletons">
      {[0, 1, 2].map((i) => (
        <div key={i} className={`${cardStyles.card} ${styles.skeletonCard}`}>
          <Skeleton active avatar={{ size: 'small' }} title={{ width: '30%' }} paragraph={{ rows: 2 }} />
          <Skeleton.Button active size="large" className={styles.skeletonPrice} />
        </div>
      ))}
    </div>
  );
}
