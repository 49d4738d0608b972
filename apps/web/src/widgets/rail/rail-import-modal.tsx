import type { RailPassenger } from '@junction/domain';
import { App, Button, Checkbox, Empty, Modal, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../shared/lib/error-text';
import { FormError } from '../../shared/ui/form-error';
import { RailStatusBadge } from '../passengers/rail-status-badge';
import { useImportRailPassengers, useRailPassengers } from './api/rail';
import styles from './rail.module.css';

export type RailImportModalProps = { open: boolean; onClose: () => void };

/** The linked 12306 account's passengers with China Railway's status; the chosen ones become saved travellers. */
export function RailImportModal({ open, onClose }: RailImportModalProps) {
  const { t } = useTranslation(['rail', 'passengers']);
  const { message } = App.useApp();
  const errorText = useErrorText();
  const list = useRailPassengers(open);
  const importing = useImportRailPassengers();
  const [chosen, setChosen] = useState<string[]>([]);
  const items = list.data?.items ?? [];

  const toggle = (p: RailPassenger, on: boolean) =>
    setChosen((ids) => (on ? [...ids, p.id] : ids.filter((id) => id !== p.id)));

  const submit = () =>
    importing.mutate(chosen, {
      onSuccess: (answer) => {
        const fresh = answer.imported.length;
        if (fresh > 0) message.success(t('rail:import.done', { count: fresh }));
        for (const s of answer.skipped) {
          const name = items.find((p) => p.id === s.railId)?.name ?? '';
          message.warning(t('rail:import.skipped', { name, reason: errorText(s.errorCode) }));
        }
        setChosen([]);
        onClose();
      },
    });

  return (
    <Modal
      open={open}
      onCancel={onClose}
      width={640}
      title={t('rail:import.title')}
      footer={
        <Button
          type="primary"
          disabled={chosen.length === 0}
          loading={importing.isPending}
          onClick={submit}
          data-testid="rail-import-submit"
        >
          {t('rail:import.submit', { count: chosen.length })}
        </Button>
      }
    >
      <p className={styles.modalLead}>{t('rail:import.lead')}</p>
      {list.isPending ? <Skeleton active paragraph={{ rows: 4 }} /> : null}
      <FormError error={list.error ?? importing.error} />
      {list.data && items.length === 0 ? <Empty description={t('rail:import.empty')} /> : null}
      <ul className={styles.importList}>
        {items.map((p) => {
          const saved = p.savedPassengerId !== null;
          return (
            <li key={p.id} className={styles.importRow} data-testid="rail-passenger" data-status={p.status}>
              <Checkbox
                checked={saved || chosen.includes(p.id)}
                disabled={saved}
                onChange={(e) => toggle(p, e.target.checked)}
                data-testid="rail-passenger-check"
              />
              <div className={styles.importBody}>
                <div className={styles.importName}>
                  <strong>{p.name}</strong>
                  <Tag variant="filled">{t(`rail:import.types.${p.type}`)}</Tag>
                  {saved ? <Tag color="blue">{t('rail:import.saved')}</Tag> : null}
                </div>
                <div className={styles.importFacts}>
                  <span>{t(`passengers:documentTypes.${p.documentType}` as 'passengers:documentTypes.B')}</span>
                  <span>{p.documentMasked}</span>
                </div>
                <RailStatusBadge status={p.status} />
              </div>
            </li>
          );
        })}
      </ul>
    </Modal>
  );
}
