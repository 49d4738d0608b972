import { describe, expect, it } from 'vitest';
import { type CityMetro, DATASET_CITIES, metroProblems, readCityMetro } from './gtfs-metro-cities';

const city = (name: string) => {
  const found = DATASET_CITIES.find((c) => c.name === name);
  if (!found) throw new Error(`no metro for ${name}`);
  return readCityMetro(found);
};
const names = (metro: CityMetro, run: string[]) => run.map((id) => metro.stations.get(id)?.nameZh);
const runs = (metro: CityMetro, zh: string) => metro.lines.find((l) => l.zh === zh)?.runs ?? [];
const ends = (metro: CityMetro, zh: string) =>
  runs(metro, zh).map((r) => [names(metro, r)[0], names(metro, r).at(-1)].sort());
const at = (metro: CityMetro, zh: string) => [...metro.stations.values()].find((s) => s.nameZh === zh);

describe('the metro of Jinan and Harbin', () => {
  const jinan = city('Jinan');
  const harbin = city('Harbin');

  it('lays out Jinan’s three lines, Line 1 by the West Railway Station and Line 3 by the East one, meeting Line 2 at 王府庄 and 八涧堡', () => {
    expect(metroProblems(jinan)).toEqual([]);
    expect(jinan.stations.size).toBe(46);
    expect(ends(jinan, '1号线')).toEqual([['工研院', '方特'].sort()]);
    expect(ends(jinan, '2号线')).toEqual([['彭家庄', '王府庄'].sort()]);
    expect(ends(jinan, '3号线')).toEqual([['机场南', '龙洞'].sort()]);
    expect(names(jinan, runs(jinan, '1号线')[0] ?? [])).toEqual(expect.arrayContaining(['济南西站', '王府庄']));
    expect(names(jinan, runs(jinan, '3号线')[0] ?? [])).toEqual(expect.arrayContaining(['济南东站', '八涧堡']));
    expect(at(jinan, '济南西站')?.nameEn).toBe('Jinan West Railway Station');
    expect(at(jinan, '济南站北')?.nameEn).toBe('Jinan Railway Station North');
  });

  it('lays out Harbin’s Line 3 as one loop through its four interchanges, Lines 1 and 2 to the railway stations', () => {
    expect(metroProblems(harbin)).toEqual([]);
    expect(harbin.stations.size).toBe(73);
    const loop = runs(harbin, '3号线');
    expect(loop).toHaveLength(1);
    const lap = names(harbin, loop[0] ?? []);
    expect(lap[0]).toBe(lap.at(-1));
    expect(new Set(lap).size).toBe(36);
    expect(lap).toEqual(expect.arrayContaining(['太平桥', '医大二院', '人民广场', '珠江路']));
    expect(ends(harbin, '1号线')).toEqual([['哈尔滨东站', '新疆大街'].sort()]);
    expect(names(harbin, runs(harbin, '1号线')[0] ?? [])).toContain('哈尔滨南站');
    expect(ends(harbin, '2号线')).toEqual([['江北大学城', '气象台'].sort()]);
    expect(names(harbin, runs(harbin, '2号线')[0] ?? [])).toEqual(expect.arrayContaining(['哈尔滨北站', '哈尔滨站']));
    expect(at(harbin, '哈工大')?.nameEn).toBe('Harbin Institute of Technology');
  });
});
