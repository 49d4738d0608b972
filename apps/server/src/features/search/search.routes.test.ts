import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  distanceKm,
  formatDoorLinkToken,
  type LatLon,
  type LegPoint,
  type PriceCalendarView,
  type PullResponse,
  type ResultLeg,
  type SearchCriteria,
  type SearchCriteriaInput,
  type SearchResult,
  sameInBoth,
  shortLinkOf,
  type TrainStops,
} from '@junction/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testRefdata } from '../../../test/harness';
import { flightAt } from '../../../test/search-answers';
import { searchTestApp } from '../../../test/support/search-app';
import { sharedInventory } from './inventory/inventory';
import type { Supplier } from './suppliers/supplier';

const START = new Date('2026-11-22T04:00:00Z');
let clock = START.getTime();
const now = () => new Date(clock);

const oneWay = (over: Partial<SearchCriteriaInput> = {}, leg: Record<string, unknown> = {}): SearchCriteriaInput => ({
  type: 1,
  legs: [{ departure: 'BJS', destination: 'SHA', departure_date: '2026/12/01', ...leg }],
  ...over,
});

async function collect(t: TestApp, criteria: SearchCriteriaInput, headers: Record<string, string> = {}) {
  const started = await t.app.inject({ method: 'POST', url: '/api/v2/search', payload: criteria, headers });
  expect(started.statusCode, started.body).toBe(200);
  const { searchId } = started.json() as { searchId: string };
  const byId = new Map<string, SearchResult>();
  const pulls: PullResponse[] = [];
  let cursor = 0;
  // Until the search says it is done: every supplier has answered or run out of its time limit (60 s here),
  // however long a busy machine takes over the door-to-door plans.
  const giveUpAt = Date.now() + 90_000;
  while (Date.now() < giveUpAt) {
    const res = await t.app.inject({ method: 'POST', url: '/api/v2/pull', payload: { searchId, cursor } });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as PullResponse;
    pulls.push(body);
    for (const r of body.results) byId.set(r.id, r);
    cursor = body.cursor;
    if (body.done) break;
    await new Promise((r) => setTimeout(r, 40));
  }
  return { searchId, results: [...byId.values()], pulls, last: pulls[pulls.length - 1] as PullResponse };
}

/** Spec §4: a search is in `request` until a supplier answers, in `filter` while others are still out, then `pull`. */
const phaseOf = (p: PullResponse) => (p.done ? 'pull' : p.answered === 0 ? 'request' : 'filter');

