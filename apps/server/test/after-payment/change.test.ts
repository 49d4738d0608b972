import { randomUUID } from 'node:crypto';
import {
  cardTokenSchema,
  changeOptionsSchema,
  changeQuoteSchema,
  noticeValues,
  orderFulfilmentSchema,
  orderInvoicesSchema,
  orderSchema,
  paymentStateSchema,
  type SearchResult,
  ticketChangeSchema,
  walletSummarySchema,
} from '@junction/domain';
import { describe, expect, it } from 'vitest';
import { decodeQuotedPrintable } from '../../src/features/account/messaging/mailer';
import { TEST_CARDS } from '../../src/features/payment/gateway/simulator/test-cards';
import { cardDetails } from '../../src/features/payment/payment.test-support';
import { WalletLedger } from '../../src/features/wallet/wallet.ledger';
import { WalletRepository } from '../../src/features/wallet/wallet.repository';
import { beijingShanghai, errorOf, orderBody, traveller } from '../booking-client';
import { CHANGE_DAY, changeSuite } from './change-client';
import { payOrder } from './paid-order';

const { t, k, clock } = changeSuite();

const eventsOf = (orderId: string) =>
  t.db.selectFrom('orderEvents').select(['kind', 'data']).where('orderId', '=', orderId).orderBy('id').execute();
const noticesOf = (orderId: string) =>
  t.db.selectFrom('notifications').select('kind').where('orderId', '=', orderId).execute();

async function walletOf(cookie: string) {
  return walletSummarySchema.parse((await k.get(cookie, '/api/wallet')).json()).balance.amount;
}

