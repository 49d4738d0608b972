import { type PullResponse, siteInfoSchema } from '@junction/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { assertOutsideSystems } from '../../src/config-outside';
import { TEST_CARDS } from '../../src/features/payment/gateway/simulator/test-cards';
import { cardDetails } from '../../src/features/payment/payment.test-support';
import { idNumber } from '../booking-client';
import { createTestApp } from '../harness';
import { errorCode, securityApp, tally } from './support';

/**
 * Threat: the simulators as a way in. A production start ran the card processor and railway simulators:
 * test card 4242 paid an order that went to ticketing, `/gateway-sim/*` needed no session and had no
 * limit (320 of 320 tokenisations from one address in 8 s), `/rail-sim/accounts` registered 10 accounts
 * to a stranger's phone and texted it, `/rail-sim/sign-in` took 60 wrong passwords, then the right one.
 * Production starts only with real outside systems or as a declared demonstration; every simulator route
 * needs a session and counts against the API's limit, in every mode; the simulated railway binds one
 * account to a phone and locks an account after five wrong passwords.
 */
const PRODUCTION = { NODE_ENV: 'production' };
const DEMONSTRATION = { ...PRODUCTION, DEMO_MODE: 'true' };

describe('a production start', () => {
  it('refuses the simulated card processor and railway unless it is a demonstration, and says what to set', async () => {
    await expect(createTestApp(PRODUCTION)).rejects.toThrow(/PAYMENT_PROCESSOR[\s\S]*DEMO_MODE=true/);
    await expect(createTestApp({ ...PRODUCTION, PAYMENT_PROCESSOR: 'simulator' })).rejects.toThrow(
      /simulator[\s\S]*DEMO_MODE=true/,
    );
    expect(() => loadConfig({ PAYMENT_PROCESSOR: 'acme' })).toThrow(/PAYMENT_PROCESSOR/);
  });

  it('names only the systems still simulated once real cards and a real flight seller are set', () => {
    const real = { NODE_ENV: 'production', DEMO_MODE: false, PAYMENT_PROCESSOR: 'stripe' as const };
    const refusal = (settings: Partial<Parameters<typeof assertOutsideSystems>[0]>) => {
      try {
        assertOutsideSystems({ ...real, ...settings });
      } catch (e) {
        return (e as Error).message;
      }
      return 'started';
    };
    const withDuffel = refusal({ DUFFEL_ACCESS_TOKEN: 'duffel_live_x', SEARCH_SIMULATED_FLIGHT_SELLERS: false });
    expect(withDuffel).toMatch(/China Railway/);
    expect(withDuffel).toMatch(/e-invoice/);
    expect(withDuffel).not.toMatch(/flight sellers|card processor/);
    expect(refusal({ DUFFEL_ACCESS_TOKEN: 'duffel_live_x' })).toMatch(/SEARCH_SIMULATED_FLIGHT_SELLERS is not false/);
    expect(refusal({})).toMatch(/DUFFEL_ACCESS_TOKEN is not set/);
    expect(refusal({ PAYMENT_PROCESSOR: undefined })).toMatch(/PAYMENT_PROCESSOR is not set/);
    expect(refusal({ NODE_ENV: 'development' })).toBe('started');
  });
});

const RAIL_HOLDER = { holderName: '张伟', idNumber: idNumber('19850302', '231'), password: 'rail-pass-1' };

