import { parse } from 'csv-parse/sync';
import { strFromU8, unzipSync } from 'fflate';

/** The parts of a GTFS feed the planner reads. Times stay as GTFS writes them (seconds, may pass 24:00). */
export type GtfsFeed = {
  agencies: Map<string, { timezone: string }>;
  /** `nameEn`: the optional `stop_name_en` column of feeds whose stop names are Chinese. */
  stops: { id: string; name: string; nameEn?: string; lat: number; lon: number; timezone?: string }[];
  routes: Map<string, { agencyId: string; type: number; shortName: string; longName?: string }>;
  trips: { id: string; routeId: string; serviceId: string; shortName: string }[];
  /** stop_times grouped by trip, in stop_sequence order. */
  stopTimes: Map<string, { stopId: string; arrival: number; departure: number }[]>;
  /** service_id → weekday mask (bit 0 = Monday) and date range (yyyymmdd). */
  calendar: Map<string, { days: number; start: string; end: string }>;
};

/**
 * The records of a GTFS text file. A file without quotes (as the big generated ones are) is split
 * directly, several times faster; anything quoted goes through the full CSV parser.
 */
function rows(text: string): Record<string, string>[] {
  if (text.includes('"')) {
    return parse(text, { columns: true, skip_empty_lines: true, trim: true, bom: true, relax_quotes: true });
  }
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const header = (lines[0] ?? '').split(',').map((h) => h.trim());
  const out: Record<string, string>[] = [];
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i] as string;
    if (line.trim() === '') continue;
    const cells = line.split(',');
    const record: Record<string, string> = {};
    for (let c = 0; c < header.length; c++) record[header[c] as string] = (cells[c] ?? '').trim();
    out.push(record);
  }
  return out;
}

/** `HH:MM:SS` → seconds after the service day's noon minus 12 h (GTFS), e.g. `25:10:00` → 90600. */
export function parseGtfsTime(value: string): number {
  const m = /^(\d{1,3}):(\d{2}):(\d{2})$/.exec(value);
  if (!m) throw new Error(`bad GTFS time: ${value}`);
  return Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]);
}

/**
 * Reads a GTFS feed from its zip; a real airline or rail feed reads the same way as our generated ones.
 * `stopPrefix` keeps feeds apart whose stop ids collide (IATA HGH is Hangzhou airport, 12306 HGH is
 * Hangzhou East station).
 */
export function readGtfsZip(zip: Uint8Array, stopPrefix = ''): GtfsFeed {
  const files = unzipSync(zip);
  const text = (name: string): string => {
    const file = files[name];
    return file ? strFromU8(file) : '';
  };
  const agencies = new Map(
    rows(text('agency.txt')).map((r) => [r.agency_id ?? '', { timezone: r.agency_timezone ?? 'Etc/UTC' }]),
  );
  const stops = rows(text('stops.txt')).map((r) => ({
    id: stopPrefix + (r.stop_id ?? ''),
    name: r.stop_name ?? '',
    nameEn: r.stop_name_en || undefined,
    lat: Number(r.stop_lat),
    lon: Number(r.stop_lon),
    timezone: r.stop_timezone || undefined,
  }));
  const routes = new Map(
    rows(text('routes.txt')).map((r) => [
      r.route_id ?? '',
      {
        agencyId: r.agency_id ?? '',
        type: Number(r.route_type),
        shortName: r.route_short_name ?? '',
        longName: r.route_long_name || undefined,
      },
    ]),
  );
  const trips = rows(text('trips.txt')).map((r) => ({
    id: r.trip_id ?? '',
    routeId: r.route_id ?? '',
    serviceId: r.service_id ?? '',
    shortName: r.trip_short_name ?? '',
  }));
  const stopTimes = new Map<string, { stopId: string; arrival: number; departure: number; seq: number }[]>();
  for (const r of rows(text('stop_times.txt'))) {
    const id = r.trip_id ?? '';
    const list = stopTimes.get(id) ?? [];
    list.push({
      stopId: stopPrefix + (r.stop_id ?? ''),
      arrival: parseGtfsTime(r.arrival_time ?? ''),
      departure: parseGtfsTime(r.departure_time ?? ''),
      seq: Number(r.stop_sequence),
    });
    stopTimes.set(id, list);
  }
  for (const list of stopTimes.values()) list.sort((a, b) => a.seq - b.seq);
  const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
  const calendar = new Map(
    rows(text('calendar.txt')).map((r) => [
      r.service_id ?? '',
      {
        days: DAYS.reduce((m, d, i) => (r[d] === '1' ? m | (1 << i) : m), 0),
        start: r.start_date ?? '',
        end: r.end_date ?? '',
      },
    ]),
  );
  return { agencies, stops, routes, trips, stopTimes, calendar };
}
