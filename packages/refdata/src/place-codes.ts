import type { RawPlace } from './types';

/**
 * The rule for city codes (data/SOURCES.md): every city has one code and no two cities share it; no city
 * takes the code of an airport outside it; and a city without an IATA code (one without airports) takes
 * no code of a station outside it either. Returns the collisions found, empty when the codes are sound.
 */
export function placeCodeCollisions(places: readonly RawPlace[]): string[] {
  const problems: string[] = [];
  const cities = places.filter((p) => p.kind === 'city');
  const withAirport = new Set(places.filter((p) => p.kind === 'airport').map((p) => p.cityId));
  const byCode = new Map<string, RawPlace[]>();
  for (const p of places) byCode.set(p.code, [...(byCode.get(p.code) ?? []), p]);
  const seen = new Map<string, RawPlace>();
  for (const city of cities) {
    if (!/^[A-Z]{3}$/.test(city.code)) problems.push(`${city.nameEn} (${city.id}) has no three-letter code`);
    const first = seen.get(city.code);
    if (first) problems.push(`${city.code}: cities ${first.nameEn} and ${city.nameEn}`);
    else seen.set(city.code, city);
    for (const other of byCode.get(city.code) ?? []) {
      if (other.kind === 'city' || other.cityId === city.id) continue;
      if (other.kind === 'airport' || !withAirport.has(city.id)) {
        problems.push(`${city.code}: city ${city.nameEn} and ${other.kind} ${other.nameEn}`);
      }
    }
  }
  return problems;
}

/**
 * A free three-letter code for a city without an IATA code: letters of its name in order (the first, then
 * two later ones, as IATA codes are made), else its first letter and any two, else the first free code.
 * `taken` holds every code in use (airports, cities, stations) and receives the one chosen.
 */
export function freeCityCode(name: string, taken: Set<string>): string {
  const letters = name.toUpperCase().replace(/[^A-Z]/g, '');
  const first = letters[0] ?? 'X';
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  function* candidates() {
    for (let i = 1; i < letters.length; i++) {
      for (let j = i + 1; j < letters.length; j++) yield `${first}${letters[i]}${letters[j]}`;
    }
    for (const b of alphabet) for (const c of alphabet) yield `${first}${b}${c}`;
    for (const a of alphabet) for (const b of alphabet) for (const c of alphabet) yield `${a}${b}${c}`;
  }
  for (const code of candidates()) {
    if (!taken.has(code)) {
      taken.add(code);
      return code;
    }
  }
  throw new Error(`no free city code left for ${name}`);
}
