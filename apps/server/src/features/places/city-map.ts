import { type CityMap, type Language, nameIn } from '@junction/domain';
import type { Gazetteer, MapData, PlaceIndex } from '@junction/refdata';

/**
 * What the map dialog draws for a city, in the language asked for: its district outlines (the busiest
 * cities), metro lines (the cities of the map data) and stations (the metro feed's city), and its airports and railway stations.
 * Undefined for a code that is no city.
 */
export function cityMap(
  code: string,
  language: Language,
  deps: { places: PlaceIndex; gazetteer: Gazetteer; map: MapData },
): CityMap | undefined {
  const byId = /^\d+$/.test(code) ? deps.places.get(Number(code)) : undefined;
  const city =
    byId?.kind === 'city'
      ? byId
      : byId?.cityId !== undefined
        ? deps.places.get(byId.cityId)
        : deps.places.findByCode(code).find((p) => p.kind === 'city' && p.cityCode === code.toUpperCase());
  if (!city) return undefined;
  return {
    cityCode: city.cityCode,
    name: nameIn(city, language),
    center: { lat: city.lat, lon: city.lon },
    districts: (deps.map.districts[city.cityCode] ?? []).map((d) => ({ name: nameIn(d, language), rings: d.rings })),
    metroLines: (deps.map.metro[city.cityCode] ?? []).map((l) => ({
      name: nameIn({ nameEn: l.nameEn, nameZh: l.nameZh }, language),
      color: l.color,
      points: l.points,
    })),
    metroStations: deps.gazetteer
      .inCity('metro', city.cityCode)
      .map((s) => ({ name: nameIn(s, language), lat: s.lat, lon: s.lon })),
    hubs: deps.places.children(city.id).map((p) => ({
      kind: p.kind === 'airport' ? ('airport' as const) : ('station' as const),
      name: nameIn(p, language),
      code: p.code,
      lat: p.lat,
      lon: p.lon,
    })),
  };
}
