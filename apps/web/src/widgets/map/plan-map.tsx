import type { LatLon, ResultLeg } from '@junction/domain';
import { inLanguage } from '@junction/domain';
import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../shared/lib/preferences';
import { cityMapQueryOptions } from './api/map';
import { type MapLeg, MapView } from './map-view';

export type PlanMapProps = { legs: readonly ResultLeg[]; height?: number };

/**
 * A door-to-door plan on the map: each leg (walk, metro, taxi, train, flight) as a line between its
 * points, over the districts and metro of the cities it starts and ends in.
 */
export function PlanMap({ legs, height = 360 }: PlanMapProps) {
  const { t } = useTranslation('common');
  const { language } = usePreferences();
  const first = legs[0];
  const last = legs.at(-1);
  const cities = [...new Set([first?.from.city?.id, last?.to.city?.id].filter((id): id is number => id !== undefined))];
  const maps = useQueries({ queries: cities.map((id) => cityMapQueryOptions(String(id), language)) });
  const mapLegs: MapLeg[] = legs.map((l) => ({
    kind: l.kind,
    from: { lat: l.from.lat, lon: l.from.lon },
    to: { lat: l.to.lat, lon: l.to.lon },
    label: `${inLanguage(l.from.name, language)} → ${inLanguage(l.to.name, language)}`,
  }));
  const fit: LatLon[] = legs.flatMap((l) => [l.from, l.to]);
  if (!first || !last) return null;
  return (
    <MapView
      maps={maps.flatMap((m) => (m.data ? [m.data] : []))}
      legs={mapLegs}
      fit={fit}
      markers={[
        { lat: first.from.lat, lon: first.from.lon, tone: 'start', label: inLanguage(first.from.name, language) },
        { lat: last.to.lat, lon: last.to.lon, tone: 'end', label: inLanguage(last.to.name, language) },
      ]}
      label={t('map.planLabel')}
      height={height}
    />
  );
}

export default PlanMap;
