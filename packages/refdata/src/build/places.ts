import { pinyin } from 'pinyin-pro';
import { freeCityCode } from '../place-codes';
import type { RawPlace } from '../types';
import { PlaceIdRegistry } from './place-ids';
import {
  readCsv,
  readOpenFlightsAirports,
  readOurAirports,
  readRouteCounts,
  readStationCoordinates,
  readStations,
} from './sources';

type CuratedAirport = {
  iata: string;
  name_en: string;
  name_zh: string;
  city_code: string;
  city_en: string;
  city_zh: string;
  country: string;
};

type CityDraft = {
  key: string;
  code: string;
  nameEn: string;
  nameZh: string;
  country: string;
  tz: string;
  lat: number;
  lon: number;
  rank: number;
  hasCoordinates: boolean;
};

const DIRECTION_EN: Record<string, string> = { 东: 'East', 西: 'West', 南: 'South', 北: 'North' };
const CHINESE_REGIONS = new Set(['CN', 'HK', 'MO', 'TW']);

const capitalize = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/** Pinyin of a Chinese name without tones, as one lowercase string and as initials. */
export function pinyinOf(zh: string): { full: string; initials: string } {
  const syllables = pinyin(zh, { toneType: 'none', type: 'array', nonZh: 'removed' });
  return {
    full: syllables.join('').replace(/ü/g, 'v'),
    initials: syllables.map((s) => s.charAt(0)).join(''),
  };
}

/** "上海虹桥" in 上海 → "Shanghai Hongqiao"; "北京南" → "Beijing South". */
export function stationNameEn(name: string, cityZh: string, cityEn: string): string {
  if (name === cityZh) return cityEn;
  if (name.startsWith(cityZh)) {
    const rest = name.slice(cityZh.length);
    return `${cityEn} ${DIRECTION_EN[rest] ?? capitalize(pinyinOf(rest).full)}`;
  }
  const last = name.slice(-1);
  const stem = name.slice(0, -1);
  if (DIRECTION_EN[last] && stem.length >= 2) return `${capitalize(pinyinOf(stem).full)} ${DIRECTION_EN[last]}`;
  return capitalize(pinyinOf(name).full);
}

export type PlaceBuild = { places: RawPlace[]; report: Record<string, number> };

/**
 * Cities with their airports and railway stations. Airports come from OurAirports (scheduled service)
 * with time zones from OpenFlights and Chinese names from the curated table; stations from the 12306
 * list with coordinates from the station-coordinate files; both are joined to cities by city code or
 * Chinese city name, so Beijing holds PEK, PKX and every Beijing station.
 */
