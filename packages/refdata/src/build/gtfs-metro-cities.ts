import { pinyin } from 'pinyin-pro';
import { kmBetween } from './gtfs-metro';
import { lineRuns } from './gtfs-metro-shanghai';
import type { MetroTables } from './gtfs-zip';
import { stationNameEn } from './places';
import { readCsv } from './sources';

/**
 * The cities whose metro comes from the East Asian metro dataset (`data/raw/east-asian-metro/`, CC BY 4.0):
 * the file's name, the city in both languages, its city code, the agency and stop-id prefix that keep
 * its metro apart from every other city's in the feed, and whether its operator signs names in English words or in pinyin.
 */
export const DATASET_CITIES = [
  {
    file: 'Guangzhou-L',
    name: 'Guangzhou',
    zh: '广州',
    code: 'CAN',
    agency: 'GZMETRO',
    agencyName: 'Guangzhou Metro',
    url: 'https://www.gzmtr.com',
    prefix: 'gz',
    signs: 'pinyin',
  },
  {
    file: 'Shenzhen-L',
    name: 'Shenzhen',
    zh: '深圳',
    code: 'SZX',
    agency: 'SZMETRO',
    agencyName: 'Shenzhen Metro',
    url: 'https://www.szmc.net',
    prefix: 'sz',
    signs: 'english',
  },
  {
    file: 'Chengdu-L',
    name: 'Chengdu',
    zh: '成都',
    code: 'CTU',
    agency: 'CDMETRO',
    agencyName: 'Chengdu Metro',
    url: 'https://www.chengdurail.com',
    prefix: 'cd',
    signs: 'english',
  },
  {
    file: 'Hangzhou-L',
    name: 'Hangzhou',
    zh: '杭州',
    code: 'HGH',
    agency: 'HZMETRO',
    agencyName: 'Hangzhou Metro',
    url: 'https://www.hzmetro.com',
    prefix: 'hz',
    signs: 'english',
  },
  {
    file: 'Wuhan-L',
    name: 'Wuhan',
    zh: '武汉',
    code: 'WUH',
    agency: 'WHMETRO',
    agencyName: 'Wuhan Metro',
    url: 'https://www.wuhanrt.com',
    prefix: 'wh',
    signs: 'english',
  },
  {
    file: 'Chongqing-L',
    name: 'Chongqing',
    zh: '重庆',
    code: 'CKG',
    agency: 'CQMETRO',
    agencyName: 'Chongqing Rail Transit',
    url: 'https://www.cqmetro.cn',
    prefix: 'cq',
    signs: 'pinyin',
  },
  {
    file: 'Xian-L',
    name: "Xi'an",
    zh: '西安',
    code: 'XIY',
    agency: 'XAMETRO',
    agencyName: "Xi'an Metro",
    url: 'https://www.xianrail.com',
    prefix: 'xa',
    signs: 'pinyin',
  },
  {
    file: 'Nanjing-L',
    name: 'Nanjing',
    zh: '南京',
    code: 'NKG',
    agency: 'NJMETRO',
    agencyName: 'Nanjing Metro',
    url: 'https://www.njmetro.com.cn',
    prefix: 'nj',
    signs: 'pinyin',
  },
  {
    file: 'Tianjin-L',
    name: 'Tianjin',
    zh: '天津',
    code: 'TSN',
    agency: 'TJMETRO',
    agencyName: 'Tianjin Metro',
    url: 'https://www.tjgdjt.com',
    prefix: 'tj',
    signs: 'pinyin',
  },
  {
    file: 'Suzhou-L',
    name: 'Suzhou',
    zh: '苏州',
    code: 'SZH',
    agency: 'SUZMETRO',
    agencyName: 'Suzhou Rail Transit',
    url: 'https://www.sz-mtr.com',
    prefix: 'su',
    signs: 'pinyin',
  },
  {
    file: 'Zhengzhou-L',
    name: 'Zhengzhou',
    zh: '郑州',
    code: 'CGO',
    agency: 'ZZMETRO',
    agencyName: 'Zhengzhou Metro',
    url: 'https://www.zzmetro.com',
    prefix: 'zz',
    signs: 'pinyin',
  },
  {
    file: 'Changsha-L',
    name: 'Changsha',
    zh: '长沙',
    code: 'CSX',
    agency: 'CSMETRO',
    agencyName: 'Changsha Metro',
    url: 'https://www.hncsmtr.com',
    prefix: 'cs',
    signs: 'pinyin',
  },
  {
    file: 'Kunming-L',
    name: 'Kunming',
    zh: '昆明',
    code: 'KMG',
    agency: 'KMMETRO',
    agencyName: 'Kunming Metro',
    url: 'https://www.kmgdgs.com',
    prefix: 'km',
    signs: 'pinyin',
  },
  {
    file: 'Qingdao-L',
    name: 'Qingdao',
    zh: '青岛',
    code: 'TAO',
    agency: 'QDMETRO',
    agencyName: 'Qingdao Metro',
    url: 'https://www.qd-metro.com',
    prefix: 'qd',
    signs: 'pinyin',
  },
  {
    file: 'Shenyang-L',
    name: 'Shenyang',
    zh: '沈阳',
    code: 'SHE',
    agency: 'SYMETRO',
    agencyName: 'Shenyang Metro',
    url: 'https://www.symtc.com',
    prefix: 'sy',
    signs: 'pinyin',
  },
  {
    file: 'Hefei-L',
    name: 'Hefei',
    zh: '合肥',
    code: 'HFE',
    agency: 'HFMETRO',
    agencyName: 'Hefei Rail Transit',
    url: 'https://www.hfgdjt.com',
    prefix: 'hf',
    signs: 'pinyin',
  },
  {
    file: 'Dalian-L',
    name: 'Dalian',
    zh: '大连',
    code: 'DLC',
    agency: 'DLMETRO',
    agencyName: 'Dalian Metro',
    url: 'https://www.dlmetro.com',
    prefix: 'dl',
    signs: 'pinyin',
  },
  {
    file: 'Xiamen-L',
    name: 'Xiamen',
    zh: '厦门',
    code: 'XMN',
    agency: 'XMMETRO',
    agencyName: 'Xiamen Metro',
    url: 'https://www.xmgdjt.com.cn',
    prefix: 'xm',
    signs: 'pinyin',
  },
  {
    file: 'Ningbo-L',
    name: 'Ningbo',
    zh: '宁波',
    code: 'NGB',
    agency: 'NBMETRO',
    agencyName: 'Ningbo Rail Transit',
    url: 'https://www.nbmetro.com',
    prefix: 'nb',
    signs: 'pinyin',
  },
  {
    file: 'Jinan-L',
    name: 'Jinan',
    zh: '济南',
    code: 'TNA',
    agency: 'JNMETRO',
    agencyName: 'Jinan Rail Transit',
    url: 'https://www.jngdjt.cn',
    prefix: 'jn',
    signs: 'pinyin',
  },
  {
    file: 'Harbin-L',
    name: 'Harbin',
    zh: '哈尔滨',
    code: 'HRB',
    agency: 'HRBMETRO',
    agencyName: 'Harbin Metro',
    url: 'https://www.hrbmetro.com',
    prefix: 'hb',
    signs: 'pinyin',
  },
] as const;

