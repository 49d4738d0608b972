import { addDays, type SearchCriteriaInput, toRequestDate, utcDateOf } from '@junction/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingClient } from '../booking-client';
import { DUFFEL_TEST_TOKEN, duffelTestFake } from '../fakes/duffel-timetable';
import { createTestApp, QUIET_SETTINGS, type TestApp } from '../harness';

/* Searching with Duffel configured: its offers come beside the simulated sellers' for every kind of trip. */

const fake = duffelTestFake();
let t: TestApp;
// The app's clock is held at one instant: the travel days are the same whatever day the tests run.
const NOW = new Date('2026-11-22T04:00:00Z');
const TODAY = utcDateOf(NOW);
const day = (n: number) => toRequestDate(addDays(TODAY, n));
const leg = (from: string, to: string, date: string, back?: string) => ({
  departure: from,
  destination: to,
  departure_date: date,
  ...(back ? { return_date: back } : {}),
});

beforeAll(async () => {
  await fake.start();
  t = await createTestApp(
    { ...QUIET_SETTINGS, DUFFEL_ACCESS_TOKEN: DUFFEL_TEST_TOKEN, DUFFEL_BASE_URL: fake.baseUrl },
    () => NOW,
  );
}, 120_000);
afterAll(async () => {
  await t?.close();
  await fake.stop();
});

const duffelResults = async (criteria: SearchCriteriaInput) => {
  const { results } = await bookingClient(t).search(criteria);
  return { all: results, duffel: results.filter((r) => r.sellers.some((s) => s.supplier === 'duffel')) };
};

describe('Duffel as a flight seller', () => {
  it('sells one-way, round and multi-city trips beside the simulated sellers, in yuan, for the party', async () => {
    const oneWay = await duffelResults({ type: 1, mode: 'flight', adults: 2, legs: [leg('BJS', 'SEL', day(30))] });
    expect(oneWay.all.length).toBeGreaterThan(oneWay.duffel.length);
    expect(oneWay.duffel.map((r) => r.legs.map((l) => l.number).join('+')).sort()).toEqual(['KE852', 'KE854']);
    const ke852 = oneWay.duffel.find((r) => r.legs[0]?.number === 'KE852');
    expect(ke852?.legs[0]?.departureTime).toBe(`${addDays(TODAY, 30)}T09:40:00+08:00`);
    expect(ke852?.legs[0]?.to.name.en).toMatch(/Incheon/);
    expect(ke852?.price.currency).toBe('CNY');
    // Two adults at 210 dollars each, in yuan rounded up.
    expect(ke852?.price.amount).toBeGreaterThan(2 * 21_000 * 6);
    expect(ke852?.fees.cancelBefore).not.toBeNull();
    expect(oneWay.duffel.find((r) => r.legs[0]?.number === 'KE854')?.fees.cancelBefore).toBeNull();

    const round = await duffelResults({ type: 2, mode: 'flight', legs: [leg('BJS', 'SEL', day(30), day(37))] });
    expect(round.duffel.map((r) => r.legs.map((l) => l.number).join('+')).sort()).toEqual([
      'KE852+KE851',
      'KE854+KE851',
    ]);
    expect(round.duffel[0]?.bounds).toHaveLength(2);

    const multi = await duffelResults({
      type: 3,
      mode: 'flight',
      legs: [leg('BJS', 'SEL', day(30)), leg('SEL', 'TYO', day(33))],
    });
    expect(multi.duffel.map((r) => r.legs.map((l) => l.number).join('+')).sort()).toEqual([
      'KE852+KE705',
      'KE854+KE705',
    ]);
    const asked = fake.requests.filter((r) => r.method === 'POST' && r.path.startsWith('/air/offer_requests'));
    expect((asked.at(-1)?.body as { data?: { slices: unknown[] } } | undefined)?.data?.slices).toEqual([
      {
        origin: 'BJS',
        destination: 'SEL',
        departure_date: addDays(TODAY, 30),
        departure_time: null,
        arrival_time: null,
      },
      {
        origin: 'SEL',
        destination: 'TYO',
        departure_date: addDays(TODAY, 33),
        departure_time: null,
        arrival_time: null,
      },
    ]);
  }, 120_000);

  it('a search goes on without Duffel when it fails: its name is among the sellers that failed', async () => {
    fake.scripted.push({
      method: 'POST',
      path: /offer_requests/,
      status: 502,
      body: {
        errors: [
          {
            type: 'airline_error',
            code: 'airline_unknown',
            title: 'Airline error',
            message: 'x',
            documentation_url: '',
          },
        ],
      },
    });
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/v2/search',
      payload: { type: 1, legs: [leg('BJS', 'SEL', day(31))] },
    });
    const { searchId } = started.json() as { searchId: string };
    let body: { done: boolean; failed: { en: string }[]; results: unknown[] } = {
      done: false,
      failed: [],
      results: [],
    };
    for (let i = 0; i < 600 && !body.done; i++) {
      body = (await t.app.inject({ method: 'POST', url: '/api/v2/pull', payload: { searchId, cursor: 0 } })).json();
      if (!body.done) await new Promise((r) => setTimeout(r, 30));
    }
    expect(body.failed.map((f) => f.en)).toEqual(['Duffel']);
    expect(body.results.length).toBeGreaterThan(0);
  });
});
