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
const byName = (name: string) => readCityMetro(DATASET_CITIES.find((c) => c.name === name) ?? DATASET_CITIES[0]);
const wuhan = byName('Wuhan');
const chongqing = byName('Chongqing');
const xian = byName("Xi'an");
const nanjing = byName('Nanjing');
const tianjin = byName('Tianjin');
const suzhou = byName('Suzhou');
const zhengzhou = byName('Zhengzhou');
const changsha = byName('Changsha');
const kunming = byName('Kunming');
const qingdao = byName('Qingdao');
const shenyang = byName('Shenyang');
const hefei = byName('Hefei');
const dalian = byName('Dalian');
const xiamen = byName('Xiamen');
const ningbo = byName('Ningbo');
const names = (metro: CityMetro, run: string[]) => run.map((id) => metro.stations.get(id)?.nameZh);
const line = (zh: string) => guangzhou.lines.find((l) => l.zh === zh);

describe('the metro of the cities of the East Asian metro dataset', () => {
  it('passes the build’s checks in every city: every line coloured, every run of two stations or more along the dataset’s links, no train faster than a metro, every station on a line', () => {
    for (const metro of DATASET_CITIES.map((c) => readCityMetro(c))) {
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

  it('lays out Wuhan’s lines in order, Line 6 through the link it shares with Line 16 and Line 2 to the Tianhe airport', () => {
    const run = (zh: string) => names(wuhan, wuhan.lines.find((l) => l.zh === zh)?.runs[0] ?? []);
    const six = run('6号线');
    expect(wuhan.lines.find((l) => l.zh === '6号线')?.runs).toHaveLength(1);
    expect([six[0], six.at(-1)].sort()).toEqual(['新城十一路', '东风公司'].sort());
    expect(Math.abs(six.indexOf('国博中心南') - six.indexOf('老关村'))).toBe(1);
    const two = run('2号线');
    expect([two[0], two.at(-1)].sort()).toEqual(['佛祖岭', '天河机场'].sort());
    expect(two).toHaveLength(38);
    const five = run('5号线');
    expect(five).toContain('司门口黄鹤楼');
    expect(five).toContain('武汉站东广场');
    const en = (zh: string) => [...wuhan.stations.values()].find((s) => s.nameZh === zh)?.nameEn;
    expect(en('汉口火车站')).toBe('Hankou Railway Station');
    expect(en('天河机场')).toBe('Tianhe Airport');
    expect(en('江汉路')).toBe('Jianghan Road');
    expect(wuhan.lines.map((l) => l.zh)).toHaveLength(12);
  });

  it('lays out Chongqing’s Loop Line as a loop, Line 3 from the airport to Yudong and its Konggang branch, and Line 10 by both airport terminals', () => {
    const runs = (zh: string) => (chongqing.lines.find((l) => l.zh === zh)?.runs ?? []).map((r) => names(chongqing, r));
    const loop = runs('环线').find((r) => r[0] === r.at(-1)) ?? [];
    expect(loop).toHaveLength(34);
    expect(loop).toContain('重庆西站');
    expect(loop).toContain('重庆北站南广场');
    const three = runs('3号线');
    expect(three).toHaveLength(2);
    expect(three.map((r) => [r[0], r.at(-1)].sort())).toContainEqual(['江北机场T2航站楼', '鱼洞'].sort());
    const ten = runs('10号线')[0] ?? [];
    expect(Math.abs(ten.indexOf('江北机场T2航站楼') - ten.indexOf('江北机场T3航站楼'))).toBe(1);
    const en = (zh: string) => [...chongqing.stations.values()].find((s) => s.nameZh === zh)?.nameEn;
    expect(en('重庆北站南广场')).toBe('Chongqing North Railway Station South Square');
    expect(en('重庆西站')).toBe('Chongqing West Railway Station');
    expect(en('小什字')).toBe('Xiaoshizi');
    // The Jiangtiao line's stations come without the city's name or "(地铁站)" in the dataset.
    expect(en('江津高铁')).toBe('Jiangjin Railway Station');
  });

  it('lays out Xi’an’s Line 8 as a loop and Line 14 from the airport by the North Railway Station, its stations named as Xi’an signs them', () => {
    const runs = (zh: string) => (xian.lines.find((l) => l.zh === zh)?.runs ?? []).map((r) => names(xian, r));
    const eight = runs('8号线');
    expect(eight).toHaveLength(1);
    expect(eight[0]?.[0]).toBe(eight[0]?.at(-1));
    expect(eight[0]).toHaveLength(38);
    const fourteen = runs('14号线')[0] ?? [];
    expect([fourteen[0], fourteen.at(-1)].sort()).toEqual(['机场西(T1/T2/T3)', '贺韶'].sort());
    expect(fourteen).toContain('西安北站');
    const en = (zh: string) => [...xian.stations.values()].find((s) => s.nameZh === zh)?.nameEn;
    expect(en('西安北站')).toBe("Xi'an North Railway Station");
    expect(en('西安站')).toBe("Xi'an Railway Station");
    expect(en('钟楼')).toBe('Bell Tower');
    expect(en('北大街')).toBe('Beidajie');
  });

  it('lays out Nanjing’s lines in order, Line S1 from the South Railway Station to the Lukou airport', () => {
    const run = (zh: string) => names(nanjing, nanjing.lines.find((l) => l.zh === zh)?.runs[0] ?? []);
    const s1 = run('S1号线');
    expect([s1[0], s1.at(-1)].sort()).toEqual(['南京南站', '空港新城江宁'].sort());
    expect(s1).toContain('禄口机场');
    const one = run('1号线');
    expect(one).toHaveLength(32);
    expect(Math.abs(one.indexOf('新街口') - one.indexOf('珠江路'))).toBe(1);
    expect(nanjing.lines).toHaveLength(13);
    const en = (zh: string) => [...nanjing.stations.values()].find((s) => s.nameZh === zh)?.nameEn;
    expect(en('南京南站')).toBe('Nanjing South Railway Station');
    expect(en('新街口')).toBe('Xinjiekou');
    expect(en('禄口机场')).toBe('Lukou Airport');
  });

  it('lays out Tianjin’s lines, Line 2 to the Binhai airport, and keeps the city’s name on its railway stations', () => {
    const runs = (zh: string) => (tianjin.lines.find((l) => l.zh === zh)?.runs ?? []).map((r) => names(tianjin, r));
    const two = runs('2号线')[0] ?? [];
    expect([two[0], two.at(-1)].sort()).toEqual(['曹庄', '滨海国际机场'].sort());
    expect(two).toContain('天津站');
    // Line 4 runs as two sections, as the dataset has them.
    expect(runs('4号线')).toHaveLength(2);
    const en = (zh: string) => [...tianjin.stations.values()].find((s) => s.nameZh === zh)?.nameEn;
    expect(en('天津西站')).toBe('Tianjin West Railway Station');
    expect(en('天津站')).toBe('Tianjin Railway Station');
    expect(en('营口道')).toBe('Yingkoudao');
  });

  it('lays out Suzhou’s lines, Line 2 by the North Railway Station and Line 11 to Huaqiao, and names its three railway stations', () => {
    const runs = (zh: string) => (suzhou.lines.find((l) => l.zh === zh)?.runs ?? []).map((r) => names(suzhou, r));
    const two = runs('2号线')[0] ?? [];
    expect([two[0], two.at(-1)].sort()).toEqual(['桑田岛', '骑河'].sort());
    expect(two).toContain('高铁苏州北站');
    expect(two).toContain('苏州火车站');
    const eleven = runs('11号线')[0] ?? [];
    expect([eleven[0], eleven.at(-1)].sort()).toEqual(['唯亭', '花桥'].sort());
    const en = (zh: string) => [...suzhou.stations.values()].find((s) => s.nameZh === zh)?.nameEn;
    expect(en('苏州火车站')).toBe('Suzhou Railway Station');
    expect(en('高铁苏州北站')).toBe('Suzhou North Railway Station');
    expect(en('苏州园区火车站')).toBe('Suzhou Industrial Park Railway Station');
    expect(en('乐桥')).toBe('Leqiao');
    // The dataset's hand-placed stations of Line 2's north and Line 11 are timed from their distance.
    expect(suzhou.repaired).toContain('富翔路–高铁苏州北站');
  });

  it('lays out Zhengzhou’s lines, Line 5 as one loop, the Chengjiao line to the airport and Line 10 to the West Railway Station', () => {
    const runs = (zh: string) => (zhengzhou.lines.find((l) => l.zh === zh)?.runs ?? []).map((r) => names(zhengzhou, r));
    // Line 5's two route ids (one each way round) are one line: a loop that ends where it starts.
    expect(zhengzhou.lines.filter((l) => l.zh === '5号线')).toHaveLength(1);
    const five = runs('5号线')[0] ?? [];
    expect(five[0]).toBe(five.at(-1));
    expect(new Set(five).size).toBe(32);
    const suburb = runs('城郊线')[0] ?? [];
    expect(suburb).toContain('新郑机场');
    expect([suburb[0], suburb.at(-1)].sort()).toEqual(['南四环', '郑州航空港站'].sort());
    const ten = runs('10号线')[0] ?? [];
    expect([ten[0], ten.at(-1)].sort()).toEqual(['郑州火车站', '郑州西站'].sort());
    const en = (zh: string) => [...zhengzhou.stations.values()].find((s) => s.nameZh === zh)?.nameEn;
    expect(en('郑州东站')).toBe('Zhengzhou East Railway Station');
    expect(en('郑州火车站')).toBe('Zhengzhou Railway Station');
    expect(en('新郑机场')).toBe('Xinzheng Airport');
    expect(en('紫荆山')).toBe('Zijingshan');
  });

  it('lays out Changsha’s lines at the dataset’s repaired places, Line 6 to the Huanghua airport, without the maglev', () => {
    const runs = (zh: string) => (changsha.lines.find((l) => l.zh === zh)?.runs ?? []).map((r) => names(changsha, r));
    const six = runs('6号线')[0] ?? [];
    expect([six[0], six.at(-1)].sort()).toEqual(['谢家桥', '黄花机场T1T2'].sort());
    const two = runs('2号线')[0] ?? [];
    expect([two[0], two.at(-1)].sort()).toEqual(['光达', '梅溪湖西'].sort());
    // The maglev runs at its own flat fare, not the metro's scale: it is not in the feed.
    expect(changsha.lines.map((l) => l.zh)).not.toContain('磁浮快线');
    const at = (zh: string) => [...changsha.stations.values()].find((s) => s.nameZh === zh);
    // Line 2's western stations lie by the Meixi Lake, 8 km west of Wuyi Square (the first file had them beside it).
    expect(at('梅溪湖东')?.lon).toBeLessThan(112.91);
    expect(at('长沙火车南站')?.nameEn).toBe('Changsha South Railway Station');
    expect(at('长沙火车站')?.nameEn).toBe('Changsha Railway Station');
    expect(at('五一广场')?.nameEn).toBe('Wuyi Square');
  });

  it('lays out Kunming’s lines, Line 1 with its branch to the South Railway Station and Line 6 to the Changshui airport', () => {
    const runs = (zh: string) => (kunming.lines.find((l) => l.zh === zh)?.runs ?? []).map((r) => names(kunming, r));
    const one = runs('1号线').map((r) => [r[0], r.at(-1)].sort());
    expect(one).toContainEqual(['大学城南', '环城南路'].sort());
    expect(one).toContainEqual(['春融街', '昆明南火车站'].sort());
    const six = runs('6号线')[0] ?? [];
    expect([six[0], six.at(-1)].sort()).toEqual(['塘子巷', '机场中心'].sort());
    expect(kunming.lines.map((l) => l.zh).sort()).toEqual(['1号线', '2号线', '3号线', '4号线', '5号线', '6号线']);
    const at = (zh: string) => [...kunming.stations.values()].find((s) => s.nameZh === zh);
    expect(at('昆明南火车站')?.nameEn).toBe('Kunming South Railway Station');
    expect(at('火车北站')?.nameEn).toBe('Kunming North Railway Station');
    expect(at('东风广场')?.nameEn).toBe('Dongfeng Square');
  });

  it('lays out Qingdao’s, Shenyang’s and Hefei’s lines, each with its railway stations and airport line', () => {
    const ends = (metro: CityMetro, zh: string) =>
      (metro.lines.find((l) => l.zh === zh)?.runs ?? []).map((r) =>
        [names(metro, r)[0], names(metro, r).at(-1)].sort(),
      );
    const at = (metro: CityMetro, zh: string) => [...metro.stations.values()].find((s) => s.nameZh === zh);
    // Qingdao's Line 8 runs from Jiaozhou North by the Jiaodong airport to Qingdao North.
    expect(ends(qingdao, '8号线')).toContainEqual(['胶州北站', '青岛北站'].sort());
    expect(names(qingdao, qingdao.lines.find((l) => l.zh === '8号线')?.runs[0] ?? [])).toContain('胶东机场');
    expect(at(qingdao, '青岛站')?.nameEn).toBe('Qingdao Railway Station');
    expect(at(qingdao, '江西路')?.nameEn).toBe('Jiangxi Lu');
    // Shenyang's Line 2 from the Taoxian airport by the North Railway Station; Line 1 by Shenyang Station.
    expect(ends(shenyang, '2号线')).toContainEqual(['桃仙机场', '蒲田路'].sort());
    expect(names(shenyang, shenyang.lines.find((l) => l.zh === '1号线')?.runs[0] ?? [])).toContain('沈阳站');
    expect(at(shenyang, '沈阳北站')?.nameEn).toBe('Shenyang North Railway Station');
    // Hefei's Line 1 calls at both the South Railway Station and Hefei Railway Station; Line 4 has its branch.
    const one = names(hefei, hefei.lines.find((l) => l.zh === '1号线')?.runs[0] ?? []);
    expect(one).toEqual(expect.arrayContaining(['合肥南站', '合肥火车站']));
    expect(hefei.lines.find((l) => l.zh === '4号线')?.runs.length).toBe(2);
    expect(at(hefei, '淮南路')?.nameEn).toBe('Huainan Lu');
  });

  it('lays out Dalian’s, Xiamen’s and Ningbo’s lines, Line 3 of Dalian with its branch and Ningbo’s Line 2 to the airport', () => {
    const ends = (metro: CityMetro, zh: string) =>
      (metro.lines.find((l) => l.zh === zh)?.runs ?? []).map((r) =>
        [names(metro, r)[0], names(metro, r).at(-1)].sort(),
      );
    const at = (metro: CityMetro, zh: string) => [...metro.stations.values()].find((s) => s.nameZh === zh);
    expect(ends(dalian, '3号线')).toEqual(
      expect.arrayContaining([['大连站', '金石滩'].sort(), ['九里', '开发区'].sort()]),
    );
    expect(ends(dalian, '2号线')).toContainEqual(['大连北站', '海之韵'].sort());
    expect(at(dalian, '机场')?.nameEn).toBe('Zhoushuizi Airport');
    expect(at(dalian, '华北路')?.nameEn).toBe('Huabei Lu');
    expect(ends(xiamen, '1号线')).toContainEqual(['岩内', '镇海路'].sort());
    expect(names(xiamen, xiamen.lines.find((l) => l.zh === '1号线')?.runs[0] ?? [])).toContain('厦门北站');
    expect(at(xiamen, '厦门火车站')?.nameEn).toBe('Xiamen Railway Station');
    expect(ends(ningbo, '2号线')).toContainEqual(['栎社国际机场', '红联'].sort());
    expect(names(ningbo, ningbo.lines.find((l) => l.zh === '2号线')?.runs[0] ?? [])).toContain('宁波火车站');
    expect(at(ningbo, '栎社国际机场')?.nameEn).toBe('Lishe International Airport');
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
    // A railway station named by the city alone keeps the city's name: "西安南站", never "南站".
    expect(stationNameZh('西安南站(地铁站)', '西安')).toBe('西安南站');
    expect(stationNameZh('西安站(地铁站)', '西安')).toBe('西安站');
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