/**
 * Service in outline, as no full timetable is open: trains from 06:00 to 23:00, every line at its headway
 * of the dataset in the peaks and half as long again between them, bounded to 4–20 minutes (more trains
 * slow door-to-door planning, and waits of a few minutes more change no plan's choice of train). Run
 * times are the dataset's in-vehicle times between stations (run and dwell), at least a minute.
 */
export const CITY_METRO_SERVICE = {
  periods: [
    { from: '06:00', to: '07:00', kind: 'offPeak' },
    { from: '07:00', to: '09:30', kind: 'peak' },
    { from: '09:30', to: '17:00', kind: 'offPeak' },
    { from: '17:00', to: '19:30', kind: 'peak' },
    { from: '19:30', to: '23:00', kind: 'offPeak' },
  ],
  defaultHeadwayMin: 6,
  offPeakFactor: 1.5,
  minHeadwayMin: 4,
  maxHeadwayMin: 20,
  minRunSeconds: 60,
  /** No train of these networks runs faster between two stations (Guangzhou's Line 18 runs at 160 km/h). */
  maxKmh: 160,
  /** Average speed, stops included, that times a pair of stations whose time in the dataset is impossible. */
  repairKmh: 90,
} as const;

export type MetroStation = { id: string; nameZh: string; nameEn: string; lat: number; lon: number };
export type MetroLine = {
  zh: string;
  en: string;
  colour: string;
  headwayMin: number;
  /** Each run's stations in order, by stop id, one way (the other way is its reverse). */
  runs: string[][];
};
export type CityMetro = {
  code: string;
  stations: Map<string, MetroStation>;
  lines: MetroLine[];
  /** In-vehicle seconds between adjacent stations, by `a|b` stop ids (both ways). */
  seconds: Map<string, number>;
  /** Adjacent stations whose time in the dataset no train could run, timed from their distance instead. */
  repaired: string[];
  /** Links of a line that pass by stations it calls at on the way (`withoutShortcuts`), left out of its runs. */
  shortcuts: string[];
};

