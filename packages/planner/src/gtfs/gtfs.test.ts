import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { StopGrid, taxiAccess, taxiTransfers } from '../ground/ground';
import { McRaptor } from '../raptor/raptor';
import { firstDepartures } from '../timetable/timetable.test-support';
import { timetableFromGtfs } from './gtfs-timetable';
import { expandFrequencies, parseGtfsTime, readGtfsZip } from './read-gtfs';

const flatFares = () => ({ boardFee: 30000, perKm: 60 });

function feedZip(timezone: string, departure: string, arrival: string): Uint8Array {
  const files: Record<string, string> = {
    'agency.txt': `agency_id,agency_name,agency_url,agency_timezone\nJT,Junction Test,https://junction.example,${timezone}\n`,
    'stops.txt': 'stop_id,stop_name,stop_lat,stop_lon\nA,Alpha,39.9,116.4\nB,"Beta, Central",31.2,121.5\n',
    'routes.txt': 'route_id,agency_id,route_short_name,route_long_name,route_type\nR1,JT,G1,Alpha-Beta,2\n',
    'trips.txt': 'route_id,service_id,trip_id,trip_short_name\nR1,DAILY,T1,G1\n',
    'stop_times.txt': `trip_id,arrival_time,departure_time,stop_id,stop_sequence\nT1,${departure},${departure},A,1\nT1,${arrival},${arrival},B,2\n`,
    'calendar.txt':
      'service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nDAILY,1,1,1,1,1,1,1,20260101,20271231\n',
  };
  return zipSync(Object.fromEntries(Object.entries(files).map(([n, t]) => [n, strToU8(t)])));
}

