import type { RailStatus } from '@junction/domain';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import styles from './passengers.module.css';

const COLOR: Record<RailStatus | 'CHECKING', string> = {
  VERIFIED: 'success',
  PRE_VERIFIED: 'cyan',
  NEED_VERIFY: 'gold',
  NOT_EXISTED: 'error',
  NOT_AVAILABLE: 'default',
  NEED_MOBILE: 'warning',
  NEED_MOBILE_OR_EMAIL: 'warning',
  INVALID: 'error',
  CHECKING: 'processing',
};

export type RailStatusBadgeProps = {
  /** Null while China Railway has not answered. */
  status: RailStatus | null;
  /** Shows the one-line explanation of what the traveller must do beside the badge. */
  explained?: boolean;
};

/** Spec §3: the China Railway verification status of a traveller, with what it means for them. */
export function RailStatusBadge({ status, explained = true }: RailStatusBadgeProps) {
  const { t } = useTranslation('passengers');
  const key = status ?? 'CHECKING';
  return (
    <span className={styles.rail} data-testid="rail-status" data-status={key}>
      <Tag color={COLOR[key]} className={styles.railTag}>
        {t('rail.label')} · {t(`rail.status.${key}`)}
      </Tag>
      {explained ? <span className={styles.railHint}>{t(`rail.hint.${key}`)}</span> : null}
    </span>
  );
}
