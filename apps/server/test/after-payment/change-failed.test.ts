import { randomInt, randomUUID } from 'node:crypto';
import {
  changeOptionsSchema,
  orderFulfilmentSchema,
  type SearchResult,
  shiftIso,
  walletSummarySchema,
} from '@junction/domain';
import { PDFParse } from 'pdf-parse';
import { describe, expect, it } from 'vitest';
import { type TicketIssuer, TicketingUnavailable } from '../../src/features/fulfilment/ticketing/issuer';
import { TEST_CARDS } from '../../src/features/payment/gateway/simulator/test-cards';
import { cardDetails } from '../../src/features/payment/payment.test-support';
import { traveller } from '../booking-client';
import { QUIET_SETTINGS } from '../harness';
import { changeSuite } from './change-client';
import { payOrder } from './paid-order';

/** A railway that issues tickets until it is told to refuse every request, re-timing them when told to. */
const railway = { refusing: false, retimeMinutes: 0 };
const rail: TicketIssuer = {
  kind: 'rail',
  issue: async (request) => {
    if (railway.refusing) throw new TicketingUnavailable('the railway refused the change');
    return {
      tickets: request.legs.flatMap((leg) =>
        request.travellers.map((p) => ({
          legIndex: leg.index,
          travellerPosition: p.position,
          bookingReference: `E${randomInt(100_000_000, 999_999_999)}`,
          ticketNumber: `E${randomInt(100_000_000, 999_999_999)}${p.position}`,
          seat: `0${p.position + 1}F`,
          coach: '05',
          berth: null,
          gate: 'A1',
        })),
      ),
      scheduleChanges: railway.retimeMinutes
        ? request.legs.map((leg) => ({
            legIndex: leg.index,
            departureTime: shiftIso(leg.departureTime, railway.retimeMinutes * 60_000),
            arrivalTime: shiftIso(leg.arrivalTime, railway.retimeMinutes * 60_000),
          }))
        : [],
    };
  },
};

const { t, k, clock } = changeSuite(
  {
    ...QUIET_SETTINGS,
    TICKETING_ATTEMPTS: '2',
    GATEWAY_SIM_LATENCY_MS: '0',
    RAIL_SIM_LATENCY_MS: '0',
  },
  { ticketIssuers: { rail, air: { ...rail, kind: 'air' } } },
);

