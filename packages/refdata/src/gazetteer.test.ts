import { distanceKm } from '@junction/domain';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { readCsv } from './build/sources';
import type { Gazetteer } from './gazetteer';
import { loadGazetteer, loadRefdata, type Refdata } from './index';

let gazetteer: Gazetteer;
let refdata: Refdata;
beforeAll(() => {
  gazetteer = loadGazetteer();
  refdata = loadRefdata();
});

const first = (keyword: string) => gazetteer.search(keyword, 5)[0]?.entry;

describe('the offline gazetteer', () => {
  it.each([
    ['王府井', 'Wangfujing', 39.9125, 116.4105],
    ['wangfujing', 'Wangfujing', 39.9125, 116.4105],
    ['陆家嘴', 'Lujiazui', 31.2363, 121.5055],
    ['国贸', 'Guomao (Beijing CBD)', 39.9087, 116.4594],
    ['tiananmen', 'Tiananmen', 39.9087, 116.3975],
  ])('finds %s at its place', (keyword, nameEn, lat, lon) => {
    const hit = first(keyword);
    expect(hit?.nameEn).toBe(nameEn);
    expect(distanceKm(hit ?? { lat: 0, lon: 0 }, { lat, lon })).toBeLessThan(0.3);
  });

  it('finds landmarks by a name in brackets, districts without 区, and metro stations of the feed', () => {
    expect(first('鸟巢')?.nameEn).toBe("National Stadium (Bird's Nest)");
    expect(first('海淀')).toMatchObject({ kind: 'district', nameZh: '海淀区', cityCode: 'BJS' });
    expect(gazetteer.search('guomao', 5).map((h) => h.entry.kind)).toContain('metro');
    expect(first('天河区')).toMatchObject({ kind: 'district', cityCode: 'CAN' });
  });

  it('finds towns worldwide by their English name, and stays quiet for keywords too short to mean a door', () => {
    expect(gazetteer.search('Springfield', 5).length).toBeGreaterThan(1);
    expect(gazetteer.search('Springfield', 5).every((h) => h.entry.kind === 'town')).toBe(true);
    expect(gazetteer.search('北', 5)).toEqual([]);
    expect(gazetteer.search('wa', 5)).toEqual([]);
  });

  it('finds every curated landmark by its Chinese name, its pinyin and its English name', () => {
    const rows = readCsv('curated/landmarks.csv');
    fc.assert(
      fc.property(fc.constantFrom(...rows), (row) => {
        for (const keyword of [row.name_zh ?? '', row.name_en ?? '']) {
          const hits = gazetteer.search(keyword, 30).map((h) => h.entry);
          expect(
            hits.some((e) => e.nameZh === row.name_zh && e.cityCode === row.city),
            keyword,
          ).toBe(true);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('puts every curated landmark within its city (no swapped or mistyped coordinates)', () => {
    for (const row of readCsv('curated/landmarks.csv')) {
      const city = refdata.places.findByCode(row.city ?? '').find((p) => p.kind === 'city');
      expect(city, row.city).toBeDefined();
      const km = distanceKm({ lat: Number(row.lat), lon: Number(row.lon) }, city ?? { lat: 0, lon: 0 });
      expect(km, `${row.name_zh} ${km.toFixed(0)} km from ${row.city}`).toBeLessThan(110);
    }
  });

  it('names a point after the nearest landmark or station, and a remote point after its town', () => {
    expect(gazetteer.nearest({ lat: 39.9126, lon: 116.4104 })?.entry.nameZh).toBe('王府井');
    const paris = gazetteer.nearest({ lat: 48.853, lon: 2.349 });
    expect(paris?.entry).toMatchObject({ kind: 'town', country: 'FR' });
    expect(gazetteer.nearest({ lat: 0, lon: -140 })).toBeUndefined();
  });

  it('answers any keyword without throwing, each hit matching it', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), (keyword) => {
        for (const hit of gazetteer.search(keyword, 5)) expect(hit.score).toBeGreaterThan(0);
      }),
    );
  });
});
