import { ORDER_STATUS, ORDER_STATUSES, type OrderListItem, type OrderStatus, orderPageSchema } from '@junction/domain';
import { QueryClient } from '@tanstack/react-query';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SAVED_AT_HEADER } from '../../../shared/offline/trips-cache';
import { isKeptUpcoming, readUpcomingTrips, UPCOMING_KEPT } from './upcoming-trips';

const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;

/** A trip of the upcoming list, as `GET /api/orders` answers it. */
const trip = (n: number, status: OrderStatus): OrderListItem => ({
  id: id(n),
  orderNumber: `JT${n}`,
  createdAt: '2026-11-20T08:00:00.000Z',
  originName: 'Beijing',
  destinationName: 'Shanghai',
  places: { from: { en: 'Beijing', 'zh-CN': '北京' }, to: { en: 'Shanghai', 'zh-CN': '上海' } },
  kind: 'train',
  status,
  paymentStatus: 2,
  payment: { price: { amount: 55_300, currency: 'CNY' }, deadline: '2026-11-20T08:30:00.000Z' },
  departureTime: '2026-12-05T08:00:00+08:00',
  arrivalTime: '2026-12-05T12:28:00+08:00',
  waitlist: null,
  travellerNames: ['Wang Wei'],
  separateTrains: false,
});

/** The API as the worker passes it on: the list (a saved copy when `saved`), and each order and its tickets. */
function stubNetwork(items: OrderListItem[], options: { saved?: boolean; failing?: string } = {}): string[] {
  const asked: string[] = [];
  const page = orderPageSchema.parse({ items, total: items.length, page: 1, pageSize: UPCOMING_KEPT });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      asked.push(input);
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (input.startsWith('/api/orders?')) {
        if (options.saved) headers[SAVED_AT_HEADER] = '1764576000000';
        return new Response(JSON.stringify(page), { headers });
      }
      if (options.failing && input.includes(options.failing)) throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify({}), { headers });
    }),
  );
  return asked;
}

const client = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

beforeEach(() => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the upcoming trips read ahead for reading offline', () => {
  it('reads the upcoming list, then each paid or ticketed trip and its tickets, and nothing else', async () => {
    const asked = stubNetwork([
      trip(1, ORDER_STATUS.TICKETED),
      trip(2, ORDER_STATUS.WAITLISTED),
      trip(3, ORDER_STATUS.PAID),
      trip(4, ORDER_STATUS.TICKETING),
    ]);
    await readUpcomingTrips(client());
    expect(asked).toEqual([
      `/api/orders?filter=2&page=1&pageSize=${UPCOMING_KEPT}`,
      `/api/order?id=${id(1)}`,
      `/api/order/fulfilment?id=${id(1)}`,
      `/api/order?id=${id(3)}`,
      `/api/order/fulfilment?id=${id(3)}`,
      `/api/order?id=${id(4)}`,
      `/api/order/fulfilment?id=${id(4)}`,
    ]);
  });

  it('goes on past a trip that cannot be read', async () => {
    const asked = stubNetwork([trip(1, ORDER_STATUS.TICKETED), trip(2, ORDER_STATUS.TICKETED)], { failing: id(1) });
    await readUpcomingTrips(client());
    expect(asked.slice(-2)).toEqual([`/api/order?id=${id(2)}`, `/api/order/fulfilment?id=${id(2)}`]);
  });

  it('reads nothing ahead from a saved copy of the list, answered without a connection', async () => {
    const asked = stubNetwork([trip(1, ORDER_STATUS.TICKETED)], { saved: true });
    await readUpcomingTrips(client());
    expect(asked).toEqual([`/api/orders?filter=2&page=1&pageSize=${UPCOMING_KEPT}`]);
  });

  it('stops once the device goes offline', async () => {
    const asked = stubNetwork([trip(1, ORDER_STATUS.TICKETED)]);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await readUpcomingTrips(client());
    expect(asked).toEqual([`/api/orders?filter=2&page=1&pageSize=${UPCOMING_KEPT}`]);
  });

  it('keeps a trip for its tickets exactly when it is paid, being ticketed or ticketed', () => {
    const kept: OrderStatus[] = [ORDER_STATUS.PAID, ORDER_STATUS.TICKETING, ORDER_STATUS.TICKETED];
    fc.assert(
      fc.property(fc.constantFrom(...ORDER_STATUSES), (status) => {
        expect(isKeptUpcoming({ status })).toBe(kept.includes(status));
      }),
    );
  });
});
