import type { Door, LatLon } from '@junction/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Input, Modal, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { placesQueryOptions } from '../../shared/api/reference';
import { usePreferences } from '../../shared/lib/preferences';
import { cityMapQueryOptions, doorAtQueryOptions } from './api/map';
import styles from './door-map-dialog.module.css';
import { MapView } from './map-view';

export type DoorMapDialogProps = {
  open: boolean;
  /** The city the map opens on (its code); Beijing when none is known. */
  cityCode?: string;
  /**
   * The place already chosen: the map opens on it, with its pin when it is a door (an address, a landmark
   * or a pin) rather than a city, airport or station.
   */
  initial?: { point: LatLon; isDoor: boolean };
  onClose: () => void;
  onChoose: (door: Door) => void;
};

/**
 * Choosing a door on the map: the city's districts, metro, airports and stations; a search within the
 * map moves it to a place; a click drops a pin, named after the nearest named place, to choose.
 */
export function DoorMapDialog({ open, cityCode, initial, onClose, onChoose }: DoorMapDialogProps) {
  const { t } = useTranslation('common');
  const { language } = usePreferences();
  const [code, setCode] = useState((cityCode || 'BJS').toUpperCase());
  const [pin, setPin] = useState<LatLon | undefined>(initial?.isDoor ? initial.point : undefined);
  const [focus, setFocus] = useState<LatLon | undefined>(initial?.point);
  const [keyword, setKeyword] = useState('');
  const map = useQuery({ ...cityMapQueryOptions(code, language), enabled: open });
  const door = useQuery(doorAtQueryOptions(pin, language));
  const found = useQuery(placesQueryOptions(keyword, language));

  const search = (value: string) => setKeyword(value.trim());
  const results = [
    ...(found.data?.doors ?? []).map((d) => ({
      key: `d${d.lat},${d.lon}`,
      name: d.name,
      below: d.cityName,
      point: d,
      city: d.cityCode,
    })),
    ...(found.data?.places ?? []).map((p) => ({
      key: `p${p.id}`,
      name: p.name,
      below: p.cityName ?? p.countryName,
      point: { lat: p.lat, lon: p.lon },
      city: p.city_code,
    })),
  ].slice(0, 6);

  const goTo = (r: (typeof results)[number]) => {
    if (r.city && r.city !== code) setCode(r.city);
    setFocus(r.point);
    setPin(r.point);
    setKeyword('');
  };

  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={t('map.chooseTitle')}
      width={960}
      footer={null}
      destroyOnHidden
      data-testid="door-map-dialog"
    >
      <div className={styles.toolbar}>
        <Input.Search
          placeholder={t('map.searchPlaceholder')}
          onSearch={search}
          allowClear
          enterButton={t('map.search')}
          aria-label={t('map.searchPlaceholder')}
        />
        {results.length > 0 && keyword ? (
          <ul className={styles.results} aria-label={t('map.searchResults')}>
            {results.map((r) => (
              <li key={r.key}>
                <button type="button" className={styles.result} onClick={() => goTo(r)}>
                  <span className={styles.resultName}>{r.name}</span>
                  {r.below ? <span className={styles.resultBelow}>{r.below}</span> : null}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      {map.data ? (
        <MapView
          maps={[map.data]}
          fit={focus ? [focus] : undefined}
          markers={pin ? [{ ...pin, tone: 'pin', label: door.data?.name ?? '' }] : []}
          onPick={setPin}
          label={t('map.label', { city: map.data.name })}
          height={520}
        />
      ) : (
        <div className={styles.loading}>
          <Spin />
        </div>
      )}
      <div className={styles.footer}>
        <div className={styles.chosen} aria-live="polite">
          {pin ? (
            door.data ? (
              <>
                <span className={styles.chosenName} data-testid="map-pin-name">
                  {door.data.name}
                </span>
                {door.data.cityName ? <span className={styles.chosenBelow}>{door.data.cityName}</span> : null}
              </>
            ) : (
              <Spin size="small" />
            )
          ) : (
            <span className={styles.hint}>{t('map.clickHint')}</span>
          )}
        </div>
        <Button onClick={onClose}>{t('map.cancel')}</Button>
        <Button type="primary" disabled={!door.data || !pin} onClick={() => door.data && onChoose(door.data)}>
          {t('map.useThis')}
        </Button>
      </div>
    </Modal>
  );
}

export default DoorMapDialog;
