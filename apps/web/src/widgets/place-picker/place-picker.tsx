import { AimOutlined, EnvironmentOutlined, SwapOutlined } from '@ant-design/icons';
import {
  type ChildPlace,
  type Door,
  doorIdOf,
  inLanguage,
  type Language,
  type LocalText,
  nameIn,
  otherLanguage,
  type Place,
} from '@junction/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Select, Spin } from 'antd';
import { type ReactNode, Suspense, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { placesQueryOptions, popularPlacesQueryOptions } from '../../shared/api/reference';
import { lazyChunk } from '../../shared/lib/load-chunk';
import { usePreferences } from '../../shared/lib/preferences';
import styles from './place-picker.module.css';

// The map is its own chunk, loaded when a traveller first opens it.
const DoorMapDialog = lazyChunk(() => import('../map/door-map-dialog'));

/** What a picker holds: a whole city (any of its airports and stations) or only one airport or station. */
export type PickedPlace = {
  /** A door's id is negative, made from its point (`doorIdOf`). */
  id: number;
  kind: Place['kind'] | 'door';
  name: string;
  code: string;
  cityCode: string;
  /** The spec's departureOnlyAirport / destinationOnlyAirport. */
  onlyThis: boolean;
  /** The line under the name (spec §3 below-name): a city's country, an airport's or station's city. */
  belowName?: string;
  /** An address, landmark or pin: its point (WGS-84). */
  door?: { lat: number; lon: number };
  /** Where a city, airport or station lies, when the picker knows it: the map opens there. */
  point?: { lat: number; lon: number };
  /** A door's name in both languages, when known: the picker shows the one of the site's language. */
  names?: LocalText;
};

/** A door as the picker holds it: onlyThis, since a door is one point and never a whole city. */
export function pickedDoor(d: Door): PickedPlace {
  return {
    id: doorIdOf(d),
    kind: 'door',
    name: d.name,
    code: '',
    cityCode: d.cityCode ?? '',
    onlyThis: true,
    ...(d.cityName || d.countryName ? { belowName: d.cityName ?? d.countryName } : {}),
    door: { lat: d.lat, lon: d.lon },
    names: { en: d.nameEn, 'zh-CN': d.nameZh || d.nameEn },
  };
}

/** What a picker shows for its place: a door in the site's language when both its names are known. */
export const shownName = (p: PickedPlace, language: Language): string =>
  p.names ? inLanguage(p.names, language) : p.name;

function KindIcon({ kind }: { kind: PickedPlace['kind'] }) {
  if (kind === 'city') return <EnvironmentOutlined aria-hidden="true" />;
  if (kind === 'door') return <AimOutlined aria-hidden="true" />;
  const path =
    kind === 'airport'
      ? 'M21 16v-2l-8-5V3.5a1.5 1.5 0 0 0-3 0V9l-8 5v2l8-2.5V19l-2 1.5V22l3.5-1 3.5 1v-1.5L13 19v-5.5z'
      : 'M12 2C8 2 4 2.5 4 6v9.5A3.5 3.5 0 0 0 7.5 19L6 20.5v.5h2.2l2-2h3.6l2 2H18v-.5L16.5 19a3.5 3.5 0 0 0 3.5-3.5V6c0-3.5-4-4-8-4zM7.5 17a1.5 1.5 0 1 1 0-3 1.5 1.5 0 0 1 0 3zm3.5-7H6V6h5zm2 0V6h5v4zm3.5 7a1.5 1.5 0 1 1 0-3 1.5 1.5 0 0 1 0 3z';
  return (
    <svg width="14" height="14" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
      <path d={path} />
    </svg>
  );
}

type Option = { value: string; label: ReactNode; picked: PickedPlace; text: string };

/**
 * Results become options: each city, then its airports and stations indented under it. Beside each, what
 * it is: a city, an airport's code, or a station (a railway telecode is not for travellers to read).
 */
function toOptions(places: Place[], language: Language, labels: { city: string; station: string }): Option[] {
  const other = (p: { nameEn: string; nameZh: string }) => nameIn(p, otherLanguage(language));
  const options: Option[] = [];
  const seen = new Set<number>();
  const add = (
    p: Place | ChildPlace,
    kind: Place['kind'],
    cityCode: string,
    onlyThis: boolean,
    indent: boolean,
    extra?: string,
    belowName = extra,
  ) => {
    if (seen.has(p.id)) return;
    seen.add(p.id);
    const hint = other(p) !== p.name ? other(p) : '';
    options.push({
      value: String(p.id),
      text: p.name,
      picked: {
        id: p.id,
        kind,
        name: p.name,
        code: p.code,
        cityCode,
        onlyThis,
        ...(belowName ? { belowName } : {}),
        point: { lat: p.lat, lon: p.lon },
      },
      label: (
        <div className={indent ? styles.child : styles.option} data-place-kind={kind}>
          <span className={styles.icon}>
            <KindIcon kind={kind} />
          </span>
          <span className={styles.names}>
            <span className={styles.name}>{p.name}</span>
            {hint ? <span className={styles.hint}>{hint}</span> : null}
            {extra ? <span className={styles.hint}>{extra}</span> : null}
          </span>
          <span className={styles.code}>
            {kind === 'city' ? labels.city : kind === 'station' ? labels.station : p.code}
          </span>
        </div>
      ),
    });
  };
  for (const p of places) {
    if (p.kind === 'city') {
      add(p, 'city', p.city_code, false, false, p.countryName);
      for (const c of p.places ?? []) add(c, c.kind, p.city_code, true, true, undefined, p.name);
    } else {
      add(p, p.kind, p.city_code, true, false, p.cityName);
    }
  }
  return options;
}

/** Addresses and landmarks: each with its kind, its city (or country) and its name in the other language. */
function toDoorOptions(doors: Door[], language: Language, kindLabel: (kind: Door['kind']) => string): Option[] {
  const other = (d: Door) => nameIn(d, otherLanguage(language));
  return doors.map((d) => {
    const picked = pickedDoor(d);
    const hint = other(d) !== d.name ? other(d) : '';
    return {
      value: `door:${picked.id}`,
      text: d.name,
      picked,
      label: (
        <div className={styles.option} data-place-kind="door" data-door-kind={d.kind}>
          <span className={styles.icon}>
            <KindIcon kind="door" />
          </span>
          <span className={styles.names}>
            <span className={styles.name}>{d.name}</span>
            {hint ? <span className={styles.hint}>{hint}</span> : null}
            {picked.belowName ? <span className={styles.hint}>{picked.belowName}</span> : null}
          </span>
          <span className={styles.code}>{kindLabel(d.kind)}</span>
        </div>
      ),
    };
  });
}

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
  const { language } = usePreferences();
  const [keyword, setKeyword] = useState(activate?.keyword ?? '');
  // The Select clears its search as it mounts; what was typed into the stand-in is put back after that.
  const typed = useRef(activate?.keyword);
  useEffect(() => {
    if (typed.current) setKeyword(typed.current);
  }, []);
  const deferred = useDeferredValue(keyword.trim());
  const results = useQuery(placesQueryOptions(deferred, language));
  const popular = useQuery({ ...popularPlacesQueryOptions(language), enabled: deferred === '' });
  const isPopular = deferred === '';
  const places = (isPopular ? popular.data : results.data?.places) ?? [];
  const doors = (isPopular ? undefined : results.data?.doors) ?? [];
  const doorsFirst = !isPopular && (results.data?.doorsFirst ?? false);
  const cityLabel = t('placePicker.city');
  const stationLabel = t('placePicker.station');
  const options = useMemo(
    () => toOptions(places, language, { city: cityLabel, station: stationLabel }),
    [places, language, cityLabel, stationLabel],
  );
  const doorOptions = useMemo(
    () => toDoorOptions(doors, language, (kind) => t(`placePicker.doorKind.${kind}`)),
    [doors, language, t],
  );
  const doorGroup = {
    label: <span className={styles.group}>{t('placePicker.doors')}</span>,
    title: 'doors',
    options: doorOptions,
  };
  const allOptions = [...options, ...doorOptions];
  const isLoading = isPopular ? popular.isFetching : results.isFetching;

  const selected = value
    ? { value: value.door ? `door:${value.id}` : String(value.id), label: shownName(value, language) }
    : undefined;
  return (
    <Select<{ value: string }, Option | { label: ReactNode; title: string; options: Option[] }>
      id={id}
      aria-label={ariaLabel}
      className={styles.picker}
      showSearch={{ filterOption: false, onSearch: setKeyword, searchValue: keyword }}
      labelInValue
      value={selected}
      placeholder={placeholder ?? t('placePicker.placeholder')}
      options={
        isPopular && options.length > 0
          ? [{ label: <span className={styles.group}>{t('placePicker.popular')}</span>, options, title: 'popular' }]
          : doorOptions.length === 0
            ? options
            : doorsFirst
              ? [doorGroup, ...options]
              : [...options, doorGroup]
      }
      onChange={(v: { value: string } | undefined) => {
        const opt = allOptions.find((o) => o.value === v?.value);
        onChange?.(opt?.picked);
        setKeyword('');
      }}
      notFoundContent={isLoading ? <Spin size="small" /> : t('placePicker.noMatch')}
      popupMatchSelectWidth={380}
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
