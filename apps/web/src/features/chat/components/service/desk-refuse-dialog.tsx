import { RAIL_CHANGE_REFUSAL_NAMES, type RailChangeRefusal } from '@junction/domain';
import { Modal, Radio } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../../shared/ui/form-error';
import type { RailDeskState } from '../../lib/use-rail-desk';
import styles from './rail-desk.module.css';

/** Why the desk refuses a change, the reason the traveller is told; the old ticket stands. */
export function DeskRefuseDialog({ desk }: { desk: RailDeskState }) {
  const item = desk.refusing;
  const { t } = useTranslation('chat');
  const [reason, setReason] = useState<RailChangeRefusal | null>(null);
  return (
    <Modal
      open={item !== undefined}
      title={item ? t('desk.refuseTitle', { train: item.trains.map((x) => x.number).join(' / ') }) : null}
      okText={t('desk.confirmRefuse')}
      cancelText={t('desk.cancel')}
      okButtonProps={
        {
          danger: true,
          disabled: !reason,
          loading: desk.refuseState.isPending,
          'data-testid': 'desk-confirm-refuse',
        } as never
      }
      onOk={() => {
        if (reason) desk.refuse(reason);
      }}
      onCancel={desk.close}
      afterClose={() => setReason(null)}
      destroyOnHidden
    >
      <p>{t('desk.refuseHint')}</p>
      <Radio.Group
        value={reason}
        onChange={(e) => setReason(e.target.value as RailChangeRefusal)}
        aria-label={t('desk.reason')}
        className={styles.reasons}
        data-testid="desk-reasons"
      >
        {RAIL_CHANGE_REFUSAL_NAMES.map((name) => (
          <Radio key={name} value={name} data-reason={name}>
            {t(`desk.reasons.${name}`)}
          </Radio>
        ))}
      </Radio.Group>
      <FormError error={desk.refuseState.error} />
    </Modal>
  );
}
