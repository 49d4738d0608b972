import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import {
  CITY_METRO_SERVICE,
  type CityMetro,
  DATASET_CITIES,
  metroNameEn,
  metroProblems,
  readCityMetro,
  stationNameZh,
  withoutShortcuts,
} from './gtfs-metro-cities';
import { DATA_DIR } from './sources';

const guangzhou = readCityMetro(DATASET_CITIES[0]);
const shenzhen = readCityMetro(DATASET_CITIES[1]);
const chengdu = readCityMetro(DATASET_CITIES[2]);
const hangzhou = readCityMetro(DATASET_CITIES[3]);
const names = (metro: CityMetro, run: string[]) => run.map((id) => metro.stations.get(id)?.nameZh);
const line = (zh: string) => guangzhou.lines.find((l) => l.zh === zh);

describe('the metro of the cities of the East Asian metro dataset', () => {
  it('passes the build’s checks in every city: every line coloured, every run of two stations or more along the dataset’s links, no train faster than a metro, every station on a line', () => {
    for (const metro of [guangzhou, shenzhen, chengdu, hangzhou]) {
      expect(metroProblems(metro)).toEqual([]);
      for (const l of metro.lines) {
        expect(l.colour).toMatch(/^[0-9A-F]{6}$/);
        for (const run of l.runs) expect(run.length).toBeGreaterThanOrEqual(2);
      }
      const served = new Set(metro.lines.flatMap((l) => l.runs.flat()));
      expect([...metro.stations.keys()].filter((id) => !served.has(id))).toEqual([]);
    }
  });

  it('leaves out a link that passes stations its line calls at, so Shenzhen’s Line 2/8 calls at every station from Chiwan to Xiaomeisha', () => {
    const at = (lon: number) => ({ lat: 22.5, lon });
    const where: Record<string, { lat: number; lon: number }> = {
      a: at(113.9),
      b: at(113.91),
      c: at(113.92),
      d: at(113.93),
    };
    const link = (a: string, b: string) => ({ a, b, seconds: 120, routes: ['2'] });
    const kept = withoutShortcuts(
      [link('a', 'b'), link('b', 'c'), link('c', 'd'), link('a', 'd')],
      (id) => where[id] as never,
    );
    expect(kept.map((l) => `${l.a}${l.b}`)).toEqual(['ab', 'bc', 'cd']);
    const line28 = shenzhen.lines.find((l) => l.zh === '2号线/8号线');
    expect(line28?.runs).toHaveLength(1);
    const order = names(shenzhen, line28?.runs[0] ?? []);
    expect([order[0], order.at(-1)].sort()).toEqual(['小梅沙', '赤湾'].sort());
    expect(order).toHaveLength(42);
    const i = order.indexOf('后海');
    expect([order[i - 1], order[i + 1]].sort()).toEqual(['登良', '科苑'].sort());
    // The shortcut Futian–Gangxia North of Line 2/8 is Line 11’s own track.
    const eleven = names(shenzhen, shenzhen.lines.find((l) => l.zh === '11号线')?.runs[0] ?? []);
    expect(Math.abs(eleven.indexOf('福田') - eleven.indexOf('岗厦北'))).toBe(1);
    expect(shenzhen.shortcuts).toContain('湾厦–后海');
  });

  it('lays out Chengdu’s Line 7 as a loop and its Line 18 once, from South Railway Station to the Tianfu airport', () => {
    const seven = chengdu.lines.find((l) => l.zh === '7号线');
    expect(seven?.runs).toHaveLength(1);
    const loop = seven?.runs[0] ?? [];
    expect(loop[0]).toBe(loop.at(-1));
    expect(loop).toHaveLength(32);
    const eighteen = chengdu.lines.find((l) => l.zh === '18号线');
    // Two route ids of the dataset are Line 18: the whole line and its airport section, one run.
    expect(eighteen?.runs).toHaveLength(1);
    const order = names(chengdu, eighteen?.runs[0] ?? []);
    expect([order[0], order.at(-1)].sort()).toEqual(['天府机场北', '火车南站'].sort());
    const en = (zh: string) => [...chengdu.stations.values()].find((s) => s.nameZh === zh)?.nameEn;
    expect(en('天府机场1号2号航站楼')).toBe('Tianfu Airport Terminals 1 & 2');
    expect(en('春熙路')).toBe('Chunxi Road');
    expect(en('迎宾大道')).toBe('Yingbin Avenue');
  });

  it('lays out Hangzhou’s lines with their branches, Line 19 from the West Railway Station to the Xiaoshan airport', () => {
    const three = (hangzhou.lines.find((l) => l.zh === '3号线')?.runs ?? []).map((r) => names(hangzhou, r));
    expect(three).toHaveLength(2);
    expect(three.some((r) => r.includes('石马') && r.includes('西溪湿地南'))).toBe(true);
    const nineteen = names(hangzhou, hangzhou.lines.find((l) => l.zh === '19号线')?.runs[0] ?? []);
    expect([nineteen[0], nineteen.at(-1)].sort()).toEqual(['永盛路', '火车西站'].sort());
    expect(nineteen).toContain('萧山国际机场');
    const en = (zh: string) => [...hangzhou.stations.values()].find((s) => s.nameZh === zh)?.nameEn;
    expect(en('火车东站')).toBe('Hangzhou East Railway Station');
    expect(en('凤起路')).toBe('Fengqi Road');
  });

  it('finds what is wrong: a run of one station, a pair of stations with no link, and a train faster than any metro', () => {
    const at = (lat: number) => ({ nameEn: '', lat, lon: 113.3 });
    const metro: CityMetro = {
      code: 'CAN',
      stations: new Map([
        ['a', { id: 'a', nameZh: '甲', ...at(23.0) }],
        ['b', { id: 'b', nameZh: '乙', ...at(23.1) }],
        ['c', { id: 'c', nameZh: '丙', ...at(23.2) }],
      ]),
      // 11 km in two minutes: 333 km/h.
      seconds: new Map([
        ['a|b', 120],
        ['b|a', 120],
      ]),
      lines: [{ zh: '1号线', en: 'Line 1', colour: '', headwayMin: 5, runs: [['a', 'b', 'c'], ['a']] }],
      repaired: [],
      shortcuts: [],
    };
    const problems = metroProblems(metro);
    expect(problems).toContain('1号线: no colour');
    expect(problems).toContain('1号线: a run of 1 station');
    expect(problems).toContain('1号线: no link b–c');
    expect(problems.some((p) => /甲–乙 at \d+ km\/h/.test(p))).toBe(true);
  });

  it('lays each line out in running order, a loop closed on itself and a branch as a run of its own', () => {
    const one = line('1号线')?.runs[0] ?? [];
    const order = names(guangzhou, one);
    const ends = [order[0], order.at(-1)].sort();
    expect(ends).toEqual(['广州东站', '西塱'].sort());
    const i = order.indexOf('体育西路');
    expect([order[i - 1], order[i + 1]].sort()).toEqual(['体育中心', '杨箕'].sort());
    // Line 11 is a loop: its run ends where it starts.
    const loop = line('11号线')?.runs[0] ?? [];
    expect(loop[0]).toBe(loop.at(-1));
    // Line 3 has its Tianhe branch as a second run from 体育西路.
    const three = (line('3号线')?.runs ?? []).map((r) => names(guangzhou, r));
    expect(three.some((r) => r.includes('天河客运站') && r.includes('体育西路'))).toBe(true);
    expect(three.some((r) => r.includes('机场北(2号航站楼)') && r.includes('番禺广场'))).toBe(true);
  });

  it('keeps an interchange one stop, shared by its lines, with the same time between two stations both ways', () => {
    const tiyuxilu = [...guangzhou.stations.values()].find((s) => s.nameZh === '体育西路')?.id as string;
    const through = guangzhou.lines.filter((l) => l.runs.some((r) => r.includes(tiyuxilu))).map((l) => l.zh);
    expect(through.sort()).toEqual(['1号线', '3号线']);
    for (const [key, s] of guangzhou.seconds) {
      const [a, b] = key.split('|');
      expect(guangzhou.seconds.get(`${b}|${a}`)).toBe(s);
      expect(s).toBeGreaterThanOrEqual(CITY_METRO_SERVICE.minRunSeconds);
    }
  });

  it('names stations in both languages as travellers read them', () => {
    expect(stationNameZh('广州体育西路(地铁站)', '广州')).toBe('体育西路');
    expect(stationNameZh('广州广州东站(地铁站)', '广州')).toBe('广州东站');
    expect(metroNameEn('体育西路', '广州', 'Guangzhou')).toBe('Tiyu Xilu');
    expect(metroNameEn('广州东站', '广州', 'Guangzhou')).toBe('Guangzhou East Railway Station');
    expect(metroNameEn('广州火车站', '广州', 'Guangzhou')).toBe('Guangzhou Railway Station');
    expect(metroNameEn('机场南(1号航站楼)', '广州', 'Guangzhou')).toBe('Airport South (Terminal 1)');
    expect(metroNameEn('海珠广场', '广州', 'Guangzhou')).toBe('Haizhu Square');
    expect(metroNameEn('宝安', '深圳', 'Shenzhen', 'english')).toBe("Bao'an");
    expect(metroNameEn('华强路', '深圳', 'Shenzhen', 'english')).toBe('Huaqiang Road');
    expect(metroNameEn('红树湾南', '深圳', 'Shenzhen', 'english')).toBe('Hongshuwan South');
    expect(metroNameEn('莲塘口岸', '深圳', 'Shenzhen', 'english')).toBe('Liantang Port');
    const sz = (zh: string) => [...shenzhen.stations.values()].find((s) => s.nameZh === zh)?.nameEn;
    // Names the operator signs in English, and place names read as Shenzhen reads them.
    expect(sz('世界之窗')).toBe('Window of the World');
    expect(sz('岗厦北')).toBe('Gangxia North');
    expect(sz('深圳北站')).toBe('Shenzhen North Station');
  });

  it('writes Guangzhou into the metro feed as its own agency, lines in colour, run by headway from 06:00 to 23:00', () => {
    const zip = unzipSync(new Uint8Array(fs.readFileSync(path.join(DATA_DIR, 'gtfs', 'metro.zip'))));
    const csv = (name: string): Record<string, string>[] =>
      parse(strFromU8(zip[name] as Uint8Array), { columns: true, skip_empty_lines: true });
    expect(csv('agency.txt').map((a) => a.agency_id)).toEqual(expect.arrayContaining(['GZMETRO', 'SZMETRO']));
    const shenzhenRoutes = csv('routes.txt').filter((r) => r.agency_id === 'SZMETRO');
    expect(shenzhenRoutes.length).toBe(shenzhen.lines.length);
    expect(shenzhenRoutes.find((r) => r.route_long_name === '1号线')?.route_color).toBe('00B140');
    const routes = csv('routes.txt').filter((r) => r.agency_id === 'GZMETRO');
    expect(routes.length).toBe(guangzhou.lines.length);
    expect(routes.find((r) => r.route_long_name === '1号线')?.route_color).toBe('F3D03E');
    const trips = new Set(
      csv('trips.txt')
        .filter((t) => t.route_id?.startsWith('GZ'))
        .map((t) => t.trip_id),
    );
    const periods = csv('frequencies.txt').filter((f) => trips.has(f.trip_id));
    expect(Math.min(...periods.map((f) => Number(f.start_time?.slice(0, 2))))).toBe(6);
    expect(Math.max(...periods.map((f) => Number(f.end_time?.slice(0, 2))))).toBe(23);
    for (const f of periods) {
      expect(Number(f.headway_secs)).toBeGreaterThanOrEqual(CITY_METRO_SERVICE.minHeadwayMin * 60);
      expect(Number(f.headway_secs)).toBeLessThanOrEqual(CITY_METRO_SERVICE.maxHeadwayMin * 60);
    }
  });
});