describe('a change whose new ticket the railway refuses', () => {
  it('leaves the old ticket standing on its train, gives back the difference paid, and says so', async () => {
    clock.reset();
    const cookie = await k.c.signUp();
    const list = k.byFare();
    const [booked, dearer] = [list[0] as SearchResult, list.at(-1) as SearchResult];
    railway.refusing = false;
    // The railway re-times the booked train when it issues its ticket.
    railway.retimeMinutes = 25;
    const order = await k.ticketedTrain(cookie, booked, undefined, clock.tick);
    railway.retimeMinutes = 0;
    const old = order.subOrders[0]?.id as string;
    const before = await k.order(cookie, order.id);
    expect(before.scheduleChanges).toHaveLength(1);
    const wallet = async () => walletSummarySchema.parse((await k.get(cookie, '/api/wallet')).json()).balance.amount;
    const q = await k.quote(cookie, order.id, old, dearer);
    const confirmed = await k.confirm(cookie, q, dearer);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const changeId = (confirmed.json() as { id: string }).id;
    railway.refusing = true;
    expect(await payOrder(t, cookie, order.id)).toBe(true);
    const paid = await wallet();
    clock.tick();
    await k.runJobs(10);

    const after = await k.order(cookie, order.id);
    expect(after.status).toBe(5);
    const subs = new Map(after.subOrders.map((s) => [s.id, s]));
    expect(subs.get(old)).toMatchObject({ status: 5, flightNumber: booked.legs[0]?.number });
    expect([...subs.values()].filter((s) => s.id !== old).map((s) => s.status)).toEqual([8]);
    expect(after.departureTime).toBe(before.departureTime);
    // The old train keeps its schedule-change tag, and the price box shows the difference paid and given back.
    expect(after.scheduleChanges).toEqual(before.scheduleChanges);
    expect(after.priceDifference).toBeNull();
    expect(after.changeMoney).toEqual({ difference: q.due, refund: q.due, total: before.payment.price });
    // The difference paid from the wallet comes back to it, once.
    expect((await wallet()) - paid).toBe(q.due.amount);
    const notices = await t.db.selectFrom('notifications').select('kind').where('orderId', '=', order.id).execute();
    expect(notices.map((n) => n.kind)).toEqual(expect.arrayContaining(['change-failed', 'change-failed-refund-done']));
    expect(notices.map((n) => n.kind)).not.toContain('ticket-changed');
    // Only the old train's seats are held; the change's steps are event rows.
    const holds = await k.heldKeys(order.id);
    expect(holds).toHaveLength(1);
    const change = await t.db.selectFrom('ticketChanges').selectAll().where('id', '=', changeId).executeTakeFirst();
    expect(change?.status).toBe('failed');
    expect(holds[0]).not.toBe(change?.seatKey);
    const steps = await t.db
      .selectFrom('ticketChangeEvents')
      .select(['fromStatus', 'toStatus'])
      .where('changeId', '=', changeId)
      .orderBy('id')
      .execute();
    expect(steps).toEqual([
      { fromStatus: null, toStatus: 'awaiting-payment' },
      { fromStatus: 'awaiting-payment', toStatus: 'issuing' },
      { fromStatus: 'issuing', toStatus: 'failed' },
    ]);
    // The order page lists the failed change, keeps the old ticket, and the ticket may still be changed.
    const page = orderFulfilmentSchema.parse((await k.get(cookie, `/api/order/fulfilment?id=${order.id}`)).json());
    expect(page.changes).toEqual([expect.objectContaining({ id: changeId, status: 'failed' })]);
    expect(page.tickets.map((x) => x.subOrderId)).toEqual([old]);
    const options = changeOptionsSchema.parse((await k.get(cookie, `/api/change/options?id=${order.id}`)).json());
    expect(options.tickets).toEqual([expect.objectContaining({ subOrderId: old, refusal: null })]);
  }, 180_000);

  it('keeps a refused change of one traveller out of the itinerary, page, PDF and calendar, the ticket whole', async () => {
    clock.reset();
    const cookie = await k.c.signUp();
    const list = k.byFare();
    const [booked, dearer] = [list[0] as SearchResult, list.at(-1) as SearchResult];
    railway.refusing = false;
    const people = [
      await k.c.save(cookie, traveller('张伟', '1985-03-02', { phoneCountry: 'CN', phone: '13800138000' })),
      await k.c.save(cookie, traveller('李娜', '1990-05-06')),
    ];
    const order = await k.ticketedTrain(cookie, booked, people, clock.tick);
    const old = order.subOrders[0]?.id as string;
    const before = await k.order(cookie, order.id);
    const tickets = () =>
      t.db
        .selectFrom('tickets')
        .select(['subOrderId', 'travellerPosition', 'ticketNumber', 'coach', 'seat'])
        .where('orderId', '=', order.id)
        .orderBy('travellerPosition')
        .execute();
    const issued = await tickets();
    const q = new URLSearchParams({ orderId: order.id, subOrderId: old, searchId: k.searchId, resultId: dearer.id });
    const quote = (await k.get(cookie, `/api/change/quote?${q}&travellers=1`)).json() as { due: { amount: number } };
    const confirmed = await k.post(cookie, '/api/change', {
      orderId: order.id,
      subOrderId: old,
      searchId: k.searchId,
      resultId: dearer.id,
      travellers: '1',
      expected: { dueMinor: quote.due.amount, refundMinor: 0 },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    railway.refusing = true;
    expect(await payOrder(t, cookie, order.id)).toBe(true);
    clock.tick();
    await k.runJobs(10);

    const after = await k.order(cookie, order.id);
    expect(after.status).toBe(5);
    expect(after.legs).toEqual(before.legs);
    expect(after.bounds).toEqual(before.bounds);
    expect([after.departureTime, after.arrivalTime]).toEqual([before.departureTime, before.arrivalTime]);
    expect(after.subOrders.map((s) => [s.id, s.status])).toEqual([
      [old, 5],
      [(confirmed.json() as { newSubOrderId: string }).newSubOrderId, 8],
    ]);
    expect(await tickets()).toEqual(issued);
    const page = orderFulfilmentSchema.parse((await k.get(cookie, `/api/order/fulfilment?id=${order.id}`)).json());
    expect(page.changes.map((c) => c.status)).toEqual(['failed']);
    const ics = (await k.get(cookie, `/api/itinerary/ics?id=${order.id}`)).body.replace(/\r?\n[ \t]/g, '');
    expect(ics.split('BEGIN:VEVENT')).toHaveLength(2);
    expect(ics).toContain(booked.legs[0]?.number);
    expect(ics).not.toContain(dearer.legs[0]?.number);
    for (const lang of ['en', 'zh-CN']) {
      const res = await k.get(`${cookie}; lang=${lang}`, `/api/itinerary/pdf?id=${order.id}`);
      expect(res.statusCode, res.body).toBe(200);
      const parser = new PDFParse({ data: new Uint8Array(res.rawPayload) });
      const { text } = await parser.getText();
      await parser.destroy();
      expect(text).toContain(booked.legs[0]?.number);
      expect(text).not.toContain(dearer.legs[0]?.number);
    }
  }, 180_000);

  it('gives a difference paid by card back to the card, though the ticket was paid from the wallet', async () => {
    clock.reset();
    railway.refusing = false;
    const { cookie, order, old, target: dearer } = await k.trainToChange('dearer', clock.tick);
    const q = await k.quote(cookie, order.id, old, dearer);
    expect((await k.confirm(cookie, q, dearer)).statusCode).toBe(200);
    railway.refusing = true;
    const card = { cookie };
    const { token } = (
      await t.app.inject({
        method: 'POST',
        url: '/gateway-sim/v1/tokens',
        headers: card,
        payload: cardDetails(TEST_CARDS.visa),
      })
    ).json() as { token: string };
    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/order/pay',
      headers: { cookie, 'idempotency-key': randomUUID() },
      payload: { orderId: order.id, method: { kind: 'card', token } },
    });
    expect(paid.json()).toMatchObject({ outcome: 'succeeded', purpose: 'difference' });
    clock.tick();
    await k.runJobs(10);

    const refunds = await t.db
      .selectFrom('paymentRefunds')
      .select(['channel', 'state', 'amountMinor'])
      .where('orderId', '=', order.id)
      .execute();
    expect(refunds).toEqual([{ channel: 'card', state: 'succeeded', amountMinor: q.due.amount }]);
  }, 180_000);
});
