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

/** The cells of one line of a quoted CSV file (RFC 4180: `""` is a quote inside quotes), untrimmed. */
function splitQuoted(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i] as string;
    if (quoted) {
      if (c === '"') {
        if (line[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      cells.push(cell);
      cell = '';
    } else cell += c;
  }
  cells.push(cell);
  return cells;
}

const quoteCount = (text: string): number => {
  let n = 0;
  for (let i = text.indexOf('"'); i >= 0; i = text.indexOf('"', i + 1)) n++;
  return n;
};

/**
 * The rows of a GTFS text file, one call per row with a reader of its cells by column name. Lines are
 * walked in place and split directly; a line with quotes is split by the quoting rules (a quoted cell
 * may hold commas and line breaks). Cells are trimmed; blank lines and a byte-order mark are skipped.
 */
function eachRow(
  text: string,
  onRow: (cell: (column: string) => string, cells: string[], index: (column: string) => number) => void,
): void {
  let at = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let columns = new Map<string, number>();
  let cells: string[] = [];
  const cell = (column: string): string => {
    const i = columns.get(column);
    return i === undefined ? '' : (cells[i] ?? '').trim();
  };
  const index = (column: string): number => columns.get(column) ?? -1;
  let first = true;
  while (at < text.length) {
    let end = text.indexOf('\n', at);
    if (end < 0) end = text.length;
    let line = text.slice(at, end);
    at = end + 1;
    let quotes = quoteCount(line);
    // A quoted cell may run over line breaks: take lines while the quotes are unbalanced.
    while (quotes % 2 === 1 && at < text.length) {
      let next = text.indexOf('\n', at);
      if (next < 0) next = text.length;
      const more = text.slice(at, next);
      line += `\n${more}`;
      quotes += quoteCount(more);
      at = next + 1;
    }
    if (line.endsWith('\r')) line = line.slice(0, -1);
    if (line.trim() === '') continue;
    cells = quotes > 0 ? splitQuoted(line) : line.split(',');
    if (first) {
      first = false;
      columns = new Map(cells.map((h, i) => [h.trim(), i]));
      continue;
    }
    onRow(cell, cells, index);
  }
}

/** Every row of a file, mapped. */
function mapRows<T>(text: string, map: (cell: (column: string) => string) => T): T[] {
  const out: T[] = [];
  eachRow(text, (cell) => out.push(map(cell)));
  return out;
}

const digit = (text: string, i: number): number => {
  const d = text.charCodeAt(i) - 48;
  return d >= 0 && d <= 9 ? d : Number.NaN;
};

/** `HH:MM:SS` → seconds after the service day's noon minus 12 h (GTFS), e.g. `25:10:00` → 90600. */
export function parseGtfsTime(value: string): number {
  const n = value.length;
  // H:MM:SS, HH:MM:SS or HHH:MM:SS.
  const hourDigits = n - 6;
  if (hourDigits >= 1 && hourDigits <= 3 && value[n - 6] === ':' && value[n - 3] === ':') {
    let hours = 0;
    for (let i = 0; i < hourDigits; i++) hours = hours * 10 + digit(value, i);
    const minutes = digit(value, n - 5) * 10 + digit(value, n - 4);
    const seconds = digit(value, n - 2) * 10 + digit(value, n - 1);
    const total = hours * 3600 + minutes * 60 + seconds;
    if (Number.isFinite(total)) return total;
  }
  throw new Error(`bad GTFS time: ${value}`);
}

/** The characters `String.prototype.trim` removes. */
const isSpace = (c: number): boolean =>
  c === 32 || (c >= 9 && c <= 13) || (c > 127 && String.fromCharCode(c).trim() === '');

/**
 * Trips run by headway (`frequencies.txt` with exact times): each template trip becomes one trip per
 * departure from `start_time` up to `end_time` every `headway_secs`, its times shifted alike and its id
 * `<template>@<seconds>`. Feeds without the file are returned as they are.
 */
export function expandFrequencies<T extends { id: string }, S extends { arrival: number; departure: number }>(
  text: string,
  trips: T[],
  stopTimes: Map<string, S[]>,
): T[] {
  if (!text) return trips;
  const periods = new Map<string, { start: number; end: number; headway: number }[]>();
  for (const p of mapRows(text, (c) => ({
    trip: c('trip_id'),
    start: parseGtfsTime(c('start_time')),
    end: parseGtfsTime(c('end_time')),
    headway: Number(c('headway_secs')),
  })))
    if (p.headway > 0) periods.set(p.trip, [...(periods.get(p.trip) ?? []), p]);
  if (periods.size === 0) return trips;
  const out: T[] = [];
  for (const trip of trips) {
    const list = periods.get(trip.id);
    const times = stopTimes.get(trip.id);
    if (!list || !times || times.length === 0) {
      out.push(trip);
      continue;
    }
    stopTimes.delete(trip.id);
    const base = (times[0] as S).departure;
    for (const p of list)
      for (let t = p.start; t < p.end; t += p.headway) {
        const id = `${trip.id}@${t}`;
        out.push({ ...trip, id });
        stopTimes.set(
          id,
          times.map((x) => ({ ...x, arrival: x.arrival - base + t, departure: x.departure - base + t })),
        );
      }
  }
  return out;
}

/**
 * `stop_times.txt` without a quote in it, the biggest file by far, read as `eachRow` reads it (trimmed
 * cells, CRLF, blank lines, a byte-order mark) without cutting each line into strings: cells are found
 * by their commas, times read from the characters, and a row's trip id is cut out only when it changes.
 */
function plainStopTimes(
  text: string,
  push: (trip: string, stop: string, arrival: number, departure: number, seq: number) => void,
): void {
  let at = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let col: number[] | undefined;
  let last = 0;
  const start: number[] = [];
  const end: number[] = [];
  let cells = 0;
  let trip = '';
  let tripSet = false;
  const cell = (i: number): string => (i < 0 || i >= cells ? '' : text.slice(start[i], end[i]));
  const time = (i: number): number => {
    if (i < 0 || i >= cells) return parseGtfsTime('');
    const from = start[i] as number;
    const to = end[i] as number;
    const n = to - from;
    const hourDigits = n - 6;
    if (hourDigits >= 1 && hourDigits <= 3 && text.charCodeAt(to - 6) === 58 && text.charCodeAt(to - 3) === 58) {
      let hours = 0;
      for (let k = 0; k < hourDigits; k++) hours = hours * 10 + digit(text, from + k);
      const total =
        hours * 3600 +
        (digit(text, to - 5) * 10 + digit(text, to - 4)) * 60 +
        digit(text, to - 2) * 10 +
        digit(text, to - 1);
      if (Number.isFinite(total)) return total;
    }
    return parseGtfsTime(text.slice(from, to));
  };
  while (at < text.length) {
    let lineEnd = text.indexOf('\n', at);
    if (lineEnd < 0) lineEnd = text.length;
    const lineStart = at;
    at = lineEnd + 1;
    // The cells of the line, trimmed, as far as the last column read.
    cells = 0;
    let from = lineStart;
    let blank = true;
    for (;;) {
      let to = text.indexOf(',', from);
      if (to < 0 || to > lineEnd) to = lineEnd;
      let a = from;
      let b = to;
      while (a < b && isSpace(text.charCodeAt(a))) a++;
      while (b > a && isSpace(text.charCodeAt(b - 1))) b--;
      if (b > a || to < lineEnd) blank = false;
      start[cells] = a;
      end[cells] = b;
      cells++;
      if (to >= lineEnd || (col && cells > last)) break;
      from = to + 1;
    }
    if (blank) continue;
    if (!col) {
      const names = Array.from({ length: cells }, (_, i) => cell(i));
      // As `eachRow`: a column named twice is read where it is named last.
      col = ['trip_id', 'stop_id', 'arrival_time', 'departure_time', 'stop_sequence'].map((name) =>
        names.lastIndexOf(name),
      );
      last = Math.max(...col);
      continue;
    }
    const [tripCol, stopCol, arrivalCol, departureCol, seqCol] = col as [number, number, number, number, number];
    const tripFrom = tripCol < 0 || tripCol >= cells ? 0 : (start[tripCol] as number);
    const tripTo = tripCol < 0 || tripCol >= cells ? 0 : (end[tripCol] as number);
    if (!tripSet || tripTo - tripFrom !== trip.length || !text.startsWith(trip, tripFrom)) {
      trip = text.slice(tripFrom, tripTo);
      tripSet = true;
    }
    push(trip, cell(stopCol), time(arrivalCol), time(departureCol), Number(cell(seqCol)));
  }
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
    mapRows(text('agency.txt'), (c) => [c('agency_id'), { timezone: c('agency_timezone') || 'Etc/UTC' }] as const),
  );
  const stops = mapRows(text('stops.txt'), (c) => ({
    id: stopPrefix + c('stop_id'),
    name: c('stop_name'),
    nameEn: c('stop_name_en') || undefined,
    lat: Number(c('stop_lat')),
    lon: Number(c('stop_lon')),
    timezone: c('stop_timezone') || undefined,
  }));
  const routes = new Map(
    mapRows(
      text('routes.txt'),
      (c) =>
        [
          c('route_id'),
          {
            agencyId: c('agency_id'),
            type: Number(c('route_type')),
            shortName: c('route_short_name'),
            longName: c('route_long_name') || undefined,
          },
        ] as const,
    ),
  );
  let trips = mapRows(text('trips.txt'), (c) => ({
    id: c('trip_id'),
    routeId: c('route_id'),
    serviceId: c('service_id'),
    shortName: c('trip_short_name'),
  }));
  // Every stop time of a stop shares the stop's id string, rather than a string of its own per row.
  const stopIds = new Map(stops.map((s) => [s.id.slice(stopPrefix.length), s.id]));
  const stopIdOf = (raw: string): string => {
    let id = stopIds.get(raw);
    if (id === undefined) {
      id = stopPrefix + raw;
      stopIds.set(raw, id);
    }
    return id;
  };
  const stopTimes = new Map<string, { stopId: string; arrival: number; departure: number; seq: number }[]>();
  let list: { stopId: string; arrival: number; departure: number; seq: number }[] = [];
  let listTrip: string | undefined;
  const push = (id: string, stop: string, arrival: number, departure: number, seq: number) => {
    // Rows of a trip usually come together: its list is at hand without a lookup.
    if (id !== listTrip) {
      listTrip = id;
      list = stopTimes.get(id) ?? [];
      if (list.length === 0) stopTimes.set(id, list);
    }
    list.push({ stopId: stopIdOf(stop), arrival, departure, seq });
  };
  const stopTimesText = text('stop_times.txt');
  if (stopTimesText.indexOf('"') < 0) plainStopTimes(stopTimesText, push);
  else {
    // Its columns are found once, and its cells read by position.
    let col: { trip: number; stop: number; arrival: number; departure: number; seq: number } | undefined;
    const at = (cells: string[], i: number): string => (i < 0 ? '' : (cells[i] ?? '').trim());
    eachRow(stopTimesText, (_, cells, index) => {
      col ??= {
        trip: index('trip_id'),
        stop: index('stop_id'),
        arrival: index('arrival_time'),
        departure: index('departure_time'),
        seq: index('stop_sequence'),
      };
      push(
        at(cells, col.trip),
        at(cells, col.stop),
        parseGtfsTime(at(cells, col.arrival)),
        parseGtfsTime(at(cells, col.departure)),
        Number(at(cells, col.seq)),
      );
    });
  }
  for (const times of stopTimes.values()) {
    let sorted = true;
    for (let i = 1; i < times.length && sorted; i++)
      sorted = (times[i - 1] as { seq: number }).seq <= (times[i] as { seq: number }).seq;
    if (!sorted) times.sort((a, b) => a.seq - b.seq);
  }
  trips = expandFrequencies(text('frequencies.txt'), trips, stopTimes);
  const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
  const calendar = new Map(
    mapRows(
      text('calendar.txt'),
      (c) =>
        [
          c('service_id'),
          {
            days: DAYS.reduce((m, d, i) => (c(d) === '1' ? m | (1 << i) : m), 0),
            start: c('start_date'),
            end: c('end_date'),
          },
        ] as const,
    ),
  );
  return { agencies, stops, routes, trips, stopTimes, calendar };
}
