/** A place as the data build writes it: cities, and airports and stations that point to their city. */
export type RawPlace = {
  id: number;
  kind: 'city' | 'airport' | 'station';
  /** IATA code (airport), 12306 telecode (station), or the city code (unique; see data/SOURCES.md "City codes"). */
  code: string;
  cityCode: string;
  nameEn: string;
  /** Empty when no Chinese name is known: the English name is shown instead. */
  nameZh: string;
  pinyin?: string;
  initials?: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** IANA time zone. */
  tz: string;
  lat: number;
  lon: number;
  /** Importance for ranking: route count for airports, grade for stations, their sum for cities. */
  rank: number;
  cityId?: number;
};
