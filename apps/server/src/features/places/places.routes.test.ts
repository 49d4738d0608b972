import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { apiErrorSchema, cityMapSchema, doorSchema, ERRORS, placeSchema } from '@junction/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp, testConfig } from '../../../test/harness';

const listSchema = z.object({ data: z.array(placeSchema) });

describe('GET /api/place', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('returns ranked places in the language asked for', async () => {
    const res = await get(`/api/place?keyword=${encodeURIComponent('北京')}&lang=zh-CN`);
    expect(res.statusCode).toBe(200);
    const { data } = listSchema.parse(res.json());
    expect(data[0]).toMatchObject({ kind: 'city', name: '北京', city_code: 'BJS' });
    expect(data[0]?.places?.length).toBeGreaterThan(5);
  });

  it('takes the language from the cookie when the query does not say', async () => {
    const res = await get('/api/place?keyword=sha', { cookie: 'lang=zh-CN' });
    expect(listSchema.parse(res.json()).data[0]?.name).toBe('上海');
    const en = await get('/api/place?keyword=sha');
    expect(listSchema.parse(en.json()).data[0]?.name).toBe('Shanghai');
  });

  it('answers the same question again with the same answer, compressed as the client asks', async () => {
    const url = `/api/place?keyword=${encodeURIComponent('上海')}`;
    const first = await get(url);
    const again = await get(url);
    expect(again.body).toBe(first.body);
    expect(first.headers.vary).toContain('accept-encoding');
    const br = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(first.body);
    const gzip = await get(url, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(first.body);
    // Another language is another answer.
    const zh = await get(`${url}&lang=zh-CN`);
    expect(listSchema.parse(zh.json()).data[0]?.name).toBe('上海');
    expect(listSchema.parse(first.json()).data[0]?.name).toBe('Shanghai');
  });

  it('answers an empty or absurd keyword with an empty list, never a 500', async () => {
    for (const keyword of ['', '😀', "' OR 1=1 --", '%00', '<script>']) {
      const res = await get(`/api/place?keyword=${encodeURIComponent(keyword)}`);
      expect(res.statusCode, keyword).toBe(200);
      expect(listSchema.parse(res.json()).data).toEqual([]);
    }
  });

  it('refuses a 500-character keyword and a bad limit with 400 in the error shape', async () => {
    for (const url of [
      `/api/place?keyword=${'a'.repeat(500)}`,
      '/api/place?keyword=bj&limit=0',
      '/api/place?keyword=bj&lang=fr',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(apiErrorSchema.parse(res.json()).errorCode).toBe(ERRORS.VALIDATION_FAILED.errorCode);
    }
  });

  it('offers popular cities for an empty picker', async () => {
    const res = await get('/api/place/popular?lang=en');
    const { data } = listSchema.parse(res.json());
    expect(data.map((p) => p.nameEn)).toEqual(expect.arrayContaining(['Beijing', 'Shanghai', 'Hong Kong', 'London']));
    expect(data.every((p) => p.kind === 'city')).toBe(true);
  });
});

describe('reference tables', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, () => new Date('2026-11-22T10:00:00Z'));
  });
  afterAll(() => t.close());

  it('serves the holiday calendar for this year and next', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/forestage/calendar.json' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as {
      years: Record<string, unknown>;
      days: Record<string, { type: string; nameZh: string }>;
    };
    expect(Object.keys(body.years).sort()).toEqual(['2026', '2027']);
    expect(body.days['2026-10-01']).toMatchObject({ type: 'holiday', nameZh: '国庆节' });
    expect(body.days['2027-01-01']).toMatchObject({ type: 'holiday' });
    expect(Object.keys(body.days).every((d) => d.startsWith('2026') || d.startsWith('2027'))).toBe(true);
  });

  it('serves countries with calling codes and currencies with rates', async () => {
    const countries = (await t.app.inject({ method: 'GET', url: '/api/countries' })).json() as {
      data: { code: string; phoneCode: string }[];
    };
    expect(countries.data.find((c) => c.code === 'CN')?.phoneCode).toBe('86');
    const currencies = (await t.app.inject({ method: 'GET', url: '/api/currencies' })).json() as {
      data: unknown[];
      rates: { rates: Record<string, number> };
    };
    expect(currencies.data).toHaveLength(36);
    expect(currencies.rates.rates['CNY:USD']).toBeGreaterThan(0);
  });
});

