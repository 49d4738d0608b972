import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { McRaptor } from '../raptor/raptor';
import { timetableFromGtfs } from './gtfs-timetable';
import { readGtfsZip } from './read-gtfs';

const zipFile = path.resolve(import.meta.dirname, '../../../../data/gtfs/metro.zip');

describe('the generated Beijing metro timetable', () => {
  const feed = readGtfsZip(fs.readFileSync(zipFile), 'metro:');
  // 2026-12-01 is a Tuesday; the epoch is its midnight UTC, 08:00 in Beijing.
  const loaded = timetableFromGtfs([feed], {
    firstDate: '2026-12-01',
    days: 1,
    fares: () => ({ boardFee: 200, perKm: 15 }),
    changeSeconds: () => 3 * 60,
  });
  const engine = new McRaptor(loaded.timetable);
  const stopOf = (name: string) => {
    const stop = feed.stops.find((s) => s.name === name);
    if (!stop) throw new Error(`no stop ${name}`);
    return loaded.stopIndex.get(stop.id) as number;
  };
  const lineOf = (trip: number) => {
    const id = (loaded.timetable.tripIds.at(trip) ?? '').split(' ')[0] ?? '';
    return feed.routes.get(id)?.shortName;
  };
  const ride = (from: string, to: string, departAt: number) => {
    const out = engine.plan({
      departAt,
      access: [{ stop: stopOf(from), seconds: 0, price: 0 }],
      egress: [{ stop: stopOf(to), seconds: 0, price: 0 }],
      maxTransfers: 2,
    });
    const direct = out.find((o) => o.transfers === 0);
    const legs = (direct?.legs ?? []).flatMap((l) => (l.kind === 'ride' ? [l] : []));
    return { out, direct, legs };
  };

  it('has the lines and the stations of the network', () => {
    expect(feed.routes.size).toBeGreaterThanOrEqual(25);
    expect(feed.stops.length).toBeGreaterThan(400);
    expect(feed.stops.find((s) => s.name === '西直门')?.nameEn).toBe('Xizhimen');
  });

  it('rides Line 4 from 西单 to 北京南站 directly, in about a quarter of an hour', () => {
    const { direct, legs } = ride('西单', '北京南站', 2 * 3600);
    expect(direct).toBeDefined();
    expect(legs).toHaveLength(1);
    const leg = legs[0] as (typeof legs)[number];
    expect(lineOf(leg.trip)).toBe('Line 4');
    const minutes = (leg.arrival - leg.departure) / 60;
    expect(minutes).toBeGreaterThanOrEqual(6);
    expect(minutes).toBeLessThanOrEqual(15);
    // At 10:00 a Line 4 train comes within a few minutes.
    expect(leg.departure - 2 * 3600).toBeLessThan(10 * 60);
  });

  it('takes the Capital Airport Express from 东直门 to terminal 3', () => {
    const { direct, legs } = ride('东直门', '3号航站楼', 2 * 3600);
    expect(direct).toBeDefined();
    const leg = legs[0] as (typeof legs)[number];
    expect(lineOf(leg.trip)).toBe('Capital Airport Express');
    const minutes = (leg.arrival - leg.departure) / 60;
    expect(minutes).toBeGreaterThan(15);
    expect(minutes).toBeLessThan(35);
  });

  it('changes lines at a shared station: 西单 to 3号航站楼 needs a change', () => {
    const { out } = ride('西单', '3号航站楼', 2 * 3600);
    expect(out.length).toBeGreaterThan(0);
    const fastest = out.reduce((a, b) => (a.arrival <= b.arrival ? a : b));
    expect(fastest.transfers).toBeGreaterThanOrEqual(1);
    expect(fastest.arrival - 2 * 3600).toBeLessThan(90 * 60);
  });
});
