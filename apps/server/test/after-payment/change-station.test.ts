import { orderFulfilmentSchema, railClassFare, type SearchResult, walletSummarySchema } from '@junction/domain';
import { describe, expect, it } from 'vitest';
import { changeSuite } from './change-client';

/**
 * A train ticket may be changed (改签) to a train of the same day arriving at another station of the same
 * city (变更到站): Shanghai Hongqiao for Shanghai. The change goes through as any other, and the order then
 * reads the new station wherever the traveller looks.
 */
const { t, k, clock } = changeSuite();

const ticketsOf = (subOrderId: string) =>
  t.db.selectFrom('tickets').selectAll().where('subOrderId', '=', subOrderId).execute();
const noticesOf = (orderId: string) =>
  t.db.selectFrom('notifications').select('kind').where('orderId', '=', orderId).execute();
const walletOf = async (cookie: string) =>
  walletSummarySchema.parse((await k.get(cookie, '/api/wallet')).json()).balance.amount;

const ride = (r: SearchResult) => r.legs[0] as SearchResult['legs'][number];
const fare = (r: SearchResult) => railClassFare(ride(r), 'O') ?? 0;

/** A train of the day and a cheaper one from the same station arriving at another station of the same city. */
function twoStations() {
  const list = k.byFare();
  for (const booked of [...list].reverse()) {
    const other = list.find(
      (r) =>
        fare(r) < fare(booked) &&
        ride(r).from.code === ride(booked).from.code &&
        ride(r).to.code !== ride(booked).to.code &&
        ride(r).to.city?.id === ride(booked).to.city?.id,
    );
    if (other) return { booked, other };
  }
  throw new Error('no two trains of the day arriving at different stations of Shanghai');
}

describe('a train ticket changed to another station of the same city', () => {
  it('is quoted, the difference refunded, the old ticket changed and the new one issued at the new station', async () => {
    clock.reset();
    const { booked, other } = twoStations();
    const [oldStation, newStation] = [ride(booked).to, ride(other).to];
    const cookie = await k.c.signUp();
    const order = await k.ticketedTrain(cookie, booked, undefined, clock.tick);
    const old = order.subOrders[0]?.id as string;
    const [oldTicket] = await ticketsOf(old);

    // The quote tells of the new arrival station by name; nine days ahead, the cheaper fare's difference comes back whole.
    const q = await k.quote(cookie, order.id, old, other);
    expect(q).toMatchObject({
      type: 'railway',
      arrivalChanged: true,
      from: { number: ride(booked).number, to: oldStation.name, seatClass: 'O' },
      to: { number: ride(other).number, to: newStation.name, seatClass: 'O' },
      due: { amount: 0 },
      fee: { amount: 0 },
      refund: { amount: q.oldFare.amount - q.newFare.amount },
    });
    expect(q.refund.amount).toBeGreaterThan(0);
    const before = await walletOf(cookie);
    const confirmed = await k.confirm(cookie, q, other);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const newSub = (confirmed.json() as { newSubOrderId: string }).newSubOrderId;
    clock.tick();
    await k.runJobs();
    await k.runJobs();

    const after = await k.order(cookie, order.id);
    expect(after.status).toBe(5);
    expect(after.subOrders.find((s) => s.id === old)?.status).toBe(4);
    expect(after.subOrders.find((s) => s.id === newSub)).toMatchObject({ status: 5, flightNumber: ride(other).number });
    expect((await walletOf(cookie)) - before).toBe(q.refund.amount);
    expect(after.changeMoney).toMatchObject({ difference: { amount: 0 }, refund: { amount: q.refund.amount } });
    expect((await noticesOf(order.id)).map((n) => n.kind)).toEqual(
      expect.arrayContaining(['ticket-changed', 'change-refund-done']),
    );
    // The new ticket: its own number, coach and seat, on the leg that arrives at the new station.
    const [newTicket] = await ticketsOf(newSub);
    expect(newTicket?.ticketNumber).toMatch(/\S/);
    expect(newTicket?.ticketNumber).not.toBe(oldTicket?.ticketNumber);
    expect(newTicket?.coach).toMatch(/\S/);
    expect(newTicket?.seat).toMatch(/\S/);
    const page = orderFulfilmentSchema.parse((await k.get(cookie, `/api/order/fulfilment?id=${order.id}`)).json());
    expect(page.changes.map((c) => c.status)).toEqual(['done']);
    const shown = page.tickets.find((x) => x.subOrderId === newSub);
    expect(shown).toMatchObject({
      ticketNumber: newTicket?.ticketNumber,
      coach: newTicket?.coach,
      seat: newTicket?.seat,
    });
    // The order's itinerary arrives at the new station, named in both languages, and so does its calendar.
    expect(after.legs[shown?.legIndex ?? -1]?.to).toMatchObject({ code: newStation.code, name: newStation.name });
    expect(after.arrivalTime).toBe(ride(other).arrivalTime);
    for (const lang of ['en', 'zh-CN'] as const) {
      const ics = (await k.get(`${cookie}; lang=${lang}`, `/api/itinerary/ics?id=${order.id}`)).body;
      const event = ics.replace(/\r?\n[ \t]/g, '').split('BEGIN:VEVENT')[1] as string;
      expect(event).toMatch(new RegExp(`^SUMMARY:.* → ${newStation.name[lang]}\\r?$`, 'm'));
      if (!newStation.name[lang].includes(oldStation.name[lang])) expect(event).not.toContain(oldStation.name[lang]);
    }
  });
});
