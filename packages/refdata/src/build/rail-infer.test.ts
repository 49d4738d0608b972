import { describe, expect, it } from 'vitest';
import type { RawPlace } from '../types';
import { inferCalls, LineUsage } from './rail-infer';
import { StationResolver } from './rail-sources';

const station = (code: string, nameZh: string, lat: number, lon: number): RawPlace => ({
  id: code.charCodeAt(0) * 1000 + code.charCodeAt(1),
  kind: 'station',
  code,
  cityCode: '',
  nameEn: code,
  nameZh,
  country: 'CN',
  tz: 'Asia/Shanghai',
  lat,
  lon,
  rank: 1,
});

// Two cities on one line, each with a high-speed station and an old one in the centre.
const A = station('AAA', '甲', 32.0, 118.8);
const aSouth = station('AAN', '甲南', 31.97, 118.8);
const B = station('BBB', '乙', 30.29, 120.18);
const bEast = station('BBE', '乙东', 30.29, 120.21);
const start = station('SSS', '始', 34.0, 116.0);
const end = station('EEE', '终', 28.0, 121.0);
const all = [A, aSouth, B, bEast, start, end];

function context() {
  const usage = new LineUsage();
  // High-speed trains of the segment data call at 甲南 then 乙东; sleeper trains at 甲 then 乙.
  for (let n = 0; n < 5; n++) usage.add('hs', n, ['始', '甲南', '乙东', '终']);
  for (let n = 5; n < 8; n++) usage.add('conv', n, ['始', '甲', '乙', '终']);
  const byCity = new Map([
    ['甲城', [A, aSouth]],
    ['乙城', [B, bEast]],
  ]);
  return { byCity, usage, resolver: new StationResolver(all) };
}

const keyCityTrain = (times: [string, string][]) => ({
  start: '始',
  end: '终',
  route: ['始城', '甲城', '乙城', '终城'].map((city, i) => ({
    city,
    arrival: (times[i] as [string, string])[0],
    departure: (times[i] as [string, string])[1],
  })),
});

describe('calls inferred from a train’s key cities', () => {
  it('take in each city the station its family’s trains use, timed by the key-city timetable', () => {
    const g = inferCalls(
      'G',
      keyCityTrain([
        ['-', '8:00'],
        ['9:10', '9:12'],
        ['10:20', '10:22'],
        ['11:30', '-'],
      ]),
      context(),
    );
    expect(g?.map((c) => c.station)).toEqual(['SSS', 'AAN', 'BBE', 'EEE']);
    expect(g?.map((c) => [c.arr, c.dep])).toEqual([
      [480, 480],
      [550, 552],
      [620, 622],
      [690, 690],
    ]);
    const k = inferCalls(
      'K',
      keyCityTrain([
        ['-', '20:00'],
        ['24:10', '24:20'],
        ['27:20', '27:30'],
        ['30:00', '-'],
      ]),
      context(),
    );
    expect(k?.map((c) => c.station)).toEqual(['SSS', 'AAA', 'BBB', 'EEE']);
    expect(k?.at(-1)?.arr).toBe(1800);
  });

  it('leave out a call in a city with no station of ours, and give up without an end station', () => {
    const train = keyCityTrain([
      ['-', '8:00'],
      ['9:10', '9:12'],
      ['10:20', '10:22'],
      ['11:30', '-'],
    ]);
    const noCity = { ...train, route: train.route.map((r, i) => (i === 2 ? { ...r, city: '丙城' } : r)) };
    expect(inferCalls('G', noCity, context())?.map((c) => c.station)).toEqual(['SSS', 'AAN', 'EEE']);
    expect(inferCalls('G', { ...train, end: '无此站' }, context())).toBeNull();
  });
});