describe('search API with the simulated suppliers', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A busy test machine may take a while over a new date's door-to-door timetable, past the usual limit.
    t = await searchTestApp(now);
  });
  afterAll(() => t.close());

  it.each([
    ['a past date', oneWay({}, { departure_date: '2026/11/20' }), 3101],
    ['an unknown place', oneWay({}, { departure: 'QQQ' }), 3103],
    ['the same city twice', oneWay({}, { destination: '北京' }), 3104],
    ['more than nine travellers', oneWay({ adults: 8, children: 2 }), 3105],
    ['more infants than adults', oneWay({ adults: 1, infants: 2 }), 3108],
    ['three children for one adult', oneWay({ adults: 1, children: 3 }), 3107],
    [
      'a later leg before the previous one',
      {
        type: 3,
        legs: [
          { departure: 'BJS', destination: 'SHA', departure_date: '2026/12/05' },
          { departure: 'SHA', destination: 'CAN', departure_date: '2026/12/03' },
        ],
      },
      3109,
    ],
    ['a return before the departure', oneWay({ type: 2 }, { return_date: '2026/11/30' }), 3110],
    ['a date that does not exist', oneWay({}, { departure_date: '2026/02/30' }), 1000],
    ['a malformed date', oneWay({}, { departure_date: '1 Dec' }), 1000],
  ])('rejects %s with its message code', async (_name, criteria, code) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v2/search', payload: criteria });
    expect(res.statusCode).toBe(400);
    expect(res.json().errorCode).toBe(code);
  });

  it('lets a pull wait up to a second for news, as the results page asks, and refuses any other wait', async () => {
    const started = await t.app.inject({ method: 'POST', url: '/api/v2/search', payload: oneWay() });
    const { searchId } = started.json() as { searchId: string };
    for (const waitMs of [-1, 1001, 2.5, '400']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v2/pull', payload: { searchId, cursor: 0, waitMs } });
      expect(res.statusCode, String(waitMs)).toBe(400);
      expect(res.json().errorCode).toBe(1000);
    }
    // Pulled again at once after every answer: the server's waits space the pulls, and the search ends.
    let cursor = 0;
    let last: PullResponse | undefined;
    const giveUpAt = Date.now() + 90_000;
    while (!last?.done && Date.now() < giveUpAt) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v2/pull',
        payload: { searchId, cursor, waitMs: 400 },
      });
      expect(res.statusCode, res.body).toBe(200);
      last = res.json() as PullResponse;
      expect(last.cursor).toBeGreaterThanOrEqual(cursor);
      cursor = last.cursor;
    }
    expect(last).toMatchObject({ done: true, answered: 5, total: 5 });
  });

  it('collects flights, trains and door-to-door plans from every supplier, progressively', async () => {
    const { results, pulls, last } = await collect(t, oneWay());
    expect(last).toMatchObject({ phase: 'pull', done: true, answered: 5, total: 5, failed: [] });
    // Every answer names its phase by what has arrived: nothing yet, some suppliers, or all of them.
    for (const p of pulls) expect(p.phase).toBe(phaseOf(p));
    const kinds = new Set(results.map((r) => r.kind));
    expect(kinds).toEqual(new Set(['flight', 'train', 'mix']));
    for (const r of results) {
      expect(r.price.amount).toBeGreaterThan(0);
      expect(Number.isInteger(r.price.amount)).toBe(true);
      expect(Date.parse(r.arrivalTime)).toBeGreaterThan(Date.parse(r.departureTime));
      expect(r.departureTime).toMatch(/T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
    }
    const train = results.find((r) => r.kind === 'train' && r.legs[0]?.number.startsWith('G') && !r.legs[0]?.soldOut);
    expect(train?.legs[0]).toMatchObject({ kind: 'land', carrier: 'CR', trainType: 'G' });
    expect(train?.legs[0]?.seats?.map((s) => s.code)).toEqual(['O', 'M', 'A9']);
    expect(train?.agent).toBe('railway');
    // Door to door: from the centre of Beijing by taxi or metro, then a flight or a train, then on to Shanghai's centre.
    const mix = results.filter((r) => r.kind === 'mix');
    const viaTrain = mix.find((r) => r.legs.some((l) => l.kind === 'land' && l.number.startsWith('G')));
    const viaAir = mix.find((r) => r.legs.some((l) => l.kind === 'air'));
    // The Beijing subway takes travellers from the centre to the airport or station.
    expect(mix.some((r) => r.legs.some((l) => l.kind === 'subway' && /^Line \d/.test(l.number)))).toBe(true);
    expect(viaTrain).toBeDefined();
    expect(viaAir).toBeDefined();
    for (const plan of [viaTrain, viaAir] as SearchResult[]) {
      expect(['taxi', 'subway', 'lands']).toContain(plan.legs[0]?.kind);
      expect(['taxi', 'subway', 'lands']).toContain(plan.legs.at(-1)?.kind);
      expect(plan.legs[0]?.from.kind === 'address' || plan.legs[0]?.from.kind === 'metro').toBe(true);
      expect(plan.agent).toBe('combined');
      // Only a ride followed by another ride is a self-transfer.
      const rides = plan.legs.filter((l) => l.kind === 'air' || l.kind === 'land');
      expect(plan.legs.filter((l) => l.separateTicket)).toHaveLength(rides.length - 1);
    }
  }, 100_000);

  it('prices flights and trains from the door: ground legs start at the door, with their prices and the door-to-door time', async () => {
    const wangfujing = { lat: 39.9125, lon: 116.4105 };
    const lujiazui = { lat: 31.2363, lon: 121.5055 };
    const criteria = oneWay(
      { type: 2 },
      {
        departure: '@39.9125,116.4105',
        departureName: 'Wangfujing',
        departure_only_airport: true,
        destination: '@31.2363,121.5055',
        destinationName: '陆家嘴',
        destination_only_airport: true,
        return_date: '2026/12/04',
      },
    );
    const { searchId, results } = await collect(t, criteria);
    const inventory = await sharedInventory(testRefdata(), false);
    const tickets = results.filter((r) => r.kind === 'flight' || r.kind === 'train');
    expect(new Set(tickets.map((r) => r.kind))).toEqual(new Set(['flight', 'train']));
    const isGround = (l: ResultLeg) => l.kind === 'taxi' || l.kind === 'lands' || l.kind === 'subway';
    for (const r of [...tickets, ...results.filter((x) => x.kind === 'mix')]) {
      const [out, back] = r.bounds.map((b) => r.legs.slice(b.start, b.end));
      const first = out?.[0] as ResultLeg;
      const last = back?.at(-1) as ResultLeg;
      // Out from the door at Wangfujing, named in both languages, and back to it at the end of the return.
      expect(isGround(first), r.id).toBe(true);
      expect(first.from).toMatchObject({ kind: 'address', name: { en: 'Wangfujing', 'zh-CN': '王府井' } });
      expect(distanceKm(first.from, wangfujing)).toBeLessThan(0.01);
      expect(isGround(last), r.id).toBe(true);
      expect(distanceKm(last.to, wangfujing)).toBeLessThan(0.01);
      // Lujiazui at the end of the way out and the start of the way back.
      expect(distanceKm(out?.at(-1)?.to as LatLon, lujiazui)).toBeLessThan(0.01);
      expect(out?.at(-1)?.to.name).toEqual({ en: 'Lujiazui', 'zh-CN': '陆家嘴' });
      expect(distanceKm(back?.[0]?.from as LatLon, lujiazui)).toBeLessThan(0.01);
      expect(r.departureTime).toBe(first.departureTime);
      expect(r.arrivalTime).toBe(last.arrivalTime);
      const span = (legs: ResultLeg[]) =>
        Math.round((Date.parse(legs.at(-1)?.arrivalTime ?? '') - Date.parse(legs[0]?.departureTime ?? '')) / 60_000);
      expect(r.durationMinutes).toBe(span(out ?? []) + span(back ?? []));
    }
    for (const r of tickets) {
      const rides = r.legs.filter((l) => !isGround(l));
      const ground = r.legs.filter(isGround);
      // A walk or a taxi at each end of each journey, priced (a taxi is never free), reaching the first
      // ride the check-in time before it leaves; the price is still the tickets' best seller's.
      expect(ground).toHaveLength(4);
      for (const g of ground) expect(g.kind === 'lands' ? g.price.amount === 0 : g.price.amount > 0).toBe(true);
      const first = r.legs[0] as ResultLeg;
      const boarding = inventory.boardingSeconds(rides[0]?.from as LegPoint, first.kind === 'taxi' ? 'taxi' : 'walk');
      expect(boarding).toBeGreaterThanOrEqual(rides[0]?.kind === 'air' ? 3600 : 15 * 60);
      expect(Date.parse(rides[0]?.departureTime ?? '') - Date.parse(first.arrivalTime)).toBe(boarding * 1000);
      expect(r.price.amount).toBe(Math.min(...r.sellers.map((s) => s.price.amount)));
    }
    // Re-priced before booking, a result keeps its ground legs and its price.
    const flight = tickets.find((r) => r.kind === 'flight') as SearchResult;
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/v2/refresh',
      payload: { searchId, resultId: flight.id },
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(refreshed.json()).toMatchObject({ priceChanged: false });
    expect(refreshed.json().result.legs).toEqual(flight.legs);
  }, 90_000);

  it('prices a train in a door-to-door plan as its own result does, and reaches its station in time to board', async () => {
    const { results } = await collect(t, oneWay());
    const trains = new Map(
      results
        .filter((r) => r.kind === 'train' && r.legs.length === 1)
        .map((r) => [`${r.legs[0]?.number}@${r.legs[0]?.departureTime}>${r.legs[0]?.to.code}`, r.legs[0] as ResultLeg]),
    );
    const plans = results.filter((r) => r.kind === 'mix' && r.legs.some((l) => l.kind === 'land'));
    expect(plans.length).toBeGreaterThan(0);
    const inventory = await sharedInventory(testRefdata(), false);
    let compared = 0;
    for (const plan of plans) {
      // The plan costs what its legs cost, and each train what the railway's own result for it costs.
      expect(plan.price.amount).toBe(plan.legs.reduce((sum, l) => sum + l.price.amount, 0));
      for (const [i, leg] of plan.legs.entries()) {
        if (leg.kind !== 'land') continue;
        const own = trains.get(`${leg.number}@${leg.departureTime}>${leg.to.code}`);
        if (own) {
          compared++;
          expect(leg.cabin, leg.number).toBe(own.cabin);
          expect(leg.price, leg.number).toEqual(own.price);
          expect(leg.seats, leg.number).toEqual(own.seats);
        }
        // Arriving by taxi, metro or on foot, the traveller has the station's time to board before it leaves.
        const before = plan.legs[i - 1] as ResultLeg;
        if (before.kind === 'land' || before.kind === 'air') continue;
        const arrival = before.kind === 'taxi' ? 'taxi' : before.kind === 'subway' ? 'subway' : 'walk';
        const needed = inventory.boardingSeconds(leg.from, arrival) * 1000;
        expect(Date.parse(leg.departureTime) - Date.parse(before.arrivalTime), `${plan.id}`).toBeGreaterThanOrEqual(
          needed,
        );
      }
    }
    expect(compared).toBeGreaterThan(0);
    // Beijing South is a hub: a plan arriving there by metro or taxi leaves 40 or 35 minutes before its train.
    const atSouth = plans.flatMap((p) =>
      p.legs.flatMap((l, i) => (l.kind === 'land' && l.from.code === 'VNP' && i > 0 ? [[p.legs[i - 1], l]] : [])),
    ) as [ResultLeg, ResultLeg][];
    expect(atSouth.length).toBeGreaterThan(0);
    for (const [ground, train] of atSouth) {
      const minutes = (Date.parse(train.departureTime) - Date.parse(ground.arrivalTime)) / 60_000;
      expect(minutes).toBeGreaterThanOrEqual(ground.kind === 'subway' ? 40 : 35);
    }
  }, 100_000);

  it("lists a train's stations by name with its times and minutes at each, and says so for a train it does not know", async () => {
    const { results } = await collect(t, oneWay({ mode: 'train' }));
    const train = results.find((r) => r.legs.length === 1 && r.legs[0]?.number.startsWith('G'))?.legs[0] as ResultLeg;
    const query = `number=${train.number}&from=${train.from.code}&date=${encodeURIComponent('2026/12/01')}`;
    const res = await t.app.inject({ url: `/api/v2/train-stops?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    const { stops } = res.json() as TrainStops;
    const board = stops.find((s) => s.code === train.from.code);
    const alight = stops.find((s) => s.code === train.to.code);
    expect(board).toMatchObject({ name: train.from.name, departure: train.departureTime });
    expect(alight).toMatchObject({ name: train.to.name, arrival: train.arrivalTime });
    expect(stops[0]?.arrival).toBeUndefined();
    expect(stops.at(-1)?.departure).toBeUndefined();
    for (const stop of stops.slice(1, -1)) {
      expect(stop.name.en && stop.name['zh-CN']).toBeTruthy();
      expect(stop.dwellMinutes).toBe((Date.parse(stop.departure ?? '') - Date.parse(stop.arrival ?? '')) / 60_000);
    }
    const unknown = await t.app.inject({ url: `/api/v2/train-stops?number=G9999&from=VNP&date=2026%2F12%2F01` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errorCode).toBe(3202);
    const bad = await t.app.inject({ url: `/api/v2/train-stops?number=VNP&from=1&date=x` });
    expect(bad.statusCode).toBe(400);
  });

  it('keeps a domestic trip in the country, and names the terminal a flight uses where it is known', async () => {
    const { results } = await collect(t, oneWay({ mode: 'flight' }));
    const legs = results.flatMap((r) => r.legs.filter((l) => l.kind === 'air'));
    // Beijing–Shanghai changes planes in China or not at all: no Seoul, Jeju or Taipei, so no Korean Air or EVA.
    const inventory = await sharedInventory(testRefdata(), false);
    const countries = new Set(legs.flatMap((l) => [l.from, l.to]).map((p) => inventory.airport(p.code)?.country));
    expect(countries).toEqual(new Set(['CN']));
    const carriers = new Set(legs.map((l) => l.carrier));
    for (const code of ['KE', 'OZ', 'BR']) expect(carriers.has(code), code).toBe(false);
    const airChinaAtCapital = legs.filter((l) => l.carrier === 'CA' && l.from.code === 'PEK');
    expect(airChinaAtCapital.length).toBeGreaterThan(0);
    for (const l of airChinaAtCapital) expect(l.from.terminal).toBe('T3');
    // Where the table has no terminal, none is made up.
    for (const l of legs.filter((x) => x.from.code === 'PKX')) expect(l.from.terminal).toBeUndefined();
  }, 60_000);

  it('merges one flight sold by several suppliers, keeping the best price and every seller', async () => {
    const { results } = await collect(t, oneWay({ mode: 'flight' }));
    expect(results.every((r) => r.kind === 'flight')).toBe(true);
    const shared = results.filter((r) => r.sellers.length > 1);
    expect(shared.length).toBeGreaterThan(0);
    for (const r of shared) {
      expect(r.price.amount).toBe(Math.min(...r.sellers.map((s) => s.price.amount)));
      expect(new Set(r.sellers.map((s) => s.supplier)).size).toBe(r.sellers.length);
    }
    // Suppliers price the same flight differently, so comparing matters.
    expect(shared.some((r) => new Set(r.sellers.map((s) => s.price.amount)).size > 1)).toBe(true);
  }, 60_000);

  it('names places, carriers and sellers in both languages, the same whatever the language of the search', async () => {
    const zh = await collect(t, oneWay({ mode: 'train' }), { cookie: 'lang=zh-CN' });
    const en = await collect(t, oneWay({ mode: 'train' }), { cookie: 'lang=en' });
    expect(zh.results.length).toBeGreaterThan(0);
    expect(en.results).toEqual(zh.results);
    const fromSouth = zh.results.find((r) => r.legs[0]?.from.code === 'VNP');
    expect(fromSouth?.legs[0]).toMatchObject({
      carrier: 'CR',
      carrierName: { en: 'China Railway', 'zh-CN': '中国铁路' },
      from: {
        code: 'VNP',
        kind: 'station',
        name: { en: 'Beijing South', 'zh-CN': '北京南' },
        city: { name: { en: 'Beijing', 'zh-CN': '北京' } },
      },
    });
    expect(fromSouth?.legs[0]?.from.placeId).toEqual(expect.any(Number));
    expect(fromSouth?.sellers[0]?.name).toEqual({ en: 'China Railway 12306', 'zh-CN': '中国铁路12306' });
  });

  it('names the places of criteria by their tokens, in both languages', async () => {
    const res = await t.app.inject({ url: '/api/v2/places?tokens=BJS,PVG,%E4%B8%8A%E6%B5%B7,QQQ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().places).toEqual([
      { id: expect.any(Number), kind: 'city', code: 'BJS', name: { en: 'Beijing', 'zh-CN': '北京' } },
      {
        id: expect.any(Number),
        kind: 'airport',
        code: 'PVG',
        name: { en: 'Shanghai Pudong International Airport', 'zh-CN': '上海浦东国际机场' },
      },
      { id: expect.any(Number), kind: 'city', code: 'SHA', name: { en: 'Shanghai', 'zh-CN': '上海' } },
      null,
    ]);
    const tooMany = Array.from({ length: 11 }, () => 'BJS').join(',');
    expect((await t.app.inject({ url: `/api/v2/places?tokens=${tooMany}` })).statusCode).toBe(400);
  });

  it('prices a round trip as two journeys and a multi-city trip as one per leg', async () => {
    const round = await collect(t, oneWay({ type: 2, mode: 'train' }, { return_date: '2026/12/04' }));
    expect(round.results.length).toBeGreaterThan(0);
    for (const r of round.results) {
      expect(r.bounds).toHaveLength(2);
      const back = r.legs[r.bounds[1]?.start ?? 0];
      expect(back?.departureTime.slice(0, 10)).toBe('2026-12-04');
      expect(back?.from.city?.name.en ?? back?.from.name.en).toMatch(/Shanghai/);
    }
    const multi = await collect(t, {
      type: 3,
      mode: 'flight',
      legs: [
        { departure: 'BJS', destination: 'SHA', departure_date: '2026/12/01' },
        { departure: 'SHA', destination: 'CAN', departure_date: '2026/12/03' },
        { departure: 'CAN', destination: 'CTU', departure_date: '2026/12/06' },
      ],
    });
    expect(multi.results.length).toBeGreaterThan(0);
    for (const r of multi.results) expect(r.bounds).toHaveLength(3);
  }, 60_000);

  it('searches the days around the date when asked for flexibility, door to door too', async () => {
    const { results } = await collect(t, oneWay({ mode: 'train', flexDays: 2 }));
    expect(new Set(results.map((r) => r.date))).toEqual(
      new Set(['2026/11/29', '2026/11/30', '2026/12/01', '2026/12/02', '2026/12/03']),
    );
    const all = await collect(t, oneWay({ flexDays: 1 }));
    const days = ['2026/11/30', '2026/12/01', '2026/12/02'];
    for (const kind of ['flight', 'train', 'mix'] as const)
      expect(new Set(all.results.filter((r) => r.kind === kind).map((r) => r.date)), kind).toEqual(new Set(days));
  }, 120_000);

  it('prices the days around a search on one date: the lowest of each kind, as a search on that day finds them', async () => {
    const { searchId, results } = await collect(t, oneWay());
    const res = await t.app.inject({ url: `/api/v2/calendar?searchId=${searchId}` });
    expect(res.statusCode, res.body).toBe(200);
    const calendar = res.json() as PriceCalendarView;
    expect(calendar.days.map((d) => d.date)).toEqual([
      '2026/11/28',
      '2026/11/29',
      '2026/11/30',
      '2026/12/01',
      '2026/12/02',
      '2026/12/03',
      '2026/12/04',
    ]);
    const lowest = (list: SearchResult[], kind: string) =>
      Math.min(...list.filter((r) => r.kind === kind && !r.legs.some((l) => l.soldOut)).map((r) => r.price.amount));
    const own = calendar.days.find((d) => d.date === '2026/12/01');
    for (const kind of ['flight', 'train', 'mix'] as const)
      expect(own?.lowest[kind]?.amount).toBe(lowest(results, kind));
    // Flights cost differently from day to day: the calendar is not one train's fare seven times over.
    expect(new Set(calendar.days.map((d) => d.lowest.flight?.amount)).size).toBeGreaterThan(1);
    for (const day of calendar.days) expect(day.lowest.mix, day.date).toBeDefined();
    // The next day as its own search finds what its day in the calendar says.
    const next = await collect(t, oneWay({}, { departure_date: '2026/12/02' }));
    const day = calendar.days.find((d) => d.date === '2026/12/02');
    for (const kind of ['flight', 'train', 'mix'] as const)
      expect(day?.lowest[kind]?.amount, kind).toBe(lowest(next.results, kind));
    const unknown = await t.app.inject({ url: '/api/v2/calendar?searchId=nope' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ errorCode: 3001, errorType: 'expired' });
  }, 180_000);

  it('prices more travellers higher, children below adults', async () => {
    const one = await collect(t, oneWay({ mode: 'train' }));
    const family = await collect(t, oneWay({ mode: 'train', adults: 2, children: 1 }));
    const a = one.results.find((r) => r.legs[0]?.trainType === 'G');
    const b = family.results.find((r) => r.id === a?.id);
    expect(a && b).toBeTruthy();
    expect(b?.price.amount).toBe((a?.price.amount ?? 0) * 2 + Math.round(((a?.price.amount ?? 0) * 0.5) / 50) * 50);
  });

  it('re-prices a result, and answers 400 expired with the criteria once prices are stale', async () => {
    clock = START.getTime();
    const { searchId, results } = await collect(t, oneWay({ mode: 'train' }));
    const chosen = results[0] as SearchResult;
    const fresh = await t.app.inject({
      method: 'POST',
      url: '/api/v2/refresh',
      payload: { searchId, resultId: chosen.id },
    });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json()).toMatchObject({ priceChanged: false, result: { id: chosen.id, price: chosen.price } });

    const gone = await t.app.inject({
      method: 'POST',
      url: '/api/v2/refresh',
      payload: { searchId, resultId: 'T:nothing' },
    });
    expect(gone.statusCode).toBe(400);
    expect(gone.json().errorCode).toBe(3003);

    clock += 11 * 60_000;
    const stale = await t.app.inject({
      method: 'POST',
      url: '/api/v2/refresh',
      payload: { searchId, resultId: chosen.id },
    });
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toMatchObject({ errorType: 'expired', errorCode: 3002, params: { type: 1, mode: 'train' } });

    clock += 10 * 60_000;
    const expired = await t.app.inject({ method: 'POST', url: '/api/v2/pull', payload: { searchId, cursor: 0 } });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({
      errorType: 'expired',
      errorCode: 3001,
      params: { legs: [{ departure: 'BJS' }] },
    });
    clock = START.getTime();
  }, 60_000);

  it('answers an unknown search with 400 expired and nothing to re-run', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v2/pull', payload: { searchId: 'nope', cursor: 0 } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errorType).toBe('expired');
    expect(res.json().params).toBeUndefined();
  });

  it('reads three letters as a city or airport code, and a Chinese prefix only when one place has it', async () => {
    const legOf = async (routes: string) => {
      const res = await t.app.inject({ url: `/api/v2/link?routes=${encodeURIComponent(routes)}` });
      expect(res.statusCode, `${routes}: ${res.body}`).toBe(200);
      return res.json().criteria.legs[0];
    };
    expect(await legOf('pek-sha-261201')).toMatchObject({ departureName: 'Beijing Capital International Airport' });
    expect(await legOf('BJS-SHA-261201')).toMatchObject({ departureName: 'Beijing', destinationName: 'Shanghai' });
    // 九寨 starts one place only (九寨黄龙机场); 拉萨 is a city and its station of the same name.
    expect(await legOf('九寨-BJS-261201')).toMatchObject({ departure_only_airport: true });
    expect(await legOf('BJS-拉萨-261201')).toMatchObject({ destinationName: 'Lhasa', destination_only_airport: false });
  });

  it('names what is below each place on a multi-city link, in the language asked for', async () => {
    const res = await t.app.inject({
      url: '/api/v2/link?routes=BJS-PVG-261201-SHA-CTU-261203',
      headers: { cookie: 'lang=zh-CN' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(
      res.json().criteria.legs.map((l: Record<string, string>) => [l.departureBelowName, l.destinationBelowName]),
    ).toEqual([
      ['中国', '上海'],
      ['中国', '中国'],
    ]);
    const oneWay = await t.app.inject({ url: '/api/v2/link?routes=BJS-PVG-261201' });
    expect(oneWay.json().criteria.legs[0]).not.toHaveProperty('departureBelowName');
  });

  it('turns a short link into criteria, and rejects an invalid one', async () => {
    const ok = await t.app.inject({
      url: '/api/v2/link?routes=bjs-sha-261201-261205,C,2,1',
      headers: { cookie: 'lang=zh-CN' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().criteria).toMatchObject({
      type: 2,
      cabin: 'C',
      adults: 2,
      children: 1,
      legs: [
        { departure_date: '2026/12/01', return_date: '2026/12/05', departureName: '北京', destinationName: '上海' },
      ],
    });
    for (const bad of [
      'BJS-SHA-261101',
      'BJS-SHA-261301',
      'BJS-SHA',
      'B-SHA-261201',
      'BJS-SHA-261201-261130',
      // Railway telecodes (北京南 VNP, 上海虹桥 AOH) are not place tokens (spec §5).
      'VNP-SHA-261201',
      'BJS-AOH-261201',
      // A Chinese prefix that more than one place starts with: 上海虹桥 and 上海虹桥国际机场; 哈尔滨 and its stations.
      `${encodeURIComponent('上海虹')}-BJS-261201`,
      `BJS-${encodeURIComponent('哈尔')}-261201`,
    ]) {
      const res = await t.app.inject({ url: `/api/v2/link?routes=${bad}` });
      expect(res.statusCode, bad).toBe(400);
    }
  });
});

describe('short links with a door', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_MAX: '100000' }, now);
  });
  afterAll(() => t.close());

  const linkOf = (routes: string, language = 'en') =>
    t.app.inject({ url: `/api/v2/link?routes=${encodeURIComponent(routes)}`, headers: { cookie: `lang=${language}` } });

  it('carries a door as its point and name, with the city it goes from', async () => {
    const routes = `${formatDoorLinkToken({ lat: 39.9125, lon: 116.4105, name: '王府井 - Wangfujing' })}-SHA-261201,,2`;
    const res = await linkOf(routes, 'zh-CN');
    expect(res.statusCode, res.body).toBe(200);
    const { criteria } = res.json() as { criteria: SearchCriteria };
    expect(criteria).toMatchObject({ type: 1, adults: 2 });
    expect(criteria.legs[0]).toMatchObject({
      departure: '@39.9125,116.4105',
      departureName: '王府井 - Wangfujing',
      departureCityCode: 'BJS',
      departure_only_airport: true,
      destinationName: '上海',
      destinationCityCode: 'SHA',
    });
    // The criteria's own short link is the link again, and city-to-city links keep their city codes.
    expect(shortLinkOf(criteria)).toBe(routes.replace(',,2', ',Y,2'));
    const cities = await linkOf('BJS-SHA-261201');
    expect(shortLinkOf((cities.json() as { criteria: SearchCriteria }).criteria)).toBe('BJS-SHA-261201');
  });

  it('names a door in both languages: in the link in either language, and by its token', async () => {
    const routes = `${formatDoorLinkToken({ lat: 39.9125, lon: 116.4105, name: '王府井' })}-SHA-261201`;
    const en = (await linkOf(routes, 'en')).json() as { criteria: SearchCriteria };
    expect(en.criteria.legs[0]).toMatchObject({ departureName: 'Wangfujing', destinationName: 'Shanghai' });
    const places = await t.app.inject({ url: '/api/v2/places?tokens=@39.9125,116.4105,SHA,@31.24,121.52' });
    expect(places.statusCode, places.body).toBe(200);
    expect(places.json().places).toMatchObject([
      { kind: 'door', name: { en: 'Wangfujing', 'zh-CN': '王府井' } },
      { kind: 'city', name: { en: 'Shanghai', 'zh-CN': '上海' } },
      // The nearest named place is the Shanghai metro's 浦东大道 station, 0.5 km away.
      { kind: 'door', name: { en: 'Near Pudong Avenue', 'zh-CN': '浦东大道附近' } },
    ]);
  });

  it('answers every malformed door link with 1000, never a server error', async () => {
    for (const bad of ['@39.9125,116.4105-SHA-261201', '@95N116E~x-SHA-261201', '@39.9N116.4E~a%2-SHA-261201']) {
      const res = await linkOf(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().errorCode).toBe(1000);
    }
    const part = fc.oneof(
      fc.constantFrom('SHA', 'BJS', '261201', '@39.9125N116.4105E', '@31.2N121.5E~陆家嘴', '@0S0W~%25'),
      fc.string({ maxLength: 12 }),
      fc.string({ unit: fc.constantFrom('@', 'N', 'E', 'S', 'W', '~', '%', '2', 'D', '.', '9', '-', ',') }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(part, { minLength: 1, maxLength: 7 }), async (parts) => {
        const routes = parts.join('-');
        fc.pre(routes.length > 0 && routes.length <= 300);
        const res = await linkOf(routes);
        expect([200, 400], routes).toContain(res.statusCode);
        if (res.statusCode === 400) expect(res.json().errorCode).toBe(1000);
      }),
      { numRuns: 150 },
    );
  });
});

describe('search API when suppliers fail', () => {
  let t: TestApp;
  const result = (id: string, amount: number) => flightAt(id, amount, { supplier: 'good', name: sameInBoth('Good') });
  const supplier = (id: string, search: Supplier['search']): Supplier => ({
    id,
    name: sameInBoth(id.toUpperCase()),
    kind: 'flight',
    search,
    quote: async () => undefined,
  });
  beforeAll(async () => {
    // The limit is far beyond the late supplier's 100 ms, so only the silent one reaches it, however busy the machine.
    t = await createTestApp({ SEARCH_SUPPLIER_TIMEOUT_MS: '3000' }, now, {
      suppliers: () => [
        supplier('good', async () => [result('F:1', 50_000), result('F:2', 60_000)]),
        supplier('broken', async () => {
          throw new Error('503 from upstream');
        }),
        supplier(
          'silent',
          (_r, signal) => new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason))),
        ),
        supplier('late', async () => {
          await new Promise((r) => setTimeout(r, 100));
          return [result('F:1', 45_000)];
        }),
      ],
    });
  });
  afterAll(() => t.close());

  it('survives a failing and a silent supplier and reports them', async () => {
    const { results, last, pulls } = await collect(t, oneWay());
    expect(last).toMatchObject({ done: true, answered: 4, total: 4 });
    expect(new Set(last.failed.map((n) => n.en))).toEqual(new Set(['BROKEN', 'SILENT']));
    expect(pulls.some((p) => !p.done && p.answered >= 1)).toBe(true);
    const merged = results.find((r) => r.id === 'F:1');
    expect(merged?.price.amount).toBe(45_000);
    expect(merged?.sellers.map((s) => s.supplier)).toEqual(['good', 'good']);
    expect(results).toHaveLength(2);
  }, 120_000);
});

describe('search phases', () => {
  let t: TestApp;
  /** Suppliers that answer only when the test lets them, so every phase is seen whatever the machine's speed. */
  const release: Record<string, () => void> = {};
  const gated = (id: string): Supplier => ({
    id,
    name: sameInBoth(id.toUpperCase()),
    kind: 'flight',
    search: () =>
      new Promise<SearchResult[]>((resolve) => {
        release[id] = () => resolve([]);
      }),
    quote: async () => undefined,
  });
  beforeAll(async () => {
    t = await createTestApp({ SEARCH_SUPPLIER_TIMEOUT_MS: '60000' }, now, {
      suppliers: () => [gated('a'), gated('b')],
    });
  });
  afterAll(() => t.close());

  const pull = async (searchId: string) =>
    (
      await t.app.inject({ method: 'POST', url: '/api/v2/pull', payload: { searchId, cursor: 0 } })
    ).json() as PullResponse;
  /** Pulls until the count of suppliers answered reaches `answered` (the answer is written a moment later). */
  async function pullUntil(searchId: string, answered: number): Promise<PullResponse> {
    for (const end = Date.now() + 10_000; Date.now() < end; ) {
      const p = await pull(searchId);
      if (p.answered >= answered) return p;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error(`never saw ${answered} suppliers answer`);
  }
  /** Lets supplier `id` answer once the search has asked it (it may not have yet when the start is answered). */
  async function letAnswer(id: string): Promise<void> {
    for (const end = Date.now() + 10_000; !release[id] && Date.now() < end; )
      await new Promise((r) => setTimeout(r, 10));
    const answer = release[id];
    if (!answer) throw new Error(`the search never asked ${id}`);
    answer();
  }

  it('goes from request to filter to pull as suppliers answer', async () => {
    const started = await t.app.inject({ method: 'POST', url: '/api/v2/search', payload: oneWay() });
    const { searchId } = started.json() as { searchId: string };
    const first = await pull(searchId);
    expect(first).toMatchObject({ phase: 'request', answered: 0, total: 2, done: false });
    await letAnswer('a');
    expect(await pullUntil(searchId, 1)).toMatchObject({ phase: 'filter', answered: 1, done: false });
    await letAnswer('b');
    expect(await pullUntil(searchId, 2)).toMatchObject({ phase: 'pull', answered: 2, done: true });
  });
});

describe('route landing pages', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-'));
    fs.writeFileSync(
      path.join(dir, 'index.html'),
      '<!doctype html><html lang="en"><head><meta name="description" content="Junction" /><title>Junction</title></head><body><div id="root"></div></body></html>',
    );
    t = await createTestApp({ WEB_DIST: dir, PUBLIC_URL: 'https://junction.example' }, now);
  });
  afterAll(() => t.close());

  it('answers a route with its own title, description, canonical and language alternates', async () => {
    const res = await t.app.inject({ url: '/search/BJS-SHA-261201' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(
      '<title>Beijing to Shanghai flights, trains and door-to-door plans · 1 December 2026 | Junction</title>',
    );
    expect(res.body).toMatch(
      /<meta name="description" content="Compare flights, China Railway trains and door-to-door plans from Beijing to Shanghai/,
    );
    expect(res.body).toContain(
      '<link rel="canonical" href="https://junction.example/search/BJS-SHA-261201?lang=en" />',
    );
    expect(res.body).toContain('hreflang="zh-CN" href="https://junction.example/search/BJS-SHA-261201?lang=zh-CN"');
    expect(res.body.match(/<meta name="description"/g)).toHaveLength(1);
    expect(res.body).not.toContain('noindex');
  });

  it('serves a link from a door as the plain page, kept out of search engines', async () => {
    const door = formatDoorLinkToken({ lat: 39.9125, lon: 116.4105, name: '王府井' });
    const res = await t.app.inject({ url: `/search/${encodeURIComponent(door)}-SHA-261201` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Junction</title>');
    expect(res.body).toContain('<meta name="robots" content="noindex" />');
    expect(res.body).not.toContain('rel="canonical"');
    // A long name in Chinese is a long address, and still reaches the page.
    const long = formatDoorLinkToken({
      lat: 39.9125,
      lon: 116.4105,
      name: '北京市东城区王府井大街一百三十八号新东安广场北门',
    });
    const longRes = await t.app.inject({ url: `/search/${encodeURIComponent(long)}-SHA-261201` });
    expect(longRes.statusCode).toBe(200);
    expect(longRes.body).toContain('noindex');
  });

  it('speaks Chinese when asked, remembers it, and keeps the plan path', async () => {
    const res = await t.app.inject({ url: '/search/bjs-sha-261201-261205/T%3AG1?lang=zh-CN' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html lang="zh-CN">');
    expect(res.body).toContain('<title>北京⇄上海 往返 · 2026年12月1日–2026年12月5日 | 联程旅行</title>');
    expect(res.headers['set-cookie']).toMatch(/^lang=zh-CN;/);
  });

  it('serves the plain page for an invalid link, which the app shows as no result', async () => {
    const res = await t.app.inject({ url: '/search/BJS-SHA-201201' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Junction</title>');
    expect(res.body).toContain('<meta name="robots" content="noindex" />');
    const hostile = await t.app.inject({ url: `/search/${encodeURIComponent('<script>alert(1)</script>')}` });
    expect(hostile.statusCode).toBe(200);
    expect(hostile.body).not.toContain('<script>alert');
  });
});
