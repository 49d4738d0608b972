import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { McRaptor } from '../raptor/raptor';
import { timetableFromGtfs } from './gtfs-timetable';
import { readGtfsZip } from './read-gtfs';

const zipFile = path.resolve(import.meta.dirname, '../../../../data/gtfs/metro.zip');

describe('the Shanghai Maglev in the generated metro timetable', () => {
  const feed = readGtfsZip(fs.readFileSync(zipFile), 'metro:');
  // 2026-12-05 is a Saturday; the epoch is its midnight UTC, 08:00 in Shanghai.
  const loaded = timetableFromGtfs([feed], {
    firstDate: '2026-12-05',
    days: 1,
    fares: () => ({ boardFee: 200, perKm: 15 }),
    changeSeconds: () => 3 * 60,
  });
  const engine = new McRaptor(loaded.timetable);
  const stopOf = (name: string) => {
    const stop = feed.stops.find((s) => s.name === name && s.id.startsWith('metro:sh-'));
    if (!stop) throw new Error(`no stop ${name}`);
    return loaded.stopIndex.get(stop.id) as number;
  };
  const lineOf = (trip: number) => {
    const id = (loaded.timetable.tripIds.at(trip) ?? '').split(' ')[0] ?? '';
    return feed.routes.get(id)?.shortName;
  };
  const plan = (from: string, to: string, departAt: number) =>
    engine.plan({
      departAt,
      access: [{ stop: stopOf(from), seconds: 0, price: 0 }],
      egress: [{ stop: stopOf(to), seconds: 0, price: 0 }],
      maxTransfers: 2,
    });
  const rides = (o: ReturnType<typeof plan>[number]) => (o.legs ?? []).flatMap((l) => (l.kind === 'ride' ? [l] : []));

  it('rides Line 2 from 陆家嘴 to 龙阳路 and the Maglev on to Pudong airport, sooner than Line 2 all the way', () => {
    // 10:00 in Shanghai.
    const out = plan('陆家嘴', '浦东国际机场', 2 * 3600);
    const byMaglev = out.find((o) => rides(o).some((r) => lineOf(r.trip) === 'Shanghai Maglev'));
    expect(byMaglev).toBeDefined();
    const legs = rides(byMaglev as (typeof out)[number]);
    expect(legs.map((r) => lineOf(r.trip))).toEqual(['Line 2', 'Shanghai Maglev']);
    const maglev = legs[1] as (typeof legs)[number];
    expect(maglev.boardStop).toBe(stopOf('龙阳路'));
    expect((maglev.arrival - maglev.departure) / 60).toBe(8);
    const line2Only = out.filter((o) => rides(o).every((r) => lineOf(r.trip) === 'Line 2'));
    for (const o of line2Only) expect(byMaglev?.arrival).toBeLessThan(o.arrival);
  });

  it('runs from the first train at 06:45 from 龙阳路 to the last at 21:40, and none after', () => {
    // 06:40 in Shanghai: the first Maglev leaves 龙阳路 at 06:45.
    const maglevRides = (departAt: number) =>
      plan('龙阳路', '浦东国际机场', departAt)
        .flatMap(rides)
        .filter((r) => lineOf(r.trip) === 'Shanghai Maglev');
    // Local minutes of the day from seconds after 08:00.
    const local = (seconds: number) => seconds / 60 + 8 * 60;
    expect(maglevRides(-80 * 60).map((r) => local(r.departure))).toContain(6 * 60 + 45);
    // 21:41: no Maglev leaves any more; Line 2 still runs.
    expect(maglevRides((13 * 60 + 40) * 60).map((r) => local(r.departure))).toEqual([21 * 60 + 40]);
    expect(maglevRides((13 * 60 + 41) * 60)).toEqual([]);
  });
});
