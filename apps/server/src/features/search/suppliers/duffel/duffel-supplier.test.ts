import fs from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { convertMoney } from '@junction/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testRefdata } from '../../../../../test/harness';
import { duffelClient } from '../../../../lib/duffel/client';
import { Inventory } from '../../inventory/inventory';
import { listInCabin } from '../../results/cabin-listing';
import type { Bound, SupplierRequest } from '../supplier';
import { DuffelSupplier } from './duffel-supplier';

/*
 * The Duffel seller against Duffel's answers as its documentation and client libraries publish them
 * (duffel-recorded/: an American Airlines offer Chicago–Oklahoma City–Los Angeles in pounds, the seat map
 * of its first flight in the shape of Duffel's published example, and two error bodies), served by a stand-in for api.duffel.com that keeps each request the official client sent.
 */

const recorded = (name: string) => fs.readFileSync(path.join(import.meta.dirname, 'duffel-recorded', name), 'utf8');
const rates = testRefdata().rates.rates;

let server: Server;
let baseUrl = '';
const seen: { req: IncomingMessage; url: URL; body: { data?: Record<string, unknown> } }[] = [];
let answers: Record<string, { status: number; body: string }> = {};

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => {
      raw += c.toString();
    });
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      // The client writes some paths with a trailing slash (`/air/offer_requests/`).
      url.pathname = url.pathname.replace(/(.)\/$/, '$1');
      seen.push({ req, url, body: raw ? JSON.parse(raw) : {} });
      const answer = answers[`${req.method} ${url.pathname}`] ?? { status: 404, body: '{}' };
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('Duffel seller (recorded answers)', () => {
  let inv: Inventory;
  let seller: DuffelSupplier;
  let request: SupplierRequest;
  beforeAll(() => {
    inv = Inventory.load(testRefdata(), false);
    seller = new DuffelSupplier(duffelClient({ token: 'duffel_test_recorded', baseUrl }), inv, {
      supplierTimeoutMs: 5000,
      rates,
    });
    const airport = (code: string) => {
      const place = testRefdata()
        .places.findByCode(code)
        .find((p) => p.kind === 'airport');
      if (!place) throw new Error(code);
      return place;
    };
    const bound: Bound = { date: '2022-05-22', from: airport('ORD'), to: airport('LAX'), fromOnly: true, toOnly: true };
    request = {
      cabin: 'Y',
      party: { adults: 1, children: 0, infants: 0 },
      today: '2022-05-01',
      trips: [{ date: '2022-05-22', bounds: [bound] }],
    };
  }, 120_000);

  it('asks for offers as the API documents it and maps the offer: flights, local times, price in yuan, baggage, conditions', async () => {
    answers = { 'POST /air/offer_requests': { status: 201, body: recorded('offer-request.json') } };
    const [result, ...more] = await seller.search(request, AbortSignal.timeout(5000));
    const sent = seen.at(-1) as (typeof seen)[number];
    expect(sent.req.headers['duffel-version']).toBe('v2');
    expect(sent.req.headers.authorization).toBe('Bearer duffel_test_recorded');
    expect(sent.url.searchParams.get('return_offers')).toBe('true');
    expect(sent.url.searchParams.get('supplier_timeout')).toBe('4000');
    expect(sent.body.data).toEqual({
      slices: [
        { origin: 'ORD', destination: 'LAX', departure_date: '2022-05-22', departure_time: null, arrival_time: null },
      ],
      passengers: [{ type: 'adult' }],
      cabin_class: 'economy',
    });
    expect(more).toEqual([]);
    const yuan = convertMoney({ amountMinor: 35_130, currency: 'GBP' }, 'CNY', rates)?.amountMinor ?? 0;
    expect(result?.price).toEqual({ amount: Math.ceil(yuan / 100) * 100, currency: 'CNY' });
    expect(result?.sellers.map((s) => s.supplier)).toEqual(['duffel']);
    // Sold by the airline that owns the offer, not as a fare of ours.
    expect(result?.seller?.en).toBe('American Airlines');
    expect(result?.seller?.['zh-CN']).toBeTruthy();
    expect(result?.sellers[0]?.name).toEqual(result?.seller);
    expect(result?.legs.map((l) => [l.number, l.from.code, l.to.code, l.departureTime, l.arrivalTime])).toEqual([
      ['AA3010', 'ORD', 'OKC', '2022-05-22T13:15:00-05:00', '2022-05-22T15:20:00-05:00'],
      ['AA3251', 'OKC', 'LAX', '2022-05-22T16:01:00-05:00', '2022-05-22T17:00:00-07:00'],
    ]);
    expect(result?.id).toBe(
      `F:AA3010@${Date.parse('2022-05-22T18:15:00Z')}+AA3251@${Date.parse('2022-05-22T21:01:00Z')}`,
    );
    expect(result?.transfers).toBe(1);
    expect(result?.legs[0]?.baggage).toEqual({ carryOn: { pieces: 2, kg: 0 }, checked: { pieces: 0, kg: 0 } });
    const penalty =
      Math.ceil((convertMoney({ amountMinor: 4000, currency: 'GBP' }, 'CNY', rates)?.amountMinor ?? 0) / 100) * 100;
    expect(result?.fees).toEqual({
      cancelBefore: { amount: penalty, currency: 'CNY' },
      cancelAfter: { amount: penalty, currency: 'CNY' },
      changeBefore: null,
      changeAfter: null,
      free24h: false,
    });
  });

  it('maps each flight of an offer in the cabin it is sold in: a business search does not list economy seats', async () => {
    answers = { 'POST /air/offer_requests': { status: 201, body: recorded('offer-request.json') } };
    // Duffel answered with an economy offer; asked in business, its flights stay economy and are left out.
    const business = { ...request, cabin: 'C' as const };
    const results = await seller.search(business, AbortSignal.timeout(5000));
    expect(results.flatMap((r) => r.legs.map((l) => l.cabin))).toEqual(['Y', 'Y']);
    expect(listInCabin(results, business)).toEqual({ listed: [], withoutCabin: 1 });
    expect(listInCabin(results, request).listed).toEqual(results);
  });

  it('quotes a result by asking again and reading the offer with its services: an extra checked bag priced', async () => {
    answers = {
      'POST /air/offer_requests': { status: 201, body: recorded('offer-request.json') },
      'GET /air/offers/off_0000ACUEAwiy4LZKiaec5s': { status: 200, body: recorded('offer.json') },
    };
    const [result] = await seller.search(request, AbortSignal.timeout(5000));
    if (!result) throw new Error('no result');
    const quoted = await seller.quote(result, request, AbortSignal.timeout(5000));
    expect(seen.at(-1)?.url.searchParams.get('return_available_services')).toBe('true');
    expect(quoted?.id).toBe(result.id);
    const bag =
      Math.ceil((convertMoney({ amountMinor: 1500, currency: 'GBP' }, 'CNY', rates)?.amountMinor ?? 0) / 100) * 100;
    expect(quoted?.legs[0]?.baggage?.checked.extraPrice).toEqual({ amount: bag, currency: 'CNY' });
  });

  it("maps the offer's seat map: rows, aisles, the exit row, seats free, taken or restricted, priced in yuan", async () => {
    answers = {
      'POST /air/offer_requests': { status: 201, body: recorded('offer-request.json') },
      'GET /air/seat_maps': { status: 200, body: recorded('seat-maps.json') },
    };
    const [result] = await seller.search(request, AbortSignal.timeout(5000));
    if (!result) throw new Error('no result');
    const maps = await seller.seatMaps(result, request, AbortSignal.timeout(5000));
    expect(seen.at(-1)?.url.searchParams.get('offer_id')).toBe('off_0000ACUEAwiy4LZKiaec5s');
    // One map, of the first flight; the map of a segment the offer does not have is left out.
    expect(maps?.map((m) => m.leg)).toEqual([0]);
    const cabin = maps?.[0]?.cabins[0];
    expect(cabin?.aisles).toBe(2);
    const yuan = (minor: number) =>
      Math.ceil((convertMoney({ amountMinor: minor, currency: 'GBP' }, 'CNY', rates)?.amountMinor ?? 0) / 100) * 100;
    // The recording's offer has one passenger: each seat is priced for them alone.
    const seat = (designator: string, priceMinor: number | null, name?: string) => ({
      kind: 'seat',
      designator,
      priceMinor,
      pricesMinor: [priceMinor],
      ...(name ? { name } : {}),
    });
    expect(cabin?.rows.map((r) => r.sections)).toEqual([
      [[{ kind: 'lavatory' }], [{ kind: 'galley' }], [{ kind: 'closet' }]],
      [
        [seat('13A', 0), seat('13B', null)],
        [{ kind: 'bassinet' }, { kind: 'empty' }],
        // 13F is for another passenger only: taken for ours.
        [seat('13E', 0), seat('13F', null)],
      ],
      [[{ kind: 'exit' }], [{ kind: 'exit' }], [{ kind: 'exit' }]],
      [
        [seat('14A', yuan(3000), 'Exit row seat'), seat('14B', yuan(3000), 'Exit row seat')],
        [seat('14C', null), seat('14D', null)],
        [seat('14E', yuan(1250)), seat('14F', yuan(1250))],
      ],
      [[{ kind: 'stairs' }]],
    ]);
  });

  it('no seat map is no seat choice; an offer gone is no longer sold', async () => {
    answers = {
      'POST /air/offer_requests': { status: 201, body: recorded('offer-request.json') },
      'GET /air/seat_maps': { status: 200, body: '{"data":[]}' },
    };
    const [result] = await seller.search(request, AbortSignal.timeout(5000));
    if (!result) throw new Error('no result');
    expect(await seller.seatMaps(result, request, AbortSignal.timeout(5000))).toEqual([]);
    answers['GET /air/seat_maps'] = { status: 422, body: recorded('error-offer-no-longer-available.json') };
    expect(await seller.seatMaps(result, request, AbortSignal.timeout(5000))).toBeUndefined();
  });

  it('an offer gone answers no quote (the plan is invalid); an airline failure is a failure to try again', async () => {
    answers = {
      'POST /air/offer_requests': { status: 201, body: recorded('offer-request.json') },
      'GET /air/offers/off_0000ACUEAwiy4LZKiaec5s': {
        status: 422,
        body: recorded('error-offer-no-longer-available.json'),
      },
    };
    const [result] = await seller.search(request, AbortSignal.timeout(5000));
    if (!result) throw new Error('no result');
    expect(await seller.quote(result, request, AbortSignal.timeout(5000))).toBeUndefined();
    answers = { 'POST /air/offer_requests': { status: 502, body: recorded('error-airline.json') } };
    await expect(seller.search(request, AbortSignal.timeout(5000))).rejects.toMatchObject({
      name: 'DuffelProblem',
      kind: 'unavailable',
      code: 'airline_unknown',
    });
  });
});

