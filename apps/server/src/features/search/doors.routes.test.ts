import { distanceKm, isRide, leaderOf, type SearchCriteriaInput, type SearchResult } from '@junction/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingClient } from '../../../test/booking-client';
import { createTestApp, type TestApp } from '../../../test/harness';
import { searchTestApp } from '../../../test/support/search-app';
import { railRemaining } from './inventory/fares';

const START = new Date('2026-11-22T04:00:00Z');
const WANGFUJING = { lat: 39.9125, lon: 116.4105 };
const LUJIAZUI = { lat: 31.2363, lon: 121.5055 };

/** Every result of a search, pulled until it is done. */
const collect = async (t: TestApp, criteria: SearchCriteriaInput) => (await bookingClient(t).search(criteria)).results;

const doorLeg = (over: Record<string, unknown> = {}) => ({
  departure: '@39.9125,116.4105',
  departureName: '王府井',
  destination: '@31.2363,121.5055',
  destinationName: '陆家嘴',
  departure_date: '2026/12/01',
  ...over,
});

/** Door-to-door plans from one landmark to another that ride a metro line of the city around `at` and a train. */
const metroToTrain = async (
  t: TestApp,
  from: { at: string; name: string },
  to: { at: string; name: string },
  near: { lat: number; lon: number },
) => {
  const plans = (
    await collect(t, {
      type: 1,
      legs: [doorLeg({ departure: from.at, departureName: from.name, destination: to.at, destinationName: to.name })],
    })
  ).filter((r) => r.kind === 'mix');
  const inCity = (p?: { lat: number; lon: number }) => distanceKm(p ?? { lat: 0, lon: 0 }, near) < 40;
  const byMetro = plans.filter(
    (p) => p.legs.some((l) => l.kind === 'subway' && inCity(l.from)) && p.legs.some((l) => l.kind === 'land'),
  );
  return byMetro.map((p) => p.legs.find((l) => l.kind === 'subway' && inCity(l.from)));
};

