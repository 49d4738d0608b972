import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRefdata } from './index';
import { freeCityCode, placeCodeCollisions } from './place-codes';
import type { RawPlace } from './types';

const place = (p: Partial<RawPlace> & Pick<RawPlace, 'id' | 'kind' | 'code'>): RawPlace => ({
  cityCode: p.code,
  nameEn: `place ${p.id}`,
  nameZh: '',
  country: 'CN',
  tz: 'Asia/Shanghai',
  lat: 0,
  lon: 0,
  rank: 0,
  ...p,
});

describe('city codes (data/SOURCES.md)', () => {
  it('are unique in the generated data: no city shares its code with another city or an airport elsewhere', () => {
    const all = JSON.parse(
      fs.readFileSync(path.resolve(import.meta.dirname, '../generated/places.json'), 'utf8'),
    ) as RawPlace[];
    expect(placeCodeCollisions(all)).toEqual([]);
    const { places } = loadRefdata();
    // The codes of spec §5 reach one place each: Zhoushan and Huangshi, London and Luohe no longer share one.
    for (const [code, name] of [
      ['HSN', 'Zhoushan'],
      ['LON', 'London'],
      ['XNN', 'Xining'],
      ['KSH', 'Kermanshah'],
    ]) {
      expect(
        places
          .findByCode(code as string)
          .filter((p) => p.kind === 'city')
          .map((p) => p.nameEn),
      ).toEqual([name]);
    }
    expect(places.findByZh('苏州', false).find((p) => p.kind === 'city')?.code).not.toBe('KSH');
  });

  it('finds two cities with one code, a city with an airport elsewhere, and a made code on a station elsewhere', () => {
    const twoCities = [place({ id: 1, kind: 'city', code: 'HSN' }), place({ id: 2, kind: 'city', code: 'HSN' })];
    expect(placeCodeCollisions(twoCities)).toHaveLength(1);
    const airportElsewhere = [
      place({ id: 1, kind: 'city', code: 'LON' }),
      place({ id: 2, kind: 'city', code: 'LHR' }),
      place({ id: 3, kind: 'airport', code: 'LON', cityId: 2 }),
    ];
    expect(placeCodeCollisions(airportElsewhere)).toHaveLength(1);
    const stationElsewhere = [
      place({ id: 1, kind: 'city', code: 'KSH' }),
      place({ id: 2, kind: 'city', code: 'SZH' }),
      place({ id: 3, kind: 'station', code: 'KSH', cityId: 2 }),
    ];
    expect(placeCodeCollisions(stationElsewhere)).toHaveLength(1);
    // A city with airports keeps its IATA code even where a railway telecode elsewhere is the same.
    const iataCity = [...stationElsewhere, place({ id: 4, kind: 'airport', code: 'KSA', cityId: 1 })];
    expect(placeCodeCollisions(iataCity)).toEqual([]);
  });

  it('makes a free code from the letters of the name', () => {
    const taken = new Set(['LUO', 'LUH']);
    expect(freeCityCode('Luohe', taken)).toBe('LUE');
    expect(taken.has('LUE')).toBe(true);
    expect(freeCityCode('Luohe', taken)).toBe('LOH');
  });
});
