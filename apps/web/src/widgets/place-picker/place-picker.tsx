import { AimOutlined, SwapOutlined } from '@ant-design/icons';
import { Button, Select, Spin } from 'antd';
import { type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyChunk } from '../../shared/lib/load-chunk';
import { useFittedPopup } from '../../shared/ui/fitted-popup';
import { type PickedPlace, pickedDoor } from './picked-place';
import type { Option } from './place-options';
import styles from './place-picker.module.css';
import { usePlacePicker } from './use-place-picker';

export { type PickedPlace, pickedDoor, shownName } from './picked-place';

// The map is its own chunk, loaded when a traveller first opens it.
const DoorMapDialog = lazyChunk(() => import('../map/door-map-dialog'));

export type PlacePickerProps = {
  value?: PickedPlace;
  onChange?: (place: PickedPlace | undefined) => void;
  placeholder?: string;
  id?: string;
  'aria-label'?: string;
  /** Takes the focus and opens with this search (typed into its light stand-in while it loaded). */
  activate?: { keyword: string };
};

/**
 * Type-ahead over `GET /api/place`: popular cities when empty; results grouped city → airports and
 * stations; a city means any of its airports and stations, a single airport or station means only it.
 */
export function PlacePicker({ value, onChange, placeholder, id, 'aria-label': ariaLabel, activate }: PlacePickerProps) {
  const { t } = useTranslation('common');
  const { keyword, setKeyword, selected, shownOptions, isLoading, pick } = usePlacePicker(value, activate);
  const popup = useFittedPopup(380);
  return (
    <Select<{ value: string }, Option | { label: ReactNode; title: string; options: Option[] }>
      id={id}
      aria-label={ariaLabel}
      className={styles.picker}
      showSearch={{ filterOption: false, onSearch: setKeyword, searchValue: keyword }}
      labelInValue
      value={selected}
      placeholder={placeholder ?? t('placePicker.placeholder')}
      options={shownOptions}
      onChange={(v: { value: string } | undefined) => onChange?.(pick(v))}
      notFoundContent={isLoading ? <Spin size="small" /> : t('placePicker.noMatch')}
      {...popup}
      virtual={false}
      allowClear
      size="large"
      autoFocus={activate !== undefined}
      defaultOpen={activate !== undefined}
      data-testid="place-picker"
    />
  );
}

export type PlacePairProps = {
  from?: PickedPlace;
  to?: PickedPlace;
  onChange: (pair: { from?: PickedPlace; to?: PickedPlace }) => void;
  /** The side its light stand-in was used on while this loaded: the search typed there, or the map asked for. */
  activate?: { side: 'from' | 'to'; keyword: string; map: boolean };
};

/** The label over a picker, with the button that opens the map to choose the place by a pin. */
function FieldLabel({ label, onMap }: { label: string; onMap: () => void }) {
  const { t } = useTranslation('common');
  return (
    <span className={styles.labelRow}>
      <span className={styles.label}>{label}</span>
      <Button
        type="link"
        size="small"
        className={styles.onMap}
        icon={<AimOutlined />}
        onClick={onMap}
        aria-label={`${label}: ${t('placePicker.onMap')}`}
        data-testid="choose-on-map"
      >
        {t('placePicker.onMap')}
      </Button>
    </span>
  );
}

/** Origin and destination pickers with the swap button between them; either can be chosen on the map. */
export function PlacePair({ from, to, onChange, activate }: PlacePairProps) {
  const { t } = useTranslation('common');
  const [mapFor, setMapFor] = useState<'from' | 'to' | undefined>(activate?.map ? activate.side : undefined);
  const activated = (side: 'from' | 'to') =>
    activate?.side === side && !activate.map ? { keyword: activate.keyword } : undefined;
  const mapCity = (mapFor === 'to' ? (to ?? from) : (from ?? to))?.cityCode || 'BJS';
  // The map opens on the place this side already has: a door with its pin, an airport or station where it
  // lies; a city shows itself whole.
  const chosen = mapFor === 'to' ? to : from;
  const initialPoint = chosen?.door ?? (chosen?.kind === 'city' ? undefined : chosen?.point);
  const mapInitial = initialPoint ? { point: initialPoint, isDoor: !!chosen?.door } : undefined;
  return (
    <div className={styles.pair}>
      <div className={styles.field}>
        <FieldLabel label={t('placePicker.from')} onMap={() => setMapFor('from')} />
        <PlacePicker
          value={from}
          onChange={(p) => onChange({ from: p, to })}
          aria-label={t('placePicker.from')}
          activate={activated('from')}
        />
      </div>
      <Button
        shape="circle"
        className={styles.swap}
        icon={<SwapOutlined />}
        aria-label={t('placePicker.swap')}
        onClick={() => onChange({ from: to, to: from })}
      />
      <div className={styles.field}>
        <FieldLabel label={t('placePicker.to')} onMap={() => setMapFor('to')} />
        <PlacePicker
          value={to}
          onChange={(p) => onChange({ from, to: p })}
          aria-label={t('placePicker.to')}
          activate={activated('to')}
        />
      </div>
      {mapFor ? (
        <Suspense fallback={null}>
          <DoorMapDialog
            open
            cityCode={mapCity}
            initial={mapInitial}
            onClose={() => setMapFor(undefined)}
            onChoose={(door) => {
              const picked = pickedDoor(door);
              onChange(mapFor === 'from' ? { from: picked, to } : { from, to: picked });
              setMapFor(undefined);
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
