import { CABINS, MAX_FLEX_DAYS, SEARCH_MODES, type SearchMode, TRIP_TYPES, type TripType } from '@junction/domain';
import { useTranslation } from 'react-i18next';
import { CalendarOutlined, DownOutlined } from '../../../../shared/ui/light/icons';
import { ModeIcon } from '../mode-icon';
import type { SearchDraft } from './search-draft';
import styles from './search-form.module.css';

const TRIP_TYPE_VALUES = [TRIP_TYPES.ONE_WAY, TRIP_TYPES.ROUND_TRIP, TRIP_TYPES.MULTI_CITY] as const;
const FLEX_VALUES = Array.from({ length: MAX_FLEX_DAYS + 1 }, (_, i) => i);

const MODE_ICONS: Record<SearchMode, Array<'air' | 'train'>> = {
  all: ['air', 'train'],
  flight: ['air'],
  train: ['train'],
};

type Props = {
  /** The form's id, naming its radio groups. */
  id: string;
  draft: SearchDraft;
  update: (patch: Partial<SearchDraft>) => void;
  setTripType: (type: TripType) => void;
};

/** The search form's first row: trip type, cabin, date flexibility and transport mode. */
export function SearchToolbar({ id, draft, update, setTripType }: Props) {
  const { t } = useTranslation('search-form');
  return (
    <div className={styles.toolbar}>
      <div className={styles.tripType} role="radiogroup" aria-label={t('tripType.label')} data-testid="trip-type">
        {TRIP_TYPE_VALUES.map((v) => (
          <label key={v} className={styles.radio}>
            <input
              type="radio"
              name={`${id}-trip-type`}
              value={v}
              checked={draft.type === v}
              onChange={() => setTripType(v)}
            />
            <span>{t(`tripType.${v}`)}</span>
          </label>
        ))}
      </div>
      <div className={styles.options}>
        <span className={styles.optionSelect}>
          <span aria-hidden="true">{t(`cabin.${draft.cabin}`)}</span>
          <select
            value={draft.cabin}
            onChange={(e) => update({ cabin: e.target.value as SearchDraft['cabin'] })}
            aria-label={t('cabin.label')}
            data-testid="cabin-select"
          >
            {CABINS.map((c) => (
              <option key={c} value={c}>
                {t(`cabin.${c}`)}
              </option>
            ))}
          </select>
          <DownOutlined className={styles.optionArrow} aria-hidden="true" />
        </span>
        <span className={styles.optionSelect}>
          <CalendarOutlined className={styles.optionIcon} aria-hidden="true" />
          <span aria-hidden="true">{t(`flex.${draft.flexDays}` as 'flex.0')}</span>
          <select
            value={draft.flexDays}
            onChange={(e) => update({ flexDays: Number(e.target.value) })}
            aria-label={t('flex.label')}
            data-testid="flex-select"
          >
            {FLEX_VALUES.map((n) => (
              <option key={n} value={n}>
                {t(`flex.${n}` as 'flex.0')}
              </option>
            ))}
          </select>
          <DownOutlined className={styles.optionArrow} aria-hidden="true" />
        </span>
      </div>
      <div className={styles.mode} role="radiogroup" aria-label={t('mode.label')} data-testid="mode">
        {SEARCH_MODES.map((m) => (
          <label key={m} className={styles.modeItem}>
            <input
              type="radio"
              name={`${id}-mode`}
              value={m}
              checked={draft.mode === m}
              onChange={() => update({ mode: m })}
            />
            <span className={styles.modeOption}>
              <span className={styles.modeIcons} aria-hidden="true">
                {MODE_ICONS[m].map((icon) => (
                  <ModeIcon key={icon} mode={icon} />
                ))}
              </span>
              {t(`mode.${m}`)}
            </span>
          </label>
        ))}
      </div>
    </div>
  );
}
