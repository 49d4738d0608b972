import { AimOutlined, EnvironmentOutlined } from '@ant-design/icons';
import { type ChildPlace, type Door, type Language, nameIn, otherLanguage, type Place } from '@junction/domain';
import type { ReactNode } from 'react';
import { type PickedPlace, pickedDoor } from './picked-place';
import styles from './place-picker.module.css';

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

export type Option = { value: string; label: ReactNode; picked: PickedPlace; text: string };

/**
 * Results become options: each city, then its airports and stations indented under it. Beside each, what
 * it is: a city, an airport's code, or a station (a railway telecode is not for travellers to read).
 */
export function toOptions(places: Place[], language: Language, labels: { city: string; station: string }): Option[] {
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
export function toDoorOptions(doors: Door[], language: Language, kindLabel: (kind: Door['kind']) => string): Option[] {
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