describe('door-to-door plans from an address or landmark', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await searchTestApp(() => START);
  });
  afterAll(() => t.close());

  it('plans Wangfujing to Lujiazui from the door itself: the first leg starts at Wangfujing, the last ends at Lujiazui', async () => {
    const results = await collect(t, { type: 1, legs: [doorLeg()] });
    const plans = results.filter((r) => r.kind === 'mix');
    expect(plans.length).toBeGreaterThan(0);
    // Flights and trains from the door's city still come, city to city.
    expect(results.some((r) => r.kind === 'flight')).toBe(true);
    for (const plan of plans) {
      const first = plan.legs[0];
      const last = plan.legs.at(-1);
      expect(distanceKm(first?.from ?? { lat: 0, lon: 0 }, WANGFUJING)).toBeLessThan(0.4);
      expect(first?.from).toMatchObject({ kind: 'address', name: { 'zh-CN': '王府井' } });
      expect(distanceKm(last?.to ?? { lat: 0, lon: 0 }, LUJIAZUI)).toBeLessThan(0.05);
      expect(last?.to).toMatchObject({ kind: 'address', name: { 'zh-CN': '陆家嘴' } });
      expect(['taxi', 'subway', 'lands']).toContain(first?.kind);
      // The ground legs are priced for this door: a walk is free, a taxi or metro ride is not.
      for (const leg of [first, last]) {
        if (leg?.kind === 'lands') expect(leg.price.amount).toBe(0);
        if (leg?.kind === 'taxi') expect(leg.price.amount).toBeGreaterThan(0);
      }
    }
    // Wangfujing has a metro station a few hundred metres away: some plan walks there.
    expect(plans.some((p) => p.legs[0]?.kind === 'lands' && p.legs[1]?.kind === 'subway')).toBe(true);
  }, 120_000);

  it('plans Lujiazui and Wangfujing by metro at either end: the Shanghai metro to the train, the Beijing subway from it', async () => {
    const lujiazui = { departure: '@31.2363,121.5055', departureName: '陆家嘴' };
    const wangfujing = { destination: '@39.9125,116.4105', destinationName: '王府井' };
    const results = await collect(t, { type: 1, legs: [doorLeg({ ...lujiazui, ...wangfujing })] });
    const plans = results.filter((r) => r.kind === 'mix');
    const subwayNear = (plan: SearchResult, lat: number) =>
      plan.legs.some((l) => l.kind === 'subway' && Math.abs((l.from?.lat ?? 0) - lat) < 0.5);
    // From Lujiazui, plans walk to a Shanghai metro station and ride to a railway station or airport.
    const shanghai = plans.filter((p) => p.legs[0]?.kind === 'lands' && p.legs[1]?.kind === 'subway');
    expect(shanghai.length).toBeGreaterThan(0);
    for (const plan of shanghai) {
      expect(distanceKm(plan.legs[1]?.from ?? { lat: 0, lon: 0 }, LUJIAZUI)).toBeLessThan(1.3);
      // One metro ride or a change of lines, then the walk into the station or terminal.
      expect(plan.legs.slice(1).find((l) => l.kind !== 'subway')?.kind).toBe('lands');
    }
    // Into Wangfujing, plans ride the Beijing subway from the train or the plane and walk to the door.
    expect(plans.some((p) => subwayNear(p, 39.9) && p.legs.at(-1)?.kind === 'lands')).toBe(true);
    // As a traveller goes: the metro to the train, the train, the metro to the door (two lines in Beijing
    // to reach Wangfujing's stations from a railway station, so three changes).
    const there = plans.filter((p) => subwayNear(p, 39.9) && subwayNear(p, 31.2));
    expect(there.length).toBeGreaterThan(0);
    expect(there.some((p) => p.legs.some((l) => l.kind === 'land'))).toBe(true);
    // A change between metro lines, or between the metro and the train, is no self-transfer between tickets.
    for (const plan of plans.filter((p) => p.legs.filter(isRide).length === 1))
      expect(plan.selfTransferMinutes).toBeUndefined();
    // Under "best" the way a traveller goes leads, the train with the metro, not a train with taxis priced
    // without them: the first result rides the metro.
    const best = leaderOf(results, 'best', (r) => r.price.amount);
    expect(best?.kind).toBe('mix');
    expect(best?.legs.some((l) => l.kind === 'subway')).toBe(true);
    // The way back has plans with Beijing's metro to the train or the plane, walked to from the door, and
    // plans with Shanghai's metro from it, walked from to the door. (With the time to board kept at the
    // station, a metro ride to Beijing's stations no longer beats a short taxi on a plan with Shanghai's
    // metro too: it leaves earlier to save a few yuan.)
    const back = (await collect(t, { type: 1, legs: [doorLeg()] })).filter((r) => r.kind === 'mix');
    const fromBeijing = back.filter((p) => subwayNear(p, 39.9));
    const intoShanghai = back.filter((p) => subwayNear(p, 31.2));
    expect(fromBeijing.length).toBeGreaterThan(0);
    expect(intoShanghai.length).toBeGreaterThan(0);
    expect(fromBeijing.every((p) => p.legs[0]?.kind === 'lands')).toBe(true);
    expect(intoShanghai.every((p) => p.legs.at(-1)?.kind === 'lands')).toBe(true);
  }, 180_000);

  it('plans Tianhe (Guangzhou) to Futian (Shenzhen) by the Guangzhou metro, the train and the Shenzhen metro', async () => {
    const plans = (
      await collect(t, {
        type: 1,
        legs: [
          doorLeg({
            departure: '@23.1325,113.3225',
            departureName: '天河路商圈',
            destination: '@22.538,114.058',
            destinationName: '福田中心区',
          }),
        ],
      })
    ).filter((r) => r.kind === 'mix');
    const byMetroAndRail = plans.filter(
      (p) =>
        p.legs.some((l) => l.kind === 'subway' && Math.abs((l.from?.lat ?? 0) - 23.1) < 0.4) &&
        p.legs.some((l) => l.kind === 'land'),
    );
    expect(byMetroAndRail.length).toBeGreaterThan(0);
    // The metro leg is a Guangzhou line, named in both languages and priced by Guangzhou's scale (¥2 and up).
    const metro = byMetroAndRail[0]?.legs.find((l) => l.kind === 'subway');
    expect(metro?.carrierName?.['zh-CN']).toMatch(/号线|APM|广佛/);
    expect(metro?.price?.amount).toBeGreaterThanOrEqual(200);
    // From the train into Futian, plans ride the Shenzhen metro: metro, train, metro, as a traveller goes.
    const bothEnds = byMetroAndRail.filter((p) =>
      p.legs.some((l) => l.kind === 'subway' && Math.abs((l.to?.lat ?? 0) - 22.55) < 0.15),
    );
    expect(bothEnds.length).toBeGreaterThan(0);
    const shenzhen = bothEnds[0]?.legs.filter((l) => l.kind === 'subway').at(-1);
    expect(shenzhen?.carrierName?.['zh-CN']).toMatch(/号线/);
    expect(shenzhen?.price?.amount).toBeGreaterThanOrEqual(200);
  }, 180_000);

  it('plans Chunxi Road (Chengdu) to Jiefangbei (Chongqing) by the Chengdu metro, the train and the Chongqing metro', async () => {
    const plans = (
      await collect(t, {
        type: 1,
        legs: [
          doorLeg({
            departure: '@30.6556,104.0775',
            departureName: '春熙路',
            destination: '@29.5575,106.5770',
            destinationName: '解放碑',
          }),
        ],
      })
    ).filter((r) => r.kind === 'mix');
    const byMetro = plans.filter(
      (p) =>
        p.legs.some((l) => l.kind === 'subway' && Math.abs((l.from?.lat ?? 0) - 30.65) < 0.2) &&
        p.legs.some((l) => l.kind === 'land'),
    );
    expect(byMetro.length).toBeGreaterThan(0);
    // The metro leg is a Chengdu line, priced by Chengdu's scale (¥2 and up).
    const metro = byMetro[0]?.legs.find((l) => l.kind === 'subway');
    expect(metro?.carrierName?.['zh-CN']).toMatch(/号线/);
    expect(metro?.price?.amount).toBeGreaterThanOrEqual(200);
    // From the train into Jiefangbei, plans ride the Chongqing metro: metro, train, metro.
    const inChongqing = (at?: { lat: number; lon: number }) =>
      Math.abs((at?.lat ?? 0) - 29.56) < 0.3 && Math.abs((at?.lon ?? 0) - 106.55) < 0.4;
    const bothEnds = byMetro.filter((p) => p.legs.some((l) => l.kind === 'subway' && inChongqing(l.to)));
    expect(bothEnds.length).toBeGreaterThan(0);
    const chongqing = bothEnds[0]?.legs.filter((l) => l.kind === 'subway').at(-1);
    expect(chongqing?.carrierName?.['zh-CN']).toMatch(/号线|环线/);
    expect(chongqing?.price?.amount).toBeGreaterThanOrEqual(200);
  }, 180_000);

  it('plans Wulin Square (Hangzhou) to Lujiazui (Shanghai) by the Hangzhou metro to the train', async () => {
    const plans = (
      await collect(t, {
        type: 1,
        legs: [
          doorLeg({
            departure: '@30.2747,120.1597',
            departureName: '武林广场',
            destination: '@31.2397,121.4998',
            destinationName: '陆家嘴',
          }),
        ],
      })
    ).filter((r) => r.kind === 'mix');
    const byMetro = plans.filter(
      (p) =>
        p.legs.some((l) => l.kind === 'subway' && Math.abs((l.from?.lat ?? 0) - 30.27) < 0.15) &&
        p.legs.some((l) => l.kind === 'land'),
    );
    expect(byMetro.length).toBeGreaterThan(0);
    const metro = byMetro[0]?.legs.find((l) => l.kind === 'subway');
    expect(metro?.carrierName?.['zh-CN']).toMatch(/号线/);
    expect(metro?.price?.amount).toBeGreaterThanOrEqual(200);
  }, 180_000);

  it('plans the Yellow Crane Tower (Wuhan) to Wuyi Square (Changsha) by the Wuhan metro to the train', async () => {
    const plans = (
      await collect(t, {
        type: 1,
        legs: [
          doorLeg({
            departure: '@30.5450,114.3025',
            departureName: '黄鹤楼',
            destination: '@28.1950,112.9770',
            destinationName: '五一广场',
          }),
        ],
      })
    ).filter((r) => r.kind === 'mix');
    const inWuhan = (at?: { lat: number; lon: number }) =>
      Math.abs((at?.lat ?? 0) - 30.58) < 0.35 && Math.abs((at?.lon ?? 0) - 114.3) < 0.4;
    const byMetro = plans.filter(
      (p) => p.legs.some((l) => l.kind === 'subway' && inWuhan(l.from)) && p.legs.some((l) => l.kind === 'land'),
    );
    expect(byMetro.length).toBeGreaterThan(0);
    // The metro leg is a Wuhan line, priced by Wuhan's scale (¥2 and up).
    const metro = byMetro[0]?.legs.find((l) => l.kind === 'subway');
    expect(metro?.carrierName?.['zh-CN']).toMatch(/号线/);
    expect(metro?.price?.amount).toBeGreaterThanOrEqual(200);
  }, 180_000);

  it('plans the Bell Tower (Xi’an) to Erqi Square (Zhengzhou) by the Xi’an metro to the train', async () => {
    const plans = (
      await collect(t, {
        type: 1,
        legs: [
          doorLeg({
            departure: '@34.2610,108.9425',
            departureName: '钟楼',
            destination: '@34.7540,113.6650',
            destinationName: '二七广场',
          }),
        ],
      })
    ).filter((r) => r.kind === 'mix');
    const inXian = (at?: { lat: number; lon: number }) =>
      Math.abs((at?.lat ?? 0) - 34.3) < 0.3 && Math.abs((at?.lon ?? 0) - 108.95) < 0.4;
    const byMetro = plans.filter(
      (p) => p.legs.some((l) => l.kind === 'subway' && inXian(l.from)) && p.legs.some((l) => l.kind === 'land'),
    );
    expect(byMetro.length).toBeGreaterThan(0);
    // The metro leg is a Xi'an line, priced by Xi'an's scale (¥2 and up).
    const metro = byMetro[0]?.legs.find((l) => l.kind === 'subway');
    expect(metro?.carrierName?.['zh-CN']).toMatch(/号线/);
    expect(metro?.price?.amount).toBeGreaterThanOrEqual(200);
  }, 180_000);

  it('plans Xinjiekou (Nanjing) to Lujiazui (Shanghai) by the Nanjing metro to the train', async () => {
    const plans = (
      await collect(t, {
        type: 1,
        legs: [
          doorLeg({
            departure: '@32.0415,118.7785',
            departureName: '新街口',
            destination: '@31.2363,121.5055',
            destinationName: '陆家嘴',
          }),
        ],
      })
    ).filter((r) => r.kind === 'mix');
    const inNanjing = (at?: { lat: number; lon: number }) =>
      Math.abs((at?.lat ?? 0) - 32.05) < 0.3 && Math.abs((at?.lon ?? 0) - 118.8) < 0.4;
    const byMetro = plans.filter(
      (p) => p.legs.some((l) => l.kind === 'subway' && inNanjing(l.from)) && p.legs.some((l) => l.kind === 'land'),
    );
    expect(byMetro.length).toBeGreaterThan(0);
    // The metro leg is a Nanjing line, priced by Nanjing's scale (¥2 and up).
    const metro = byMetro[0]?.legs.find((l) => l.kind === 'subway' && inNanjing(l.from));
    expect(metro?.carrierName?.['zh-CN']).toMatch(/号线/);
    expect(metro?.price?.amount).toBeGreaterThanOrEqual(200);
  }, 180_000);

  it('plans the Five Great Avenues (Tianjin) to Wangfujing (Beijing) by the Tianjin metro to the train', async () => {
    const plans = (
      await collect(t, {
        type: 1,
        legs: [
          doorLeg({
            departure: '@39.1140,117.2020',
            departureName: '五大道',
            destination: '@39.9125,116.4105',
            destinationName: '王府井',
          }),
        ],
      })
    ).filter((r) => r.kind === 'mix');
    const inTianjin = (at?: { lat: number; lon: number }) =>
      Math.abs((at?.lat ?? 0) - 39.12) < 0.3 && Math.abs((at?.lon ?? 0) - 117.2) < 0.4;
    const byMetro = plans.filter(
      (p) => p.legs.some((l) => l.kind === 'subway' && inTianjin(l.from)) && p.legs.some((l) => l.kind === 'land'),
    );
    expect(byMetro.length).toBeGreaterThan(0);
    // The metro leg is a Tianjin line, priced by Tianjin's scale (¥2 and up).
    const metro = byMetro[0]?.legs.find((l) => l.kind === 'subway' && inTianjin(l.from));
    expect(metro?.carrierName?.['zh-CN']).toMatch(/号线/);
    expect(metro?.price?.amount).toBeGreaterThanOrEqual(200);
  }, 180_000);

  it('plans Suzhou Center (Suzhou) to Xinjiekou (Nanjing) by the Suzhou metro to the train', async () => {
    const plans = (
      await collect(t, {
        type: 1,
        legs: [
          doorLeg({
            departure: '@31.3155,120.6710',
            departureName: '苏州中心',
            destination: '@32.0415,118.7785',
            destinationName: '新街口',
          }),
        ],
      })
    ).filter((r) => r.kind === 'mix');
    const inSuzhou = (at?: { lat: number; lon: number }) =>
      Math.abs((at?.lat ?? 0) - 31.32) < 0.2 && Math.abs((at?.lon ?? 0) - 120.65) < 0.3;
    const byMetro = plans.filter(
      (p) => p.legs.some((l) => l.kind === 'subway' && inSuzhou(l.from)) && p.legs.some((l) => l.kind === 'land'),
    );
    expect(byMetro.length).toBeGreaterThan(0);
    // The metro leg is a Suzhou line, priced by Suzhou's scale (¥2 and up).
    const metro = byMetro[0]?.legs.find((l) => l.kind === 'subway' && inSuzhou(l.from));
    expect(metro?.carrierName?.['zh-CN']).toMatch(/号线/);
    expect(metro?.price?.amount).toBeGreaterThanOrEqual(200);
  }, 180_000);

  it('plans Erqi Square (Zhengzhou) to the Bell Tower (Xi’an) by the Zhengzhou metro to the train', async () => {
    const plans = (
      await collect(t, {
        type: 1,
        legs: [
          doorLeg({
            departure: '@34.7540,113.6650',
            departureName: '二七广场',
            destination: '@34.2610,108.9425',
            destinationName: '钟楼',
          }),
        ],
      })
    ).filter((r) => r.kind === 'mix');
    const inZhengzhou = (at?: { lat: number; lon: number }) =>
      Math.abs((at?.lat ?? 0) - 34.75) < 0.2 && Math.abs((at?.lon ?? 0) - 113.7) < 0.3;
    const byMetro = plans.filter(
      (p) => p.legs.some((l) => l.kind === 'subway' && inZhengzhou(l.from)) && p.legs.some((l) => l.kind === 'land'),
    );
    expect(byMetro.length).toBeGreaterThan(0);
    // The metro leg is a Zhengzhou line, priced by Zhengzhou's scale (¥2 and up).
    const metro = byMetro[0]?.legs.find((l) => l.kind === 'subway' && inZhengzhou(l.from));
    expect(metro?.carrierName?.['zh-CN']).toMatch(/号线/);
    expect(metro?.price?.amount).toBeGreaterThanOrEqual(200);
  }, 180_000);

  it('plans Wuyi Square (Changsha) to the Yellow Crane Tower (Wuhan) by the Changsha metro to the train', async () => {
    const plans = (
      await collect(t, {
        type: 1,
        legs: [
          doorLeg({
            departure: '@28.1950,112.9770',
            departureName: '五一广场',
            destination: '@30.5450,114.3025',
            destinationName: '黄鹤楼',
          }),
        ],
      })
    ).filter((r) => r.kind === 'mix');
    const inChangsha = (at?: { lat: number; lon: number }) =>
      Math.abs((at?.lat ?? 0) - 28.2) < 0.2 && Math.abs((at?.lon ?? 0) - 113.0) < 0.3;
    const byMetro = plans.filter(
      (p) => p.legs.some((l) => l.kind === 'subway' && inChangsha(l.from)) && p.legs.some((l) => l.kind === 'land'),
    );
    expect(byMetro.length).toBeGreaterThan(0);
    // The metro leg is a Changsha line, priced by Changsha's scale (¥2 and up).
    const metro = byMetro[0]?.legs.find((l) => l.kind === 'subway' && inChangsha(l.from));
    expect(metro?.carrierName?.['zh-CN']).toMatch(/号线/);
    expect(metro?.price?.amount).toBeGreaterThanOrEqual(200);
  }, 180_000);

  it('plans Green Lake Park (Kunming) to Chunxi Road (Chengdu) by the Kunming metro to the train', async () => {
    const metro = await metroToTrain(
      t,
      { at: '@25.0475,102.7045', name: '翠湖公园' },
      { at: '@30.6560,104.0790', name: '春熙路' },
      { lat: 25.04, lon: 102.72 },
    );
    expect(metro.length).toBeGreaterThan(0);
    // The metro leg is a Kunming line, priced by Kunming's scale (¥2 and up).
    expect(metro[0]?.carrierName?.['zh-CN']).toMatch(/号线/);
    expect(metro[0]?.price?.amount).toBeGreaterThanOrEqual(200);
  }, 180_000);

  it('plans Taidong (Qingdao) to Wangfujing (Beijing) by the Qingdao metro to the train', async () => {
    const metro = await metroToTrain(
      t,
      { at: '@36.0855,120.3560', name: '台东步行街' },
      { at: '@39.9125,116.4105', name: '王府井' },
      { lat: 36.08, lon: 120.36 },
    );
    expect(metro.length).toBeGreaterThan(0);
    // The metro leg is a Qingdao line, priced by Qingdao's scale (¥2 and up).
    expect(metro[0]?.carrierName?.['zh-CN']).toMatch(/号线|快线/);
    expect(metro[0]?.price?.amount).toBeGreaterThanOrEqual(200);
  }, 180_000);

  it('plans Zhongjie (Shenyang) to Wangfujing (Beijing) by the Shenyang metro to the train', async () => {
    const metro = await metroToTrain(
      t,
      { at: '@41.7985,123.4580', name: '中街' },
      { at: '@39.9125,116.4105', name: '王府井' },
      { lat: 41.8, lon: 123.43 },
    );
    expect(metro.length).toBeGreaterThan(0);
    // The metro leg is a Shenyang line, priced by Shenyang's scale (¥2 and up).
    expect(metro[0]?.carrierName?.['zh-CN']).toMatch(/号线|快线/);
    expect(metro[0]?.price?.amount).toBeGreaterThanOrEqual(200);
  }, 180_000);

  it('plans Sanxiaokou (Hefei) to Xinjiekou (Nanjing) by the Hefei metro to the train', async () => {
    const metro = await metroToTrain(
      t,
      { at: '@31.8631,117.2698', name: '三孝口' },
      { at: '@32.0415,118.7785', name: '新街口' },
      { lat: 31.86, lon: 117.27 },
    );
    expect(metro.length).toBeGreaterThan(0);
    // The metro leg is a Hefei line, priced by Hefei's scale (¥2 and up).
    expect(metro[0]?.carrierName?.['zh-CN']).toMatch(/号线|快线/);
    expect(metro[0]?.price?.amount).toBeGreaterThanOrEqual(200);
  }, 180_000);

  it('plans Zhongshan Square (Dalian) to Zhongjie (Shenyang) by the Dalian metro to the train', async () => {
    const metro = await metroToTrain(
      t,
      { at: '@38.9155,121.6445', name: '中山广场' },
      { at: '@41.7985,123.4580', name: '中街' },
      { lat: 38.92, lon: 121.62 },
    );
    expect(metro.length).toBeGreaterThan(0);
    // The metro leg is a Dalian line, priced by Dalian's scale (¥2 and up).
    expect(metro[0]?.carrierName?.['zh-CN']).toMatch(/号线|快线/);
    expect(metro[0]?.price?.amount).toBeGreaterThanOrEqual(200);
  }, 180_000);

  it('plans Zhongshan Road (Xiamen) to Futian (Shenzhen) by the Xiamen metro to the train', async () => {
    const metro = await metroToTrain(
      t,
      { at: '@24.4575,118.0835', name: '中山路步行街' },
      { at: '@22.538,114.058', name: '福田' },
      { lat: 24.48, lon: 118.1 },
    );
    expect(metro.length).toBeGreaterThan(0);
    // The metro leg is a Xiamen line, priced by Xiamen's scale (¥2 and up).
    expect(metro[0]?.carrierName?.['zh-CN']).toMatch(/号线|快线/);
    expect(metro[0]?.price?.amount).toBeGreaterThanOrEqual(200);
  }, 180_000);

  it('plans the Drum Tower (Ningbo) to Wulin Square (Hangzhou) by the Ningbo metro to the train', async () => {
    const metro = await metroToTrain(
      t,
      { at: '@29.8755,121.5454', name: '鼓楼' },
      { at: '@30.2747,120.1597', name: '武林广场' },
      { lat: 29.87, lon: 121.55 },
    );
    expect(metro.length).toBeGreaterThan(0);
    // The metro leg is a Ningbo line, priced by Ningbo's scale (¥2 and up).
    expect(metro[0]?.carrierName?.['zh-CN']).toMatch(/号线|快线/);
    expect(metro[0]?.price?.amount).toBeGreaterThanOrEqual(200);
  }, 180_000);

  it('plans Green Lake Park (Kunming) to Lujiazui by Kunming’s Line 6 into the airport’s terminal and the plane', async () => {
    const plans = (
      await collect(t, {
        type: 1,
        legs: [
          doorLeg({
            departure: '@25.0475,102.7045',
            departureName: '翠湖公园',
            destination: '@31.2363,121.5055',
            destinationName: '陆家嘴',
          }),
        ],
      })
    ).filter((r) => r.kind === 'mix');
    // The metro's airport station lies in the terminal, 1.7 km from the airport's point: a walk inside it.
    const byAirportLine = plans.filter((p) => {
      const air = p.legs.findIndex((l) => l.kind === 'air');
      const before = p.legs.slice(0, Math.max(0, air)).filter((l) => l.kind !== 'lands');
      return air > 0 && before.at(-1)?.kind === 'subway' && before.at(-1)?.to.name['zh-CN'] === '机场中心';
    });
    expect(byAirportLine.length).toBeGreaterThan(0);
  }, 180_000);

  it('plans Taidong (Qingdao) to Wangfujing by the metro to Qingdao North, walked to the railway station a kilometre off', async () => {
    const plans = (
      await collect(t, {
        type: 1,
        legs: [
          doorLeg({
            departure: '@36.0855,120.3560',
            departureName: '台东步行街',
            destination: '@39.9125,116.4105',
            destinationName: '王府井',
          }),
        ],
      })
    ).filter((r) => r.kind === 'mix');
    // The metro station 青岛北站 is named for the railway station 1 km from it: plans walk between the two.
    const viaNorth = plans.filter((p) => {
      const train = p.legs.findIndex((l) => l.kind === 'land');
      const before = p.legs.slice(0, Math.max(0, train)).filter((l) => l.kind !== 'lands');
      return train > 0 && before.at(-1)?.to.name['zh-CN'] === '青岛北站';
    });
    expect(viaNorth.length).toBeGreaterThan(0);
    expect(viaNorth.every((p) => p.legs.find((l) => l.kind === 'land')?.from.name['zh-CN']?.startsWith('青岛北'))).toBe(
      true,
    );
  }, 180_000);

  it('offers no plan whose train has no tickets left in its class, and leaves out a train the railway has sold out', async () => {
    const plans = (await collect(t, { type: 1, legs: [doorLeg()] })).filter((r) => r.kind === 'mix');
    const rides = plans.flatMap((p) => p.legs.filter((l) => l.kind === 'land'));
    expect(rides.length).toBeGreaterThan(0);
    for (const ride of rides)
      expect(railRemaining(ride.number, ride.departureTime.slice(0, 10), ride.cabin ?? '')).toBeGreaterThan(0);

    // The railway sells one of those trains out on that day: the plans riding it go, the others stay.
    const gone = rides[0] as (typeof rides)[number];
    const day = gone.departureTime.slice(0, 10);
    const soldOut = await createTestApp(
      {
        SEARCH_LATENCY_SCALE: '0.02',
        SEARCH_SUPPLIER_FAILURES: 'false',
        SEARCH_SUPPLIER_TIMEOUT_MS: '60000',
        RATE_LIMIT_MAX: '100000',
        RAIL_SIM_SOLD_OUT: `${gone.number}@${day}`,
      },
      () => START,
    );
    try {
      const left = (await collect(soldOut, { type: 1, legs: [doorLeg()] })).filter((r) => r.kind === 'mix');
      expect(left.length).toBeGreaterThan(0);
      const usesGone = (p: SearchResult) =>
        p.legs.some((l) => l.kind === 'land' && l.number === gone.number && l.departureTime.startsWith(day));
      expect(plans.some(usesGone)).toBe(true);
      expect(left.some(usesGone)).toBe(false);
      expect(left.length).toBe(plans.filter((p) => !usesGone(p)).length);
    } finally {
      await soldOut.close();
    }
  }, 180_000);

  it('refuses a door off the earth as an unknown place, and two doors side by side as the same place', async () => {
    const off = await t.app.inject({
      method: 'POST',
      url: '/api/v2/search',
      payload: { type: 1, legs: [doorLeg({ departure: '@95,116' })] },
    });
    expect(off.statusCode).toBe(400);
    expect(off.json().errorCode).toBe(3103);
    const same = await t.app.inject({
      method: 'POST',
      url: '/api/v2/search',
      payload: { type: 1, legs: [doorLeg({ destination: '@39.9126,116.4106' })] },
    });
    expect(same.statusCode).toBe(400);
    expect(same.json().errorCode).toBe(3104);
  });
});