const pad = (n: number) => String(n).padStart(2, '0');
const clock = (s: number) => `${pad(Math.floor(s / 3600))}:${pad(Math.floor(s / 60) % 60)}:${pad(s % 60)}`;
const secondsOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 3600 + Number(hhmm.slice(3, 5)) * 60;

/**
 * "广州体育西路(地铁站)" → "体育西路"; "广州广州东站(地铁站)" → "广州东站"; a railway station named by the
 * city alone keeps it ("西安南站(地铁站)" → "西安南站", not "南站").
 */
export function stationNameZh(raw: string, cityZh: string): string {
  const name = raw.replace(/\(地铁站\)$/, '');
  const rest = name.startsWith(cityZh) ? name.slice(cityZh.length) : name;
  return /^[东西南北]?站$/.test(rest) ? name : rest;
}

/** Pinyin as one word, with an apostrophe before a syllable that starts with a vowel ("宝安" → "Bao'an"). */
const py = (zh: string) => {
  const syllables = pinyin(zh, { toneType: 'none', type: 'array', nonZh: 'consecutive' });
  const text = syllables
    .map((s, i) => (i > 0 && /^[aoe]/.test(s) ? `'${s}` : s))
    .join('')
    .replace(/ü/g, 'u');
  return text.charAt(0).toUpperCase() + text.slice(1);
};

/** Words of a station name the operators translate, and how (as on their line maps). */
const SUFFIX_EN: [string, string][] = [
  ['火车站', 'Railway Station'],
  ['广场', 'Square'],
  ['公园', 'Park'],
  ['大道', 'Dadao'],
];

/** Words an operator that signs in English words translates besides ("Huaqiang Road", "Liantang Port", "Yingbin Avenue"). */
const WORDS_EN: [string, string][] = [
  ['大道', 'Avenue'],
  ['路', 'Road'],
  ['中心', 'Center'],
  ['口岸', 'Port'],
];

const SIDE_EN: Record<string, string> = { 东: 'East', 西: 'West', 南: 'South', 北: 'North' };

/**
 * The English name as the operators write it: pinyin by word ("体育西路" → "Tiyu Xilu"), railway stations,
 * squares, parks and airport terminals translated, 东/西/南/北 of a railway station as East/West/South/North.
 * An operator signing in English words (`english`: Shenzhen, Chengdu) also translates avenues, roads, centres, ports and the
 * 东/西/南/北 that ends any name ("红树湾南" → "Hongshuwan South").
 */