export function buildPlaces(): PlaceBuild {
  const registry = new PlaceIdRegistry();
  const curated = new Map(readCsv('curated/airports.csv').map((r) => [r.iata, r as unknown as CuratedAirport]));
  const openflights = readOpenFlightsAirports();
  const routeCounts = readRouteCounts();
  const coords = readStationCoordinates();
  const report: Record<string, number> = {};

  const cities = new Map<string, CityDraft>();
  const cityByZh = new Map<string, string>();
  const cityByCode = new Map<string, string>();
  const airports: (RawPlace & { cityKey: string })[] = [];

  // Airports: scheduled service with an IATA code, plus curated ones OurAirports lacks.
  const ours = readOurAirports().filter((a) => /^[A-Z]{3}$/.test(a.iata_code) && a.scheduled_service === 'yes');
  // A country whose airports all share one time zone lends it to an airport the time-zone data lacks.
  const zonesByCountry = new Map<string, Set<string>>();
  const countryOf = new Map(ours.map((a) => [a.iata_code, a.iso_country]));
  for (const [iata, of] of openflights) {
    const country = countryOf.get(iata);
    if (country && of.tz) zonesByCountry.set(country, (zonesByCountry.get(country) ?? new Set()).add(of.tz));
  }
  const soleZone = (country: string) => {
    const zones = zonesByCountry.get(country);
    return zones?.size === 1 ? [...zones][0] : undefined;
  };
  const seen = new Set<string>();
  const candidates = ours.map((a) => ({
    iata: a.iata_code,
    nameEn: a.name,
    municipality: a.municipality,
    country: a.iso_country,
    lat: Number(a.latitude_deg),
    lon: Number(a.longitude_deg),
  }));
  for (const c of curated.values()) {
    if (candidates.some((a) => a.iata === c.iata)) continue;
    const of = openflights.get(c.iata);
    if (!of) continue;
    candidates.push({
      iata: c.iata,
      nameEn: c.name_en,
      municipality: c.city_en,
      country: c.country,
      lat: of.lat,
      lon: of.lon,
    });
  }
  for (const a of candidates) {
    if (seen.has(a.iata)) continue;
    seen.add(a.iata);
    const c = curated.get(a.iata);
    const tz = openflights.get(a.iata)?.tz || (CHINESE_REGIONS.has(a.country) ? 'Asia/Shanghai' : soleZone(a.country));
    if (!tz) {
      report.airportsWithoutTimeZone = (report.airportsWithoutTimeZone ?? 0) + 1;
      continue;
    }
    const cityCode = c?.city_code ?? a.iata;
    const cityKey =
      c && CHINESE_REGIONS.has(c.country) ? `city:${c.country}:${c.city_zh}` : `city:${a.country}:${cityCode}`;
    // Airports opened after the route data (Beijing Daxing, Chengdu Tianfu) still rank as airports.
    const traffic = Math.max(routeCounts.get(a.iata) ?? 0, c ? 40 : 0);
    const city = cities.get(cityKey);
    if (!city) {
      cities.set(cityKey, {
        key: cityKey,
        code: cityCode,
        nameEn: c?.city_en || a.municipality || a.nameEn,
        nameZh: c?.city_zh || '',
        country: a.country,
        tz,
        lat: a.lat,
        lon: a.lon,
        rank: traffic,
        hasCoordinates: true,
      });
      if (c?.city_zh && CHINESE_REGIONS.has(c.country)) cityByZh.set(c.city_zh, cityKey);
      cityByCode.set(cityCode, cityKey);
    } else {
      // The city centre follows its busiest airport.
      if (traffic > city.rank) Object.assign(city, { lat: a.lat, lon: a.lon });
      city.rank += traffic;
    }
    const airportPinyin = c?.name_zh ? pinyinOf(c.name_zh) : undefined;
    airports.push({
      id: registry.idFor(`airport:${a.iata}`),
      kind: 'airport',
      code: a.iata,
      cityCode,
      nameEn: c?.name_en || a.nameEn,
      nameZh: c?.name_zh || '',
      pinyin: airportPinyin?.full,
      initials: airportPinyin?.initials,
      country: a.country,
      tz,
      lat: a.lat,
      lon: a.lon,
      rank: traffic,
      cityKey,
    });
  }
  report.airports = airports.length;
  report.airportsWithChineseName = airports.filter((a) => a.nameZh).length;

  // Stations: join to the city of the same Chinese name, or found a city of their own.
  const stations: (RawPlace & { cityKey: string })[] = [];
  const namesake = new Map<string, string>();
  let filledFromCity = 0;
  for (const s of readStations()) {
    const country = s.cityName === '香港' ? 'HK' : s.country;
    let cityKey = cityByZh.get(s.cityName);
    if (!cityKey) {
      cityKey = `city:${country}:${s.cityName}`;
      if (!cities.has(cityKey)) {
        const py = pinyinOf(s.cityName);
        cities.set(cityKey, {
          key: cityKey,
          code: '',
          nameEn: capitalize(py.full),
          nameZh: s.cityName,
          country,
          tz: country === 'LA' ? 'Asia/Vientiane' : 'Asia/Shanghai',
          lat: Number.NaN,
          lon: Number.NaN,
          rank: 0,
          hasCoordinates: false,
        });
        cityByZh.set(s.cityName, cityKey);
      }
    }
    const city = cities.get(cityKey) as CityDraft;
    const coord = coords.get(s.name);
    const grade = coord?.grade ?? 0;
    // A city without an airport is known by the telecode of the station that bears its name, when that
    // code is free (see the end of the loop).
    if (!city.code && s.name === s.cityName) namesake.set(cityKey, s.telecode);
    if (coord && !city.hasCoordinates) Object.assign(city, { lat: coord.lat, lon: coord.lon, hasCoordinates: true });
    // The station that bears the city's name stands in its centre (北京站, 上海站): the door-to-door
    // planner starts from there, not from the busiest airport.
    if (coord && s.name === s.cityName) Object.assign(city, { lat: coord.lat, lon: coord.lon });
    city.rank += 20 + grade * 20;
    stations.push({
      id: registry.idFor(`station:${s.telecode}`),
      kind: 'station',
      code: s.telecode,
      cityCode: '',
      nameEn: stationNameEn(s.name, city.nameZh, city.nameEn),
      nameZh: s.name,
      pinyin: s.pinyin,
      initials: s.initials,
      country,
      tz: city.tz,
      lat: coord?.lat ?? Number.NaN,
      lon: coord?.lon ?? Number.NaN,
      rank: 10 + grade * 10 + (s.name === s.cityName ? 15 : 0),
      cityKey,
    });
  }

  // Cities without an IATA code (no airport) are known by the telecode of the station that bears their
  // name, unless an airport or an IATA city has it; otherwise by a code no airport, city or station has.
  const iataCodes = new Set([...airports.map((a) => a.code), ...cityByCode.keys()]);
  const taken = new Set([...iataCodes, ...stations.map((s) => s.code)]);
  let madeCodes = 0;
  for (const city of cities.values()) {
    if (city.code) continue;
    const own = namesake.get(city.key);
    if (own && !iataCodes.has(own)) {
      city.code = own;
    } else {
      city.code = freeCityCode(city.nameEn, taken);
      madeCodes++;
    }
  }
  report.citiesWithMadeCode = madeCodes;

  const places: RawPlace[] = [];
  const cityIds = new Map<string, number>();
  for (const city of cities.values()) {
    const id = registry.idFor(city.key);
    cityIds.set(city.key, id);
    const py = city.nameZh ? pinyinOf(city.nameZh) : undefined;
    places.push({
      id,
      kind: 'city',
      code: city.code,
      cityCode: city.code,
      nameEn: city.nameEn,
      nameZh: city.nameZh,
      pinyin: py?.full,
      initials: py?.initials,
      country: city.country,
      tz: city.tz,
      lat: city.lat,
      lon: city.lon,
      rank: city.rank,
    });
  }
  const cityById = new Map(places.map((p) => [p.id, p]));
  const cityOf = (key: string) => cityById.get(cityIds.get(key) ?? -1) as RawPlace;
  for (const child of [...airports, ...stations]) {
    const { cityKey, ...place } = child;
    const city = cityOf(cityKey);
    if (!place.cityCode) place.cityCode = city.cityCode;
    if (Number.isNaN(place.lat)) {
      place.lat = city.lat;
      place.lon = city.lon;
      filledFromCity++;
    }
    places.push({ ...place, cityId: city.id });
  }
  // Cities known only by stations without coordinates take the mean of their stations'.
  for (const city of places.filter((p) => p.kind === 'city' && Number.isNaN(p.lat))) {
    const located = places.filter((p) => p.cityId === city.id && !Number.isNaN(p.lat));
    if (located.length > 0) {
      city.lat = located.reduce((s, p) => s + p.lat, 0) / located.length;
      city.lon = located.reduce((s, p) => s + p.lon, 0) / located.length;
    }
  }
  const unlocated = places.filter((p) => Number.isNaN(p.lat));
  report.unlocatedDropped = unlocated.length;
  report.stations = stations.length;
  report.stationCoordinatesFilledFromCity = filledFromCity;
  report.cities = places.filter((p) => p.kind === 'city').length;
  registry.save();
  return { places: places.filter((p) => !Number.isNaN(p.lat)), report };
}
