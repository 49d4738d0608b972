import { fulfilmentEndpoints, orderEndpoints } from '@junction/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isTripRequest, SAVED_AT_HEADER, savedAtHeader, TRIP_PATHS } from './trips-cache';

const ORIGIN = 'https://junction.example';
const at = (path: string, origin = ORIGIN) => new URL(`${origin}${path.startsWith('/') ? '' : '/'}${path}`);

describe('what the service worker keeps for reading offline', () => {
  it('keeps the list of trips, an order and its tickets, read with GET', () => {
    expect([...TRIP_PATHS].sort()).toEqual(
      [orderEndpoints.list.path, orderEndpoints.get.path, fulfilmentEndpoints.order.path].sort(),
    );
    expect(isTripRequest('GET', at('/api/orders?filter=all&page=1&pageSize=10'), ORIGIN)).toBe(true);
    expect(isTripRequest('GET', at('/api/order?id=o1'), ORIGIN)).toBe(true);
    expect(isTripRequest('GET', at('/api/order/fulfilment?id=o1'), ORIGIN)).toBe(true);
  });

  it('never keeps payments, the wallet, searches, refunds, changes, the profile or any write', () => {
    for (const path of [
      '/api/order/pay',
      '/api/wallet',
      '/api/wallet/topup',
      '/api/search',
      '/api/refund/quote',
      '/api/change/options',
      '/api/order/protection',
      '/user',
      '/api/itinerary/pdf',
    ]) {
      expect(isTripRequest('GET', at(path), ORIGIN), path).toBe(false);
    }
    expect(isTripRequest('POST', at('/api/order'), ORIGIN)).toBe(false);
    expect(isTripRequest('POST', at('/api/order/cancel'), ORIGIN)).toBe(false);
  });

  it('keeps no path but the three, whatever the method, and nothing of another origin', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'HEAD'),
        fc.webPath(),
        fc.boolean(),
        (method, path, sameOrigin) => {
          const url = at(path, sameOrigin ? ORIGIN : 'https://elsewhere.example');
          const kept = isTripRequest(method, url, ORIGIN);
          expect(kept).toBe(method === 'GET' && sameOrigin && TRIP_PATHS.includes(url.pathname));
        },
      ),
    );
  });

  it('reads when a copy was saved from its header, and takes no other value for a time', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_102_444_800_000 }), (ms) => {
        expect(savedAtHeader(new Headers({ [SAVED_AT_HEADER]: String(ms) }))).toBe(ms);
      }),
    );
    fc.assert(
      fc.property(
        fc.string().filter((s) => !/^\d{1,15}$/.test(s.trim())),
        (value) => {
          expect(savedAtHeader({ get: () => value })).toBeNull();
        },
      ),
    );
    expect(savedAtHeader(new Headers())).toBeNull();
  });
});