export function metroNameEn(
  nameZh: string,
  cityZh: string,
  cityEn: string,
  signs: 'pinyin' | 'english' = 'pinyin',
): string {
  const terminal = /\((\d)号航站楼\)$/.exec(nameZh);
  const base = nameZh.replace(/\(.*\)$/, '');
  const words = signs === 'english' ? [...WORDS_EN, ...SUFFIX_EN] : SUFFIX_EN;
  const suffix = words.find(([zh]) => base.endsWith(zh) && base.length > zh.length);
  const side = SIDE_EN[base.slice(-1)];
  let en: string;
  if (base.startsWith('机场')) {
    const rest = base.slice(2);
    en = `Airport${rest ? ` ${SIDE_EN[rest] ?? stationNameEn(rest, cityZh, cityEn)}` : ''}`;
  } else if (signs === 'english' && side && base.length > 2)
    en = `${metroNameEn(base.slice(0, -1), cityZh, cityEn, signs)} ${side}`;
  else if (suffix) en = `${py(base.slice(0, -suffix[0].length))} ${suffix[1]}`;
  else if (base.endsWith('客运站')) en = `${py(base.slice(0, -3))} Coach Terminal`;
  else if (base.endsWith('站') && base.length > 2)
    en = `${stationNameEn(base.slice(0, -1), cityZh, cityEn)} Railway Station`;
  else if (/[东西南北]?路$/.test(base) && base.length > 2) {
    const road = /[东西南北]路$/.test(base) ? 2 : 1;
    en = `${py(base.slice(0, -road))} ${py(base.slice(-road))}`;
  } else en = py(base);
  return terminal ? `${en} (Terminal ${terminal[1]})` : en;
}

function slug(prefix: string, nameZh: string): string {
  const syllables = pinyin(nameZh.replace(/\(.*\)$/, ''), { toneType: 'none', type: 'array', nonZh: 'consecutive' });
  return `${prefix}-${syllables
    .join('')
    .toLowerCase()
    .replace(/ü/g, 'v')
    .replace(/[^a-z0-9]/g, '')}${/(\d)号航站楼/.exec(nameZh)?.[1] ?? ''}`;
}

export type Link = { a: string; b: string; seconds: number; routes: string[] };

/** Connected groups of a route's links: one route id of the dataset may hold two lines apart. */
function components(links: Link[]): Link[][] {
  const groups: { stations: Set<string>; links: Link[] }[] = [];
  for (const link of links) {
    const touching = groups.filter((g) => g.stations.has(link.a) || g.stations.has(link.b));
    const merged = { stations: new Set([link.a, link.b]), links: [link] };
    for (const g of touching) {
      for (const s of g.stations) merged.stations.add(s);
      merged.links.push(...g.links);
      groups.splice(groups.indexOf(g), 1);
    }
    groups.push(merged);
  }
  return groups.map((g) => g.links);
}

/**
 * A line's links without its shortcuts: a link between two stations the line also joins through one to
 * four stations of its own lying along the way (that path at most a quarter longer than the link), as
 * where the dataset's stop sequences of one service pass stations the line's other trains call at.
 */
export function withoutShortcuts(group: Link[], at: (id: string) => { lat: number; lon: number }): Link[] {
  const km = (a: string, b: string) => kmBetween(at(a), at(b));
  const dropped = new Set<Link>();
  for (const link of group) {
    const others = group.filter((l) => l !== link && !dropped.has(l));
    const direct = km(link.a, link.b);
    const along = (from: string, seen: string[], length: number): boolean =>
      seen.length <= 5 &&
      others.some((l) => {
        const next = l.a === from ? l.b : l.b === from ? l.a : undefined;
        if (!next || seen.includes(next)) return false;
        const sofar = length + km(from, next);
        if (sofar > direct * 1.25) return false;
        return next === link.b ? seen.length >= 2 : along(next, [...seen, next], sofar);
      });
    if (along(link.a, [link.a], 0)) dropped.add(link);
  }
  return group.filter((l) => !dropped.has(l));
}

/**
 * One city's metro from the dataset's station and link tables: one station per name (an interchange is
 * one stop, so changing lines there is a change at a stop), each line's runs in order from its links
 * (`lineRuns`: paths, loops and branches), named and coloured by `curated/metro-lines.csv`.
 */
