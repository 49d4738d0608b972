import { orderFulfilmentSchema, type SearchResult, ticketChangeSchema } from '@junction/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noticeText } from '../../src/features/notifications/notifications.service';
import { beijingShanghai, bookingClient } from '../booking-client';
import { createTestApp, QUIET_SETTINGS, type TestApp } from '../harness';
import { changeClient } from './change-client';

const START = new Date('2026-11-22T04:00:00Z');
let clock = START.getTime();
const now = () => new Date(clock);

let t: TestApp;
let k: ReturnType<typeof changeClient>;
beforeAll(async () => {
  t = await createTestApp(
    {
      ...QUIET_SETTINGS,
      TICKETING_DELAY_MS: '0',
      TICKETING_FAILURE_RATE: '0',
      GATEWAY_SIM_LATENCY_MS: '0',
      RAIL_SIM_LATENCY_MS: '0',
    },
    now,
  );
  k = changeClient(t, await bookingClient(t).search(beijingShanghai('train', '2026/12/01')));
}, 120_000);
afterAll(() => t.close());

describe('the receipt of a change to a cheaper train', () => {
  it('says how much comes back and to where, on the order and in the notice in both languages', async () => {
    const cookie = await k.c.signUp();
    const list = k.byFare();
    const [booked, cheaper] = [list.at(-1) as SearchResult, list[0] as SearchResult];
    const order = await k.ticketedTrain(cookie, booked, undefined, () => {
      clock += 10 * 60_000;
    });
    const q = await k.quote(cookie, order.id, order.subOrders[0]?.id as string, cheaper);
    expect(q.refund.amount).toBeGreaterThan(0);
    // The order was paid from the wallet: the quote and the confirmation say the refund goes back there.
    const wallet = { method: 'wallet', last4: null };
    expect(q.refundTo).toEqual(wallet);
    const confirmed = await k.confirm(cookie, q, cheaper);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(ticketChangeSchema.parse(confirmed.json()).refundTo).toEqual(wallet);
    clock += 10 * 60_000;
    await k.runJobs(10);

    const seen = orderFulfilmentSchema.parse((await k.get(cookie, `/api/order/fulfilment?id=${order.id}`)).json());
    expect(seen.changes.map((c) => [c.status, c.refund.amount, c.refundTo])).toEqual([
      ['done', q.refund.amount, wallet],
    ]);
    const notice = await t.db
      .selectFrom('notifications')
      .select('params')
      .where('orderId', '=', order.id)
      .where('kind', '=', 'change-refund-done')
      .executeTakeFirstOrThrow();
    const params = notice.params as Record<string, string | number>;
    expect(params).toMatchObject({ amountMinor: q.refund.amount, channel: 'wallet' });
    expect(noticeText('change-refund-done', params, 'en', '').body).toContain('refunded to your Junction wallet');
    expect(noticeText('change-refund-done', params, 'zh-CN', '').body).toContain('已退回至您的联程钱包');
  }, 180_000);
});
