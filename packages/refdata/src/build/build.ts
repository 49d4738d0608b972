// `npm run data:build`: turns the raw and curated data in data/ into the compact files the product reads.
import fs from 'node:fs';
import path from 'node:path';
import { toGazetteerFile } from '../gazetteer';
import { placeCodeCollisions } from '../place-codes';
import {
  buildAirportTerminals,
  buildCalendar,
  buildConnectionTimes,
  buildMassTransit,
  buildMetroFares,
  buildTaxiFares,
  buildTrainServiceFees,
} from './extras';
import { buildGazetteer } from './gazetteer';
import { writeFlightsGtfs } from './gtfs-flights';
import { maglevTables } from './gtfs-maglev';
import { writeMetroGtfs } from './gtfs-metro';
import { buildCityMetros } from './gtfs-metro-cities-build';
import { shanghaiMetroTables } from './gtfs-metro-shanghai';
import { writeRailGtfs } from './gtfs-rail';
import { joinTables } from './gtfs-zip';
import { buildMapData } from './map';
import { buildPlaces } from './places';
import { GENERATED_DIR } from './sources';
import { buildAircraft, buildAirlines, buildCountries, buildCurrencies, buildRates } from './tables';

function write(name: string, data: unknown): void {
  const file = path.join(GENERATED_DIR, name);
  fs.writeFileSync(file, `${JSON.stringify(data)}\n`);
  console.log(`${name.padEnd(24)} ${(fs.statSync(file).size / 1024).toFixed(0).padStart(6)} kB`);
}

fs.mkdirSync(GENERATED_DIR, { recursive: true });
const { places, report } = buildPlaces();
const collisions = placeCodeCollisions(places);
if (collisions.length > 0) {
  console.error(`Place codes collide (data/SOURCES.md, "City codes"):\n${collisions.join('\n')}`);
  process.exit(1);
}
write('places.json', places);
write('countries.json', buildCountries());
write('currencies.json', buildCurrencies());
write('rates.json', buildRates());
write('airlines.json', buildAirlines());
const aircraft = buildAircraft();
write('aircraft.json', aircraft);
write('calendar.json', buildCalendar());
write('mass-transit.json', buildMassTransit());
write('connection-times.json', buildConnectionTimes());
write('airport-terminals.json', buildAirportTerminals());
write('taxi-fares.json', buildTaxiFares());
write('train-service-fees.json', buildTrainServiceFees());
write('metro-fares.json', buildMetroFares());
console.log(report);
console.log('flights GTFS (data/gtfs/flights.zip):', writeFlightsGtfs(places, aircraft));
const rail = writeRailGtfs(places);
console.log('rail GTFS (data/gtfs/rail.zip):', rail);
if (rail.trains < 6000 || rail.capitals.missing.length > rail.capitals.trains * 0.05) {
  console.error('The rail feed lost trains: see the report above (data/SOURCES.md, "gtfs/").');
  process.exit(1);
}
const shanghai = shanghaiMetroTables();
const cities = buildCityMetros(joinTables(shanghai.tables, maglevTables()));
if (cities.problems.length > 0) {
  console.error(`The metro feed fails its checks (data/SOURCES.md, "metro.zip"):\n${cities.problems.join('\n')}`);
  process.exit(1);
}
console.log('metro GTFS (data/gtfs/metro.zip):', writeMetroGtfs(places, cities.tables), {
  shanghai: shanghai.report,
  ...cities.report,
});
const gazetteer = buildGazetteer(places);
write('gazetteer.json', toGazetteerFile(gazetteer.rows));
console.log('gazetteer (generated/gazetteer.json):', gazetteer.report);
const map = buildMapData();
write('map.json', map.map);
console.log('map (generated/map.json):', map.report);