export function readCityMetro(city: (typeof DATASET_CITIES)[number]): CityMetro {
  const stations = new Map<string, MetroStation>();
  const byNode = new Map<string, string>();
  const signed = new Map(
    readCsv('curated/metro-station-names.csv')
      .filter((r) => r.city_code === city.code)
      .map((r) => [r.zh ?? '', r.en ?? '']),
  );
  for (const r of readCsv(`raw/east-asian-metro/${city.file}.nodes.csv`)) {
    const nameZh = stationNameZh(r.name ?? '', city.zh);
    let id = slug(city.prefix, nameZh);
    const known = stations.get(id);
    if (known && known.nameZh !== nameZh) id = `${id}-${r.id}`;
    if (!stations.has(id))
      stations.set(id, {
        id,
        nameZh,
        nameEn: signed.get(nameZh) ?? metroNameEn(nameZh, city.zh, city.name, city.signs),
        lat: Number(r.lat),
        lon: Number(r.lon),
      });
    byNode.set(r.id ?? '', id);
  }
  const links: Link[] = readCsv(`raw/east-asian-metro/${city.file}.links.csv`).flatMap((r) => {
    const a = byNode.get(r.source ?? '');
    const b = byNode.get(r.target ?? '');
    if (!a || !b) throw new Error(`${city.name} metro: link ${r.source}–${r.target} names no station`);
    // A link of a station to itself (the dataset's defect on one branch) is no track.
    return a === b ? [] : [{ a, b, seconds: Number(r.duration_avg), routes: (r.routes ?? '').split(' ') }];
  });
  const seconds = new Map<string, number>();
  const repaired: string[] = [];
  for (const l of links) {
    const a = stations.get(l.a) as MetroStation;
    const b = stations.get(l.b) as MetroStation;
    // A time no train could run (the dataset's times are whole minutes of a first-to-last-train
    // progression) is taken from the distance at the express lines' average speed instead.
    const least = Math.ceil((kmBetween(a, b) / CITY_METRO_SERVICE.repairKmh) * 3600);
    if (l.seconds < least && !repaired.includes(`${a.nameZh}–${b.nameZh}`)) repaired.push(`${a.nameZh}–${b.nameZh}`);
    const s = Math.max(CITY_METRO_SERVICE.minRunSeconds, l.seconds, least);
    seconds.set(`${l.a}|${l.b}`, s);
    seconds.set(`${l.b}|${l.a}`, s);
  }
  const curated = readCsv('curated/metro-lines.csv').filter((r) => r.city_code === city.code);
  const headways = new Map(
    readCsv('raw/east-asian-metro/routes.csv')
      .filter((r) => r.city === city.name)
      .map((r) => [r.route_id ?? '', Number(r.headway_min) || CITY_METRO_SERVICE.defaultHeadwayMin]),
  );
  const shortcuts: string[] = [];
  const routeIds = [...new Set(links.flatMap((l) => l.routes))].sort((x, y) => Number(x) - Number(y));
  const lines = new Map<string, MetroLine & { sets: string[] }>();
  for (const route of routeIds) {
    for (const all of components(links.filter((l) => l.routes.includes(route)))) {
      const group = withoutShortcuts(all, (id) => stations.get(id) as MetroStation);
      for (const l of all)
        if (!group.includes(l)) shortcuts.push(`${stations.get(l.a)?.nameZh}–${stations.get(l.b)?.nameZh}`);
      const ids = [...new Set(group.flatMap((l) => [l.a, l.b]))];
      const names = new Set(ids.map((id) => stations.get(id)?.nameZh));
      const row = curated.find((c) => c.route === route && (!c.station || names.has(c.station)));
      if (!row) throw new Error(`${city.name} metro: route ${route} (${[...names].join(' ')}) has no line`);
      const key = row.line_zh ?? '';
      const line = lines.get(key) ?? {
        zh: key,
        en: row.line_en ?? key,
        colour: row.colour ?? '',
        headwayMin: headways.get(route) ?? CITY_METRO_SERVICE.defaultHeadwayMin,
        runs: [],
        sets: [],
      };
      const set = [...ids].sort().join(',');
      // A route id over part of a line already laid out (Chengdu's Line 18 at the airport) adds no run.
      const covered = line.runs.some((r) => ids.every((id) => r.includes(id)));
      if (!line.sets.includes(set) && !covered) {
        line.sets.push(set);
        const nb = (id: string) => group.flatMap((l) => (l.a === id ? [l.b] : l.b === id ? [l.a] : []));
        line.runs.push(...lineRuns(ids, nb));
      }
      lines.set(key, line);
    }
  }
  const done = [...lines.values()].map(({ sets: _, ...l }) => l);
  return { code: city.code, stations, lines: done, seconds, repaired, shortcuts };
}