describe('GTFS', () => {
  it('reads plain and quoted files alike, with a byte-order mark, CRLF line ends and padding', () => {
    const word = fc.stringMatching(/^[A-Za-z0-9]([A-Za-z0-9 ]{0,10}[A-Za-z0-9])?$/);
    fc.assert(
      fc.property(fc.array(fc.tuple(word, word), { minLength: 1, maxLength: 6 }), (stops) => {
        const plain = `\uFEFFstop_id,stop_name,stop_lat,stop_lon\r\n${stops.map(([id, name], i) => ` ${id}${i},${name},1,2`).join('\r\n')}\r\n\r\n`;
        const quoted = `stop_id,stop_name,stop_lat,stop_lon\n${stops.map(([id, name], i) => `"${id}${i}","${name}",1,2`).join('\n')}\n`;
        const read = (text: string) => readGtfsZip(zipSync({ 'stops.txt': strToU8(text) })).stops;
        expect(read(plain)).toEqual(read(quoted));
        expect(read(plain).map((s) => s.id)).toEqual(stops.map(([id], i) => `${id}${i}`.trim()));
      }),
    );
  });

  it('reads stop times without quotes as it reads them quoted: padding, CRLF, blank lines, any column order', () => {
    const pad = fc.constantFrom('', ' ', '  ', '\t');
    const row = fc.record({
      trip: fc.constantFrom('T1', 'T2', 'CA981:PEKLHR', '中1'),
      stop: fc.constantFrom('A', 'B', 'PEK'),
      arrival: fc.tuple(
        fc.integer({ min: 0, max: 47 }),
        fc.integer({ min: 0, max: 59 }),
        fc.integer({ min: 0, max: 59 }),
      ),
      dwell: fc.integer({ min: 0, max: 900 }),
      seq: fc.integer({ min: 0, max: 99 }),
      left: pad,
      right: pad,
    });
    const columns = ['trip_id', 'arrival_time', 'departure_time', 'stop_id', 'stop_sequence', 'pickup_type'];
    fc.assert(
      fc.property(
        fc.array(row, { maxLength: 12 }),
        fc.shuffledSubarray(columns, { minLength: columns.length, maxLength: columns.length }),
        fc.boolean(),
        fc.boolean(),
        (rows, order, crlf, bom) => {
          const hms = (t: number) =>
            `${Math.floor(t / 3600)}:${String(Math.floor(t / 60) % 60).padStart(2, '0')}:${String(t % 60).padStart(2, '0')}`;
          const file = (quote: (cell: string) => string) => {
            const eol = crlf ? '\r\n' : '\n';
            const lines = rows.map((r, i) => {
              const arrival = r.arrival[0] * 3600 + r.arrival[1] * 60 + r.arrival[2];
              const cells: Record<string, string> = {
                trip_id: r.trip,
                arrival_time: hms(arrival),
                departure_time: hms(arrival + r.dwell),
                stop_id: r.stop,
                stop_sequence: String(r.seq),
                pickup_type: '0',
              };
              return (
                order.map((c) => `${r.left}${quote(cells[c] as string)}${r.right}`).join(',') + (i % 3 === 2 ? eol : '')
              );
            });
            return `${bom ? '\uFEFF' : ''}${order.join(',')}${eol}${lines.join(eol)}${eol}`;
          };
          const read = (text: string) => readGtfsZip(zipSync({ 'stop_times.txt': strToU8(text) }), 'rail:').stopTimes;
          const plain = read(file((c) => c));
          expect(plain).toEqual(read(file((c) => `"${c}"`)));
          expect([...plain.values()].flat().length).toBe(rows.length);
        },
      ),
    );
  });

  it('reads quoted cells with commas, doubled quotes and line breaks, and columns in any order', () => {
    const text =
      'stop_lon,stop_name,stop_id,stop_lat\r\n' +
      '121.5,"Beta, ""Central""",B,31.2\r\n' +
      '116.4,"Alpha\nNorth Hall",A,39.9\n' +
      '\n' +
      '113.3, Gamma ,"G",23.1';
    const stops = readGtfsZip(zipSync({ 'stops.txt': strToU8(text) }), 'rail:').stops;
    expect(stops.map((s) => [s.id, s.name, s.lat, s.lon])).toEqual([
      ['rail:B', 'Beta, "Central"', 31.2, 121.5],
      ['rail:A', 'Alpha\nNorth Hall', 39.9, 116.4],
      ['rail:G', 'Gamma', 23.1, 113.3],
    ]);
  });

  it('reads times past midnight and refuses malformed ones', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 47 }),
        fc.integer({ min: 0, max: 59 }),
        fc.integer({ min: 0, max: 59 }),
        (h, m, s) => {
          const text = `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
          expect(parseGtfsTime(text)).toBe(h * 3600 + m * 60 + s);
        },
      ),
    );
    for (const bad of ['8:00', '08:0:00', 'noon', '', '1234:00:00', '08:00:0x', ' 8:00:00', '08-00-00', '+8:00:00'])
      expect(() => parseGtfsTime(bad), bad).toThrow();
  });

  it('puts each service day on the UTC clock with its own time-zone offset', () => {
    const feed = readGtfsZip(feedZip('Asia/Shanghai', '08:00:00', '12:28:00'));
    expect(feed.stops[1]?.name).toBe('Beta, Central');
    const { timetable: tt } = timetableFromGtfs([feed], {
      firstDate: '2026-12-01',
      days: 2,
      fares: flatFares,
      changeSeconds: () => 0,
    });
    // 08:00 in Beijing is 00:00 UTC; the second day's trip leaves 24 h later.
    expect(firstDepartures(tt)).toEqual([0, 86_400]);
  });

  it('follows daylight saving time from one service day to the next', () => {
    const feed = readGtfsZip(feedZip('America/New_York', '08:00:00', '10:00:00'));
    const { timetable: tt } = timetableFromGtfs([feed], {
      firstDate: '2026-03-07',
      days: 3,
      fares: flatFares,
      changeSeconds: () => 0,
    });
    // 8 March 2026 clocks go forward: 08:00 is 13:00 UTC before, 12:00 UTC from then on.
    expect(firstDepartures(tt)).toEqual([13 * 3600, 86_400 + 12 * 3600, 2 * 86_400 + 12 * 3600]);
  });
});

describe('the generated world flight timetable', () => {
  const zip = fs.readFileSync(path.resolve(import.meta.dirname, '../../../../data/gtfs/flights.zip'));
  const feed = readGtfsZip(zip);
  const loaded = timetableFromGtfs([feed], {
    firstDate: '2026-12-01',
    days: 2,
    fares: flatFares,
    changeSeconds: () => 90 * 60,
  });
  const engine = new McRaptor(loaded.timetable);
  const at = (codes: string[]) =>
    codes.flatMap((c) => {
      const stop = loaded.stopIndex.get(c);
      return stop === undefined ? [] : [{ stop, seconds: 0, price: 0 }];
    });

  it('has the size of a world network: tens of thousands of flights a day', () => {
    const tt = loaded.timetable;
    expect((tt.routeTripBase[tt.routeCount] as number) / 2).toBeGreaterThan(60_000);
    expect(loaded.stopIds.length).toBeGreaterThan(2_000);
  });

  it('flies Beijing to Shanghai nonstop', () => {
    const out = engine.plan({ departAt: 0, access: at(['PEK', 'PKX']), egress: at(['PVG', 'SHA']), maxTransfers: 1 });
    expect(out.some((o) => o.transfers === 0 && o.arrival < 12 * 3600)).toBe(true);
  });

  it('connects Chengdu to London, with a change where there is no nonstop', () => {
    const out = engine.plan({ departAt: 0, access: at(['CTU', 'TFU']), egress: at(['LHR', 'LGW']), maxTransfers: 2 });
    expect(out.length).toBeGreaterThan(0);
    const fastest = Math.min(...out.map((o) => o.arrival));
    expect(fastest).toBeLessThan(36 * 3600);
    expect(out.every((o) => o.price > 0)).toBe(true);
    const HUBS = [
      'PEK',
      'PKX',
      'PVG',
      'CAN',
      'HKG',
      'ICN',
      'NRT',
      'HND',
      'DXB',
      'DOH',
      'AUH',
      'IST',
      'SVO',
      'HEL',
      'AMS',
      'FRA',
      'MUC',
      'CDG',
      'ZRH',
      'VIE',
      'CPH',
      'BKK',
      'SIN',
      'KUL',
      'DEL',
    ];
    for (const o of out) {
      const rides = (o.legs ?? []).flatMap((l) => (l.kind === 'ride' ? [l] : []));
      expect(['CTU', 'TFU']).toContain(loaded.stopIds[rides[0]?.boardStop ?? -1]);
      expect(['LHR', 'LGW']).toContain(loaded.stopIds[rides.at(-1)?.alightStop ?? -1]);
      for (const ride of rides.slice(1)) expect(HUBS).toContain(loaded.stopIds[ride.boardStop]);
    }
  });
});

describe('flights and China Railway together', () => {
  const dir = path.resolve(import.meta.dirname, '../../../../data/gtfs');
  const feeds = [
    readGtfsZip(fs.readFileSync(path.join(dir, 'rail.zip')), 'rail:'),
    readGtfsZip(fs.readFileSync(path.join(dir, 'flights.zip')), 'air:'),
  ];
  const loaded = timetableFromGtfs(feeds, {
    firstDate: '2026-12-01',
    days: 2,
    fares: (type) => (type === 1100 ? { boardFee: 30000, perKm: 60 } : { boardFee: 0, perKm: type === 101 ? 46 : 30 }),
    changeSeconds: (id) => (id.startsWith('air:') ? 60 * 60 : 20 * 60),
    groundTransfers: (points) => taxiTransfers(points),
  });
  const at = (codes: string[]) =>
    codes.flatMap((c) => {
      const stop = loaded.stopIndex.get(c);
      return stop === undefined ? [] : [{ stop, seconds: 0, price: 0 }];
    });

  it('keeps an airport and a station apart when their codes are the same', () => {
    expect(loaded.stopIndex.get('air:HGH')).not.toBe(loaded.stopIndex.get('rail:HGH'));
    expect(loaded.stopIndex.has('air:HGH') && loaded.stopIndex.has('rail:HGH')).toBe(true);
  });

  it('plans door to door from an address in Beijing to one in Shanghai, by taxi, train or plane', () => {
    const grid = new StopGrid(loaded.stopPoints);
    const wangfujing = { lat: 39.9149, lon: 116.4108 };
    const lujiazui = { lat: 31.2397, lon: 121.4998 };
    const out = new McRaptor(loaded.timetable).plan({
      departAt: 0,
      access: taxiAccess(grid, loaded.stopPoints, wangfujing).slice(0, 20),
      egress: taxiAccess(grid, loaded.stopPoints, lujiazui).slice(0, 20),
      maxTransfers: 1,
    });
    const firstRide = (o: (typeof out)[number]) => (o.legs ?? []).find((l) => l.kind === 'ride');
    const byTrain = out.find(
      (o) => o.transfers === 0 && loaded.stopIds[firstRide(o)?.boardStop ?? -1]?.startsWith('rail:'),
    );
    const byAir = out.find(
      (o) => o.transfers === 0 && loaded.stopIds[firstRide(o)?.boardStop ?? -1]?.startsWith('air:'),
    );
    expect(byTrain).toBeDefined();
    expect(byAir).toBeDefined();
    // Door to door includes the taxi at both ends: more than the ride alone, in time and money.
    const trainRide = firstRide(byTrain as (typeof out)[number]);
    expect(byTrain?.arrival).toBeGreaterThan(trainRide?.kind === 'ride' ? trainRide.arrival : 0);
    expect(byTrain?.price).toBeGreaterThan(trainRide?.price ?? 0);
  });

  it('offers Beijing to Shanghai by high-speed train and by air, the train cheaper, the plane faster', () => {
    const out = new McRaptor(loaded.timetable).plan({
      departAt: 0,
      access: at(['rail:VNP', 'rail:BJP', 'air:PEK', 'air:PKX']),
      egress: at(['rail:AOH', 'rail:SHH', 'air:PVG', 'air:SHA']),
      maxTransfers: 1,
    });
    const name = (o: (typeof out)[number]) =>
      (o.legs ?? []).flatMap((l) => (l.kind === 'ride' ? [loaded.timetable.tripIds.at(l.trip) ?? ''] : []));
    const train = out.find((o) => o.transfers === 0 && name(o)[0]?.startsWith('G'));
    const plane = out.find(
      (o) => o.transfers === 0 && /^[A-Z0-9]{2}\d/.test(name(o)[0] ?? '') && !name(o)[0]?.startsWith('G'),
    );
    expect(train).toBeDefined();
    expect(plane).toBeDefined();
    expect((train?.arrival ?? 0) - 0).toBeLessThan(6 * 3600);
    expect(train?.price).toBeLessThan(plane?.price ?? 0);
    expect(plane?.arrival).toBeLessThan(train?.arrival ?? 0);
  });
});

describe('trips run by headway', () => {
  it('become one trip per departure of each period, times shifted alike, and leave other trips alone', () => {
    const trips = [
      { id: 'T', name: 'a' },
      { id: 'U', name: 'b' },
    ];
    const times = new Map([
      [
        'T',
        [
          { arrival: 21_600, departure: 21_600 },
          { arrival: 21_780, departure: 21_800 },
        ],
      ],
      ['U', [{ arrival: 0, departure: 0 }]],
    ]);
    const out = expandFrequencies(
      'trip_id,start_time,end_time,headway_secs,exact_times\nT,06:00:00,06:10:00,300,1\nT,07:00:00,07:06:00,360,1\n',
      trips,
      times,
    );
    expect(out.map((t) => t.id)).toEqual(['T@21600', 'T@21900', 'T@25200', 'U']);
    expect(out[1]).toEqual({ id: 'T@21900', name: 'a' });
    expect(times.get('T@25200')).toEqual([
      { arrival: 25_200, departure: 25_200 },
      { arrival: 25_380, departure: 25_400 },
    ]);
    expect(times.has('T')).toBe(false);
    expect(expandFrequencies('', trips, times)).toBe(trips);
  });
});