for (const [mode, settings] of [
  ['development', {}],
  ['a production demonstration', DEMONSTRATION],
] as const) {
  describe(`in ${mode}`, () => {
    let s: Awaited<ReturnType<typeof securityApp>>;
    let cookie = '';
    beforeAll(async () => {
      s = await securityApp({
        ...settings,
        RATE_LIMIT_MAX: '40',
        SEARCH_ANSWER_REUSE_SECONDS: '0',
        // Every seller answers every search, however busy the machine: two searches' lowest fares compare.
        SEARCH_LATENCY_SCALE: '0',
        SEARCH_SUPPLIER_FAILURES: 'false',
        SEARCH_SUPPLIER_TIMEOUT_MS: '60000',
      });
      cookie = (await s.registerMobile()).cookie;
    });
    afterAll(() => s.t.close());

    it('says on the site whether it is a demonstration', async () => {
      const site = siteInfoSchema.parse((await s.t.app.inject({ url: '/api/site' })).json());
      expect(site.demo).toBe(mode !== 'development');
    });

    it('answers no simulator route without a session', async () => {
      const ip = s.freshIp();
      const token = await s.post('/gateway-sim/v1/tokens', cardDetails(TEST_CARDS.visa), { ip });
      expect(token.statusCode).toBe(401);
      expect(errorCode(token)).toBe(1401);
      expect((await s.post('/gateway-sim/v1/tokens/cvc', { token: 'tok_x', cvc: '123' }, { ip })).statusCode).toBe(401);
      expect((await s.t.app.inject({ url: '/gateway-sim/3ds/pi_x', remoteAddress: ip })).statusCode).toBe(401);
      const account = { username: 'nosession', phone: '+8613900000000', ...RAIL_HOLDER };
      expect((await s.post('/rail-sim/accounts', account, { ip })).statusCode).toBe(401);
      expect((await s.post('/rail-sim/sign-in', { username: 'x', password: 'y' }, { ip })).statusCode).toBe(401);
      // The simulated flight sellers' sales and the price alerts' check on demand are no demonstration's.
      const sale = { origin: 'BJS', destination: 'SHA', percentOff: 50 };
      const outside = mode === 'development' ? 401 : 404;
      expect((await s.post('/flight-sim/fares/sale', sale, { ip })).statusCode).toBe(outside);
      expect((await s.post('/alerts-sim/check', {}, { ip })).statusCode).toBe(outside);
    });

    it("runs the simulated sellers' fare sales only where their route is on", async () => {
      const sale = { origin: 'BJS', destination: 'SHA', percentOff: 50 };
      const signedIn = { ip: s.freshIp(), cookie };
      const on = mode === 'development';
      expect((await s.post('/flight-sim/fares/sale', sale, signedIn)).statusCode).toBe(on ? 200 : 404);
      expect((await s.post('/alerts-sim/check', {}, signedIn)).statusCode).toBe(on ? 200 : 404);
      const criteria = {
        type: 1,
        mode: 'flight',
        legs: [{ departure: 'BJS', destination: 'SHA', departure_date: '2026/12/20' }],
      };
      const lowest = async () => {
        const { searchId } = (await s.post('/api/v2/search', criteria, { ip: s.freshIp() })).json() as {
          searchId: string;
        };
        const prices: number[] = [];
        for (let cursor = 0, done = false; !done; ) {
          const body = (await s.post('/api/v2/pull', { searchId, cursor }, { ip: s.freshIp() })).json() as PullResponse;
          prices.push(...body.results.map((r) => r.price.amount));
          ({ cursor, done } = body);
          if (!done) await new Promise((r) => setTimeout(r, 30));
        }
        return Math.min(...prices);
      };
      await s.post('/flight-sim/fares/sale', { ...sale, percentOff: 0 }, signedIn);
      const before = await lowest();
      // A sale left in the simulator's table, as a demonstration's database may hold one.
      await s.t.db
        .insertInto('simFareSales')
        .values({ ...sale, setAt: s.clock.now })
        .onConflict((oc) => oc.columns(['origin', 'destination']).doUpdateSet({ percentOff: sale.percentOff }))
        .execute();
      const after = await lowest();
      if (on) expect(after).toBeLessThan(before);
      else expect(after).toBe(before);
    });

    it("counts simulator calls against the API's limit per address", async () => {
      const ip = s.freshIp();
      const answers = [];
      for (let i = 0; i < 60; i++)
        answers.push(await s.post('/gateway-sim/v1/tokens', cardDetails(TEST_CARDS.visa), { ip, cookie }));
      const counted = tally(answers);
      expect(counted.ok).toBeLessThanOrEqual(40);
      expect(counted['1429']).toBeGreaterThanOrEqual(20);
    });

    it('binds one rail account to a phone, and locks a rail account after five wrong passwords', async () => {
      const phone = `+861390099${String(Math.floor(Math.random() * 9000) + 1000)}`;
      const register = (username: string) =>
        s.post('/rail-sim/accounts', { username, phone, ...RAIL_HOLDER }, { ip: s.freshIp(), cookie });
      const first = `owner${Date.now()}`;
      expect((await register(first)).statusCode).toBe(200);
      for (let i = 0; i < 3; i++) expect((await register(`stranger${i}${Date.now()}`)).statusCode).toBe(400);
      const signIn = (password: string) =>
        s.post('/rail-sim/sign-in', { username: first, password }, { ip: s.freshIp(), cookie });
      const wrong = [];
      for (let i = 0; i < 8; i++) wrong.push((await signIn(`guess-${i}`)).statusCode);
      expect(wrong.every((code) => code === 400)).toBe(true);
      // Locked now: the right password is refused too, until the lock ends.
      expect((await signIn(RAIL_HOLDER.password)).statusCode).toBe(400);
      s.advance(31 * 60_000);
      expect((await signIn(RAIL_HOLDER.password)).statusCode).toBe(200);
    });
  });
}

describe('with a real card processor configured', () => {
  it('serves no simulated processor route', async () => {
    const unreachable = async () => {
      throw new Error('no processor in this test');
    };
    const t = await createTestApp({}, undefined, {
      gateway: {
        describeToken: unreachable,
        createCustomer: unreachable,
        saveCard: unreachable,
        cardToken: unreachable,
        createIntent: unreachable,
        confirm: unreachable,
        capture: unreachable,
        cancel: unreachable,
        retrieve: unreachable,
        refund: unreachable,
        retrieveRefund: unreachable,
        verifyWebhook: () => {
          throw new Error('no processor in this test');
        },
      },
    });
    try {
      for (const url of ['/gateway-sim/v1/tokens', '/gateway-sim/v1/tokens/cvc', '/gateway-sim/3ds/pi_x']) {
        const res = await t.app.inject({ method: 'POST', url, payload: {} });
        expect(res.statusCode, url).toBe(404);
      }
    } finally {
      await t.close();
    }
  });
});
