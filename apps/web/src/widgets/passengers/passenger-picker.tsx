import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import {
  nameRequirement,
  type Passenger,
  type PassengerBlocker,
  passengerBlockers,
  type RouteKind,
  usableDocumentTypes,
} from '@junction/domain';
import { Button, Checkbox, Input, Skeleton, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSavedPassengers } from './api/passengers';
import { PassengerFormModal } from './passenger-form-modal';
import { displayName, secondaryName } from './passenger-names';
import styles from './passengers.module.css';
import { RailStatusBadge } from './rail-status-badge';

/** Every traveller an account may keep fits one page of the picker. */
const PICKER_PAGE_SIZE = 100;

export type PassengerPickerProps = {
  /** The trip: abroad or not, by train or not, and its last day (documents must still be valid then). */
  route: RouteKind & { lastDay?: string };
  /** Ids of the chosen travellers. */
  value: string[];
  onChange: (ids: string[], passengers: Passenger[]) => void;
  /** How many travellers the booking takes at most. */
  max?: number;
  /** The rail contact rule for travellers added here. */
  railContact?: 'mobile' | 'mobileOrEmail';
};

/**
 * Chooses the travellers of a booking from the saved ones (spec §3): several at once, a new one added in
 * place (and chosen), and for each one that cannot travel on this route the reason why.
 */
export function PassengerPicker({ route, value, onChange, max = 9, railContact }: PassengerPickerProps) {
  const { t } = useTranslation('passengers');
  const [keyword, setKeyword] = useState('');
  const [adding, setAdding] = useState(false);
  const { data, isPending } = useSavedPassengers({ pageSize: PICKER_PAGE_SIZE });
  const all = data?.items ?? [];
  const blockers = useMemo(() => new Map(all.map((p) => [p.id, passengerBlockers(p, route)] as const)), [all, route]);
  const needle = keyword.trim().toLowerCase();
  const shown = needle
    ? all.filter((p) =>
        `${p.chineseName ?? ''} ${p.surname ?? ''} ${p.givenNames ?? ''}`.toLowerCase().includes(needle),
      )
    : all;

  const emit = (ids: string[], extra: Passenger[] = []) => {
    const known = [...all, ...extra];
    onChange(
      ids,
      ids.flatMap((id) => known.filter((p) => p.id === id).slice(0, 1)),
    );
  };
  const toggle = (id: string, on: boolean) => emit(on ? [...value, id] : value.filter((v) => v !== id));
  const full = value.length >= max;
  const requirement = nameRequirement(route, usableDocumentTypes(route)[0] === 'B');

  return (
    <div className={styles.picker} data-testid="passenger-picker">
      <div className={styles.pickerBar}>
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder={t('search')}
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          className={styles.pickerSearch}
        />
        <span className={styles.pickerCount} data-testid="picker-count">
          {t('picker.selected', { count: value.length, max })}
        </span>
        <Button icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="picker-add">
          {t('picker.addNew')}
        </Button>
      </div>
      {isPending ? <Skeleton active paragraph={{ rows: 3 }} /> : null}
      {!isPending && all.length === 0 ? <p className={styles.pickerEmpty}>{t('picker.empty')}</p> : null}
      <ul className={styles.pickerList}>
        {shown.map((p) => {
          const reasons: PassengerBlocker[] = blockers.get(p.id) ?? [];
          const chosen = value.includes(p.id);
          const blocked = reasons.length > 0;
          return (
            <li
              key={p.id}
              className={`${styles.pickerItem} ${chosen ? styles.pickerChosen : ''} ${blocked ? styles.pickerBlocked : ''}`}
              data-testid="picker-item"
            >
              <Checkbox
                checked={chosen}
                disabled={blocked || (!chosen && full)}
                onChange={(e) => toggle(p.id, e.target.checked)}
              >
                <span className={styles.pickerName}>{displayName(p)}</span>
                {secondaryName(p) ? <span className={styles.pickerSecondary}>{secondaryName(p)}</span> : null}
              </Checkbox>
              <span className={styles.pickerDocs}>
                {p.documents.map((d) => (
                  <Tag key={d.id} variant="filled">
                    {t(`documentTypes.${d.type}`)} {d.numberMasked}
                  </Tag>
                ))}
              </span>
              {route.rail ? <RailStatusBadge status={p.railStatus} explained={reasons.includes('railStatus')} /> : null}
              {blocked ? (
                <span className={styles.pickerReasons} data-testid="picker-reasons">
                  {reasons.map((r) => t(`picker.blockers.${r}`)).join(' · ')}
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
      <PassengerFormModal
        open={adding}
        nameRequirement={requirement}
        railContact={railContact}
        onClose={() => setAdding(false)}
        onSaved={(p) => {
          setAdding(false);
          if (passengerBlockers(p, route).length === 0 && !full) emit([...value, p.id], [p]);
        }}
      />
    </div>
  );
}