/**
 * What is wrong with a city's metro, if anything: a line without a colour or with fewer than two stations,
 * two adjacent stations with no time between them, or a train faster than any metro between two stations.
 */
export function metroProblems(metro: CityMetro): string[] {
  const problems: string[] = [];
  for (const line of metro.lines) {
    if (!/^[0-9A-F]{6}$/.test(line.colour)) problems.push(`${line.zh}: no colour`);
    for (const run of line.runs) {
      if (run.length < 2) problems.push(`${line.zh}: a run of ${run.length} station`);
      for (let i = 1; i < run.length; i++) {
        const a = metro.stations.get(run[i - 1] as string);
        const b = metro.stations.get(run[i] as string);
        const s = metro.seconds.get(`${run[i - 1]}|${run[i]}`);
        if (!a || !b || !s) {
          problems.push(`${line.zh}: no link ${run[i - 1]}–${run[i]}`);
          continue;
        }
        const kmh = kmBetween(a, b) / (s / 3600);
        if (kmh > CITY_METRO_SERVICE.maxKmh)
          problems.push(`${line.zh}: ${a.nameZh}–${b.nameZh} at ${Math.round(kmh)} km/h`);
      }
    }
  }
  return problems;
}

const headways = (line: MetroLine) => {
  const { minHeadwayMin: lo, maxHeadwayMin: hi, offPeakFactor } = CITY_METRO_SERVICE;
  const bound = (m: number) => Math.min(hi, Math.max(lo, Math.round(m)));
  return { peak: bound(line.headwayMin), offPeak: bound(line.headwayMin * offPeakFactor) };
};

/**
 * A city's metro as rows of the metro feed: its agency, stations, one route per line (its official colour),
 * a template trip per run and direction timed by the dataset's in-vehicle times, and `frequencies.txt`
 * rows for the peak and off-peak headways (exact times), every day.
 */
export function cityMetroTables(city: (typeof DATASET_CITIES)[number], metro: CityMetro): MetroTables {
  const service = `${city.prefix.toUpperCase()}-DAILY`;
  const tables: MetroTables = {
    agency: [[city.agency, city.agencyName, city.url, 'Asia/Shanghai', 'zh']],
    stops: [...metro.stations.values()]
      .map((s) => [s.id, s.nameZh, s.nameEn, s.lat.toFixed(5), s.lon.toFixed(5)])
      .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    routes: [],
    trips: [],
    stopTimes: [],
    calendar: [[service, 1, 1, 1, 1, 1, 1, 1, '20260101', '20271231']],
    frequencies: [],
  };
  metro.lines.forEach((line, l) => {
    const routeId = `${city.prefix.toUpperCase()}${l + 1}`;
    tables.routes.push([routeId, city.agency, line.en, line.zh, 1, line.colour, 'FFFFFF']);
    const { peak, offPeak } = headways(line);
    line.runs.forEach((run, r) => {
      for (const [direction, order] of [run, [...run].reverse()].entries()) {
        const tripId = `${routeId}-${r}-${direction}`;
        tables.trips.push([routeId, service, tripId, routeId, direction]);
        let t = secondsOf(CITY_METRO_SERVICE.periods[0]?.from ?? '06:00');
        order.forEach((id, i) => {
          if (i > 0) t += metro.seconds.get(`${order[i - 1]}|${id}`) ?? CITY_METRO_SERVICE.minRunSeconds;
          tables.stopTimes.push([tripId, clock(t), clock(t), id, i + 1]);
        });
        for (const p of CITY_METRO_SERVICE.periods)
          tables.frequencies.push([tripId, `${p.from}:00`, `${p.to}:00`, (p.kind === 'peak' ? peak : offPeak) * 60, 1]);
      }
    });
  });
  return tables;
}
