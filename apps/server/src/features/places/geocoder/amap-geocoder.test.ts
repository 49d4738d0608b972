import fs from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { distanceKm, doorSchema } from '@junction/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testRefdata } from '../../../../test/harness';
import { AmapError, AmapGeocoder, FallbackGeocoder } from './amap-geocoder';
import { sharedGazetteer } from './default';
import { GazetteerGeocoder } from './gazetteer-geocoder';

/*
 * The AMap adapter against AMap's answers as recorded in its documented format (amap-recorded/), served
 * over real HTTP by a local stand-in for restapi.amap.com. With AMAP_KEY set in the environment the same
 * suite also runs against the real service.
 */

const recorded = (name: string) => fs.readFileSync(path.join(import.meta.dirname, 'amap-recorded', name), 'utf8');
const WANGFUJING = { lat: 39.9125, lon: 116.4105 };
const WANGFUJING_METRO = { lat: 39.90947, lon: 116.41016 };

let server: Server;
let baseUrl = '';
const requests: URL[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    requests.push(url);
    const key = url.searchParams.get('key');
    let body: string;
    if (key !== 'recorded-key') body = recorded('error-invalid-key.json');
    else if (url.pathname === '/v3/assistant/inputtips')
      body =
        url.searchParams.get('keywords') === '王府井'
          ? recorded('inputtips-wangfujing.json')
          : recorded('inputtips-empty.json');
    else if (url.pathname === '/v3/geocode/geo') body = recorded('geo-wangfujing.json');
    else if (url.pathname === '/v3/geocode/regeo') body = recorded('regeo-pin.json');
    else {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json;charset=UTF-8' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const refdata = testRefdata();
const cityOf = (p: { lat: number; lon: number }) => {
  const city = refdata.places.nearestCity(p);
  return city ? { cityCode: city.cityCode, name: city.nameZh } : undefined;
};
const amap = (key = 'recorded-key') => new AmapGeocoder({ key, baseUrl, timeoutMs: 2000, cityOf });

describe('AMap geocoder (recorded answers)', () => {
  it('turns input tips into doors in WGS-84: points converted from GCJ-02, a tip without a point geocoded', async () => {
    const found = await amap().suggest('王府井', 'zh-CN', 5);
    expect(found.map((d) => d.door.name)).toEqual(['王府井步行街', '王府井(地铁站)', '王府井', '北京apm']);
    for (const d of found) expect(doorSchema.safeParse(d.door).success).toBe(true);
    // AMap's GCJ-02 point lands back on the WGS-84 position, within a metre.
    expect(distanceKm(found[0]?.door ?? { lat: 0, lon: 0 }, WANGFUJING)).toBeLessThan(0.001);
    expect(distanceKm(found[1]?.door ?? { lat: 0, lon: 0 }, WANGFUJING_METRO)).toBeLessThan(0.001);
    expect(found[0]?.door).toMatchObject({ cityCode: 'BJS', address: '王府井大街', country: 'CN' });
    // Best first, every score below an exact Chinese city name.
    expect(found.map((d) => d.score)).toEqual([...found.map((d) => d.score)].sort((a, b) => b - a));
    expect(found[0]?.score).toBeLessThan(900);
    const tips = requests.find((u) => u.pathname === '/v3/assistant/inputtips');
    expect(tips?.searchParams.get('key')).toBe('recorded-key');
    expect(
      requests.some((u) => u.pathname === '/v3/geocode/geo' && u.searchParams.get('address') === '北京市东城区王府井'),
    ).toBe(true);
  });

  it('names a pin after the nearest point of interest, sending the point in GCJ-02', async () => {
    const door = await amap().reverse({ lat: 39.92, lon: 116.43 }, 'zh-CN');
    expect(door).toMatchObject({ kind: 'address', name: '东单体育中心', cityCode: 'BJS', lat: 39.92, lon: 116.43 });
    const sent = requests.find((u) => u.pathname === '/v3/geocode/regeo')?.searchParams.get('location');
    expect(sent).toBe('116.436222,39.921388');
  });

  it('reports a refused key as an AMap error, and the picker falls back to the offline gazetteer', async () => {
    await expect(amap('wrong-key').suggest('王府井', 'zh-CN', 5)).rejects.toThrow(AmapError);
    await expect(amap('wrong-key').suggest('王府井', 'zh-CN', 5)).rejects.toMatchObject({ info: 'INVALID_USER_KEY' });
    const failures: unknown[] = [];
    const both = new FallbackGeocoder(amap('wrong-key'), new GazetteerGeocoder(sharedGazetteer(), refdata), (e) =>
      failures.push(e),
    );
    const found = await both.suggest('陆家嘴', 'zh-CN', 5);
    expect(found[0]?.door.name).toBe('陆家嘴');
    expect(failures).toHaveLength(1);
    // Nothing found by AMap: the gazetteer answers too.
    expect(
      (
        await new FallbackGeocoder(amap(), new GazetteerGeocoder(sharedGazetteer(), refdata)).suggest(
          '国贸',
          'zh-CN',
          5,
        )
      )[0]?.door.name,
    ).toBe('国贸');
  });
});

describe.runIf(process.env.AMAP_KEY)('AMap geocoder (the real service)', () => {
  it('finds Wangfujing near where the gazetteer has it', async () => {
    const live = new AmapGeocoder({
      key: process.env.AMAP_KEY ?? '',
      baseUrl: 'https://restapi.amap.com',
      timeoutMs: 5000,
      cityOf,
    });
    const found = await live.suggest('王府井', 'zh-CN', 5);
    expect(found.some((d) => distanceKm(d.door, WANGFUJING) < 1)).toBe(true);
  });
});