describe('changing a flight', () => {
  it('to another flight of the same airline and day: the change fee plus any rise, paid, then issued', async () => {
    clock.reset();
    const cookie = await k.c.signUp();
    const flights = await k.c.search(beijingShanghai('flight', CHANGE_DAY));
    const nonstop = flights.results.filter(
      (r) => r.kind === 'flight' && r.legs.length === 1 && r.fees.changeBefore !== null,
    );
    const booked = nonstop.find((r) => nonstop.some((o) => o !== r && o.legs[0]?.carrier === r.legs[0]?.carrier));
    if (!booked) throw new Error('no airline with two nonstop flights that allow changes');
    const other = nonstop.find((o) => o !== booked && o.legs[0]?.carrier === booked.legs[0]?.carrier) as SearchResult;
    const wei = await k.c.save(cookie, traveller('张伟', '1985-03-02'));
    const offer = await k.c.offerOf(cookie, flights.searchId, booked.id);
    const created = await k.c.create(cookie, orderBody(offer, flights.searchId, [wei]));
    expect(created.statusCode, created.body).toBe(200);
    const order = orderSchema.parse(created.json());
    expect(await payOrder(t, cookie, order.id)).toBe(true);
    await k.runJobs();
    expect(orderSchema.parse((await k.get(cookie, `/api/order?id=${order.id}`)).json()).status).toBe(5);
    const old = order.subOrders[0]?.id as string;
    const q = new URLSearchParams({
      orderId: order.id,
      subOrderId: old,
      searchId: flights.searchId,
      resultId: other.id,
    });
    const quoted = changeQuoteSchema.parse((await k.get(cookie, `/api/change/quote?${q}`)).json());
    const fee = booked.fees.changeBefore?.amount ?? 0;
    expect(quoted).toMatchObject({
      type: 'flight',
      fee: { amount: fee },
      refund: { amount: 0 },
      rule: 'air-before-2h',
    });
    expect(quoted.due.amount).toBe(fee + Math.max(0, quoted.newFare.amount - quoted.oldFare.amount));
    const res = await k.post(cookie, '/api/change', {
      orderId: order.id,
      subOrderId: old,
      searchId: flights.searchId,
      resultId: other.id,
      expected: { dueMinor: quoted.due.amount, refundMinor: 0 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const change = ticketChangeSchema.parse(res.json());
    if (quoted.due.amount > 0) expect(await payOrder(t, cookie, order.id)).toBe(true);
    await k.runJobs();
    const after = orderSchema.parse((await k.get(cookie, `/api/order?id=${order.id}`)).json());
    expect(after.status).toBe(5);
    const subs = new Map(after.subOrders.map((s) => [s.id, s]));
    expect(subs.get(old)?.status).toBe(4);
    expect(subs.get(change.newSubOrderId)).toMatchObject({ status: 5, flightNumber: other.legs[0]?.number });
    // Another airline's flight is refused.
    const foreign = flights.results.find(
      (r) => r.kind === 'flight' && r.legs.length === 1 && r.legs[0]?.carrier !== booked.legs[0]?.carrier,
    );
    if (foreign) {
      const p = new URLSearchParams({
        orderId: order.id,
        subOrderId: change.newSubOrderId,
        searchId: flights.searchId,
        resultId: foreign.id,
      });
      expect(errorOf(await k.get(cookie, `/api/change/quote?${p}`))).toMatchObject({
        errorCode: 2207,
        params: { reason: 'other-carrier' },
      });
    }
  });
});

describe('changing a train ticket (改签)', () => {
  it('to a dearer train: order 1, the difference paid once from the wallet, the new ticket issued, the old one changed', async () => {
    clock.reset();
    const { cookie, order, old, target: dearer } = await k.trainToChange('dearer', clock.tick);
    const options = changeOptionsSchema.parse((await k.get(cookie, `/api/change/options?id=${order.id}`)).json());
    expect(options.tickets).toEqual([
      expect.objectContaining({ subOrderId: old, type: 'railway', refusal: null, lastDay: '2026-12-06' }),
    ]);

    const q = await k.quote(cookie, order.id, old, dearer);
    expect(q.newFare.amount).toBeGreaterThan(q.oldFare.amount);
    expect(q).toMatchObject({ fee: { amount: 0 }, refund: { amount: 0 }, rule: 'rail-higher' });
    expect(q.due.amount).toBe(q.newFare.amount - q.oldFare.amount);
    expect(q.to.number).toBe(dearer.legs[0]?.number);

    // Another traveller's session neither sees nor changes this order.
    const stranger = await k.c.signUp();
    expect((await k.get(stranger, `/api/change/options?id=${order.id}`)).statusCode).toBe(404);
    const strangerQuote = new URLSearchParams({
      orderId: order.id,
      subOrderId: old,
      searchId: k.searchId,
      resultId: dearer.id,
    });
    expect((await k.get(stranger, `/api/change/quote?${strangerQuote}`)).statusCode).toBe(404);
    expect((await k.confirm(stranger, q, dearer)).statusCode).toBe(404);

    // A price other than the one quoted is refused (2208), and nothing moves.
    const stale = await k.post(cookie, '/api/change', {
      ...k.confirmBody(q, dearer),
      expected: { dueMinor: 1, refundMinor: 0 },
    });
    expect(errorOf(stale).errorCode).toBe(2208);
    const confirmed = await k.confirm(cookie, q, dearer);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const change = ticketChangeSchema.parse(confirmed.json());
    expect(change).toMatchObject({ status: 'awaiting-payment', oldSubOrderId: old });
    const due = orderSchema.parse((await k.get(cookie, `/api/order?id=${order.id}`)).json());
    expect(due).toMatchObject({ status: 1, priceDifference: { amount: q.due.amount } });
    // A second change while this one is open is refused.
    expect(errorOf(await k.confirm(cookie, q, dearer)).errorCode).toBe(2207);

    const before = await walletOf(cookie);
    expect(await payOrder(t, cookie, order.id)).toBe(true);
    clock.tick();
    await k.runJobs();
    const after = orderSchema.parse((await k.get(cookie, `/api/order?id=${order.id}`)).json());
    expect(after.status).toBe(5);
    expect(after.priceDifference).toBeNull();
    const subs = new Map(after.subOrders.map((s) => [s.id, s]));
    expect(subs.get(old)?.status).toBe(4);
    expect(subs.get(change.newSubOrderId)).toMatchObject({ status: 5, flightNumber: dearer.legs[0]?.number });
    expect(subs.get(change.newSubOrderId)?.ticketNumber).toBeTruthy();
    expect(subs.get(change.newSubOrderId)?.ticketNumber).not.toBe(subs.get(old)?.ticketNumber);
    // The wallet paid the difference once (payOrder tops up the order's price first).
    expect((await walletOf(cookie)) - before).toBe(order.payment.price.amount - q.due.amount);
    // The order page lists the change, and the itinerary shows the new train.
    const page = orderFulfilmentSchema.parse((await k.get(cookie, `/api/order/fulfilment?id=${order.id}`)).json());
    expect(page.changes).toEqual([expect.objectContaining({ id: change.id, status: 'done' })]);
    expect(page.tickets.filter((x) => x.subOrderId === change.newSubOrderId)).toHaveLength(1);
    expect(after.departureTime).toBe(dearer.legs[0]?.departureTime);
    const events = await eventsOf(order.id);
    expect(events.filter((e) => e.kind === 'ticket_changed')).toEqual([
      {
        kind: 'ticket_changed',
        data: { changeId: change.id, oldSubOrderId: old, newSubOrderId: change.newSubOrderId },
      },
    ]);
    expect((await noticesOf(order.id)).map((n) => n.kind)).toEqual(
      expect.arrayContaining(['change-payment-due', 'ticket-changed']),
    );
    // The changed ticket is no longer refunded: its money went to the new one, which is.
    const oldRefund = await k.get(cookie, `/api/refund/quote?orderId=${order.id}&subOrderId=${old}`);
    expect(errorOf(oldRefund).errorCode).toBe(2202);
    expect(
      (await k.get(cookie, `/api/refund/quote?orderId=${order.id}&subOrderId=${change.newSubOrderId}`)).statusCode,
    ).toBe(200);
    // One change per ticket: the new ticket cannot be changed again.
    const again = changeOptionsSchema.parse((await k.get(cookie, `/api/change/options?id=${order.id}`)).json());
    expect(again.tickets).toEqual([
      expect.objectContaining({ subOrderId: change.newSubOrderId, refusal: 'already-changed' }),
    ]);
  });

  it('to a cheaper train: issued at once, the difference less the ladder fee back to the wallet, once', async () => {
    clock.reset();
    const { cookie, order, old, booked, target: cheaper } = await k.trainToChange('cheaper', clock.tick);
    const asked = await k.post(cookie, '/api/invoices', {
      orderId: order.id,
      title: { kind: 'personal', name: '张伟' },
      email: 'zhang@example.com',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const q = await k.quote(cookie, order.id, old, cheaper);
    const difference = q.oldFare.amount - q.newFare.amount;
    // Nine days before departure: the ladder's 8-day step charges nothing on the difference.
    expect(q).toMatchObject({ due: { amount: 0 }, fee: { amount: 0 }, refund: { amount: difference }, percent: 0 });
    const before = await walletOf(cookie);
    const confirmed = await k.confirm(cookie, q, cheaper);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(orderSchema.parse((await k.get(cookie, `/api/order?id=${order.id}`)).json()).status).toBe(4);
    clock.tick();
    await k.runJobs();
    await k.runJobs();
    expect(orderSchema.parse((await k.get(cookie, `/api/order?id=${order.id}`)).json()).status).toBe(5);
    expect((await walletOf(cookie)) - before).toBe(difference);
    expect((await noticesOf(order.id)).map((n) => n.kind)).toEqual(
      expect.arrayContaining(['ticket-changed', 'change-refund-done']),
    );
    // The old train's reimbursement voucher is reversed in red; the service fee invoice stands.
    const documents = orderInvoicesSchema.parse(
      (await k.get(cookie, `/api/invoices?orderId=${order.id}`)).json(),
    ).items;
    const voucher = documents.find((d) => d.kind === 'railVoucher' && d.service === booked.legs[0]?.number);
    expect(['reversing', 'reversed']).toContain(voucher?.status);
    expect(documents.find((d) => d.kind === 'serviceFee')?.status).toMatch(/^(issuing|issued)$/);
  });

  it('takes 50 payments of one difference at once and debits the wallet once', async () => {
    clock.reset();
    const { cookie, order, old, target } = await k.trainToChange('dearer', clock.tick);
    const q = await k.quote(cookie, order.id, old, target);
    expect((await k.confirm(cookie, q, target)).statusCode).toBe(200);
    const { userId } = await t.db
      .selectFrom('orders')
      .select('userId')
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    const ledger = new WalletLedger(new WalletRepository(t.db), () => new Date());
    await t.db
      .transaction()
      .execute((trx) =>
        ledger.credit(trx, { userId, kind: 'topup', amountMinor: 10 * q.due.amount, idempotencyKey: randomUUID() }),
      );
    const before = await walletOf(cookie);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/order/pay',
          payload: { orderId: order.id, method: { kind: 'wallet' } },
          headers: { cookie, 'idempotency-key': randomUUID() },
        }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200).length).toBeGreaterThanOrEqual(1);
    expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 422 || a.statusCode === 409)).toBe(true);
    expect(before - (await walletOf(cookie))).toBe(q.due.amount);
    const status = orderSchema.parse((await k.get(cookie, `/api/order?id=${order.id}`)).json()).status;
    expect([4, 5]).toContain(status);
  });

  it('lapses when the difference is not paid by its deadline: the old ticket stands and the seats go back', async () => {
    clock.reset();
    const { cookie, order, old, target } = await k.trainToChange('dearer', clock.tick);
    const q = await k.quote(cookie, order.id, old, target);
    const change = ticketChangeSchema.parse((await k.confirm(cookie, q, target)).json());
    const held = () =>
      t.db.selectFrom('seatHolds').select(['stockKey', 'releasedAt']).where('orderId', '=', order.id).execute();
    expect((await held()).filter((h) => h.releasedAt === null)).toHaveLength(2);
    clock.tick(31);
    await k.runJobs();
    const after = orderSchema.parse((await k.get(cookie, `/api/order?id=${order.id}`)).json());
    expect(after.status).toBe(5);
    const subs = new Map(after.subOrders.map((s) => [s.id, s.status]));
    expect(subs.get(old)).toBe(5);
    expect(subs.get(change.newSubOrderId)).toBe(8);
    expect((await held()).filter((h) => h.releasedAt === null)).toHaveLength(1);
  });

  it('refunds a difference paid by card after the change lapsed, to the card by its last digits, and says so once', async () => {
    clock.reset();
    const { cookie, order, old, target } = await k.trainToChange('dearer', clock.tick);
    const q = await k.quote(cookie, order.id, old, target);
    expect((await k.confirm(cookie, q, target)).statusCode).toBe(200);
    // The difference is paid by a card whose 3-D Secure check is still open when the change lapses.
    const token = await k.post(cookie, '/gateway-sim/v1/tokens', cardDetails(TEST_CARDS.threeDSecure));
    const paying = await t.app.inject({
      method: 'POST',
      url: '/api/order/pay',
      payload: { orderId: order.id, method: { kind: 'card', token: cardTokenSchema.parse(token.json()).token } },
      headers: { cookie, 'idempotency-key': randomUUID() },
    });
    const state = paymentStateSchema.parse(paying.json());
    expect(state.outcome).toBe('action');
    clock.tick(31);
    await k.runJobs();
    expect((await k.order(cookie, order.id)).status).toBe(5);
    // The check passed after all: the card is charged, and the money goes straight back to it.
    await t.app.inject({
      method: 'POST',
      url: state.actionUrl as string,
      payload: 'result=pass',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
    });
    const back = await k.get(
      cookie,
      `/api/order/payment?${new URLSearchParams({ orderId: order.id, attemptId: state.attemptId })}`,
    );
    expect(paymentStateSchema.parse(back.json()).outcome).toBe('succeeded');
    await k.runJobs();
    const refunds = await t.db
      .selectFrom('paymentRefunds')
      .selectAll()
      .where('attemptId', '=', state.attemptId)
      .execute();
    expect(refunds.map((r) => [r.channel, r.amountMinor, r.state])).toEqual([['card', q.due.amount, 'succeeded']]);
    expect((await noticesOf(order.id)).filter((n) => n.kind === 'payment-late-refunded')).toHaveLength(1);
    const mails = t.mailbox.received
      .map((m) => decodeQuotedPrintable(m.raw))
      .filter((m) => m.includes(`Late payment refunded, order ${order.orderNumber}`));
    expect(mails).toHaveLength(1);
    const yuan = noticeValues({ amountMinor: q.due.amount }, 'en').amount;
    expect(mails[0]).toContain(`The full ${yuan} has been refunded to the bank card ending 3220`);
    // The old ticket stands, as the lapse left it.
    expect((await k.order(cookie, order.id)).status).toBe(5);
  });
});