describe('GET /api/place: addresses and landmarks', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const doorList = z.object({
    data: z.array(placeSchema),
    doors: z.array(doorSchema),
    doorsFirst: z.boolean(),
  });
  const search = async (keyword: string, lang = 'en') => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/place?keyword=${encodeURIComponent(keyword)}&lang=${lang}`,
    });
    expect(res.statusCode).toBe(200);
    return doorList.parse(res.json());
  };

  it.each([
    ['王府井', 'zh-CN', '王府井', '北京'],
    ['wangfujing', 'en', 'Wangfujing', 'Beijing'],
    ['陆家嘴', 'zh-CN', '陆家嘴', '上海'],
    ['国贸', 'zh-CN', '国贸', '北京'],
    ['tiananmen', 'en', 'Tiananmen', 'Beijing'],
  ])('finds %s as a door, first in the list, with its city', async (keyword, lang, name, city) => {
    const body = await search(keyword, lang);
    expect(body.doorsFirst).toBe(true);
    expect(body.doors[0]).toMatchObject({ name, cityName: city, country: 'CN' });
  });

  it('keeps cities first when a city matches better, with doors after them', async () => {
    const body = await search('beijing');
    expect(body.data[0]).toMatchObject({ kind: 'city', city_code: 'BJS' });
    expect(body.doorsFirst).toBe(false);
  });

  it('names a point of the map after the nearest named place, in the language asked for', async () => {
    const at = await t.app.inject({ method: 'GET', url: '/api/place/door?lat=39.9126&lon=116.4104&lang=zh-CN' });
    expect(at.json().data).toMatchObject({ name: '王府井', cityCode: 'BJS', lat: 39.9126, lon: 116.4104 });
    const near = await t.app.inject({ method: 'GET', url: '/api/place/door?lat=39.9200&lon=116.4300&lang=en' });
    expect(near.json().data).toMatchObject({ kind: 'pin', cityCode: 'BJS' });
    expect(near.json().data.name).toMatch(/^Near /);
    const bad = await t.app.inject({ method: 'GET', url: '/api/place/door?lat=95&lon=116' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('GET /api/place/map', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('draws Beijing from our own data: district outlines, metro lines and stations, its airports and stations', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/place/map?code=BJS&lang=zh-CN' });
    expect(res.statusCode).toBe(200);
    const map = cityMapSchema.parse(res.json().data);
    expect(map.name).toBe('北京');
    expect(map.districts.map((d) => d.name)).toEqual(expect.arrayContaining(['东城区', '海淀区', '朝阳区']));
    expect(map.metroLines.length).toBeGreaterThan(20);
    expect(map.metroStations.map((s) => s.name)).toContain('王府井');
    expect(map.hubs.map((h) => h.code)).toEqual(expect.arrayContaining(['PEK', 'PKX', 'VNP']));
    // Every outline point lies around Beijing.
    for (const d of map.districts)
      for (const ring of d.rings)
        for (const [lon, lat] of ring) {
          expect(lon).toBeGreaterThan(115);
          expect(lat).toBeGreaterThan(39);
        }
  });

  it('draws Shanghai’s metro along its tracks in the lines’ colours, names things in English, and no metro where there is none', async () => {
    const shanghai = await t.app.inject({ method: 'GET', url: '/api/place/map?code=SHA&lang=en' });
    const map = cityMapSchema.parse(shanghai.json().data);
    expect(map.districts.map((d) => d.name)).toContain('Pudong New Area');
    const line2 = map.metroLines.filter((l) => l.name === 'Line 2');
    expect(line2.length).toBeGreaterThan(0);
    expect(new Set(line2.map((l) => l.color))).toEqual(new Set(['#8CC220']));
    expect(new Set(map.metroLines.map((l) => l.color)).size).toBeGreaterThanOrEqual(10);
    for (const l of map.metroLines)
      for (const [lon, lat] of l.points) {
        expect(lon).toBeGreaterThan(120.8);
        expect(lat).toBeGreaterThan(30.6);
      }
    const hongqiao = map.hubs.find((h) => h.code === 'AOH');
    expect(hongqiao).toBeDefined();
    const lhasa = await t.app.inject({ method: 'GET', url: '/api/place/map?code=LXA&lang=en' });
    expect(cityMapSchema.parse(lhasa.json().data).metroLines).toEqual([]);
  });

  it('draws no tiles by default, and lets images come only from our own origin', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/place/map?code=BJS' });
    expect(cityMapSchema.parse(res.json().data).tiles).toBeUndefined();
    expect(res.headers['content-security-policy']).toMatch(/img-src 'self' data: blob:;/);
  });

  it('answers 3201 for a city it has no map of, and 400 for a code that is none', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/place/map?code=QQQ' });
    expect(none.statusCode).toBe(404);
    expect(none.json().errorCode).toBe(3201);
    const bad = await t.app.inject({ method: 'GET', url: '/api/place/map?code=%3Cscript%3E' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('GET /api/place/map with a commercial map configured', () => {
  let t: TestApp;
  const url = 'https://webrd01.is.autonavi.com/appmaptile?lang=zh_cn&size=1&scale=1&style=8&x={x}&y={y}&z={z}';
  beforeAll(async () => {
    t = await createTestApp({ MAP_TILE_URL: url, MAP_TILE_DATUM: 'gcj02', MAP_TILE_ATTRIBUTION: '© 高德地图' });
  });
  afterAll(() => t.close());

  it('names its tiles, their datum and credit, and lets the browser load them from its origin', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/place/map?code=SHA' });
    expect(res.statusCode).toBe(200);
    expect(cityMapSchema.parse(res.json().data).tiles).toEqual({ url, datum: 'gcj02', attribution: '© 高德地图' });
    expect(res.headers['content-security-policy']).toContain(
      "img-src 'self' data: blob: https://webrd01.is.autonavi.com;",
    );
  });

  it('refuses a tile address without its {z}, {x} and {y}, or that is not http', () => {
    for (const bad of [
      'https://tiles.example/{z}/{x}.png',
      'ftp://tiles.example/{z}/{x}/{y}.png',
      'tiles/{z}/{x}/{y}',
    ]) {
      expect(() => testConfig({ MAP_TILE_URL: bad }), bad).toThrow(/MAP_TILE_URL/);
    }
  });
});