const liveToken = process.env.DUFFEL_ACCESS_TOKEN;
describe.skipIf(!liveToken)(
  `Duffel, live${liveToken ? '' : ' (skipped: set DUFFEL_ACCESS_TOKEN, a duffel_test_ token, to run it)'}`,
  () => {
    it('finds offers London–New York in a month and quotes the first again', async () => {
      const inv = Inventory.load(testRefdata(), false);
      const seller = new DuffelSupplier(
        duffelClient({ token: liveToken ?? '', baseUrl: process.env.DUFFEL_BASE_URL ?? 'https://api.duffel.com' }),
        inv,
        { supplierTimeoutMs: 30_000, rates },
      );
      const city = (code: string) =>
        testRefdata()
          .places.findByCode(code)
          .find((p) => p.kind === 'city');
      const from = city('LON');
      const to = city('NYC');
      if (!from || !to) throw new Error('no London or New York');
      const date = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
      const live: SupplierRequest = {
        cabin: 'Y',
        party: { adults: 1, children: 0, infants: 0 },
        today: new Date().toISOString().slice(0, 10),
        trips: [{ date, bounds: [{ date, from, to, fromOnly: false, toOnly: false }] }],
      };
      const results = await seller.search(live, AbortSignal.timeout(60_000));
      expect(results.length).toBeGreaterThan(0);
      const first = results[0];
      if (first) expect((await seller.quote(first, live, AbortSignal.timeout(60_000)))?.id).toBe(first.id);
    }, 120_000);
  },
);
