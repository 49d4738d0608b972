import { cityMetroTables, DATASET_CITIES, metroProblems, readCityMetro } from './gtfs-metro-cities';
import type { MetroTables } from './gtfs-zip';

type CityReport = { lines: number; stations: number; templateTrips: number; repaired: number; shortcuts: number };

/**
 * The metro of every city of the East Asian metro dataset, checked and added to the feed's other rows
 * (`more`, Shanghai's): the rows together, the problems found, and each city's counts.
 */
export function buildCityMetros(more: MetroTables): {
  tables: MetroTables;
  problems: string[];
  report: Record<string, CityReport>;
} {
  const tables: MetroTables = { ...more };
  const problems: string[] = [];
  const report: Record<string, CityReport> = {};
  for (const city of DATASET_CITIES) {
    const metro = readCityMetro(city);
    problems.push(...metroProblems(metro).map((p) => `${city.name}: ${p}`));
    const rows = cityMetroTables(city, metro);
    for (const key of Object.keys(tables) as (keyof MetroTables)[]) tables[key] = [...tables[key], ...rows[key]];
    report[city.name] = {
      lines: metro.lines.length,
      stations: metro.stations.size,
      templateTrips: rows.trips.length,
      repaired: metro.repaired.length,
      shortcuts: metro.shortcuts.length,
    };
  }
  return { tables, problems, report };
}
