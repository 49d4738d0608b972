import { noticePageSchema, type Order, orderPageSchema, orderSchema, type ResultLeg, shiftIso } from '@junction/domain';
import { sql } from 'kysely';
import ical, { type VEvent } from 'node-ical';
import { PDFParse } from 'pdf-parse';
import { describe, expect, it } from 'vitest';
import * as reschedule from '../../src/db/migrations/0006-fulfilment-4';
import { beijingShanghai, orderBody, traveller } from '../booking-client';
import { searchedSuite } from '../support/booking-app';
import { rideNews } from '../support/ride-news';
import { SURE_TICKETING } from '../support/settings';
import { paidOrder } from './paid-order';

// The clock and the travel date are fixed: whether and how the airline re-times the flight never
// depends on the day the test runs.
const START = new Date('2026-12-03T04:00:00Z');
let clock = START.getTime();
const now = () => new Date(clock);
const TRAVEL_DATE = '2026/12/10';
const LATER_MINUTES = 25;

const suite = searchedSuite(now, SURE_TICKETING, beijingShanghai('all', TRAVEL_DATE), 180_000);
const { t, c, found, account: alice } = suite;

const get = (url: string, cookie = alice.cookie) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const isAir = (l: ResultLeg) => l.kind === 'air';

/** A door-to-door plan with one flight and ground legs after it, booked and paid; its flight's index. */
async function bookPlan(announce: number | null): Promise<{ order: Order; air: number }> {
  const plan = found.results.find(
    (r) =>
      r.kind === 'mix' &&
      r.legs.filter(isAir).length === 1 &&
      r.legs.findIndex(isAir) < r.legs.length - 1 &&
      r.legs.every((l) => l.kind === 'air' || l.kind === 'subway' || l.kind === 'taxi'),
  );
  if (!plan) throw new Error('no door-to-door plan with a flight');
  const air = plan.legs.findIndex(isAir);
  const flight = plan.legs[air] as ResultLeg;
  if (announce !== null) await rideNews(t, alice.cookie, 'schedule-changes', flight, announce);
  const offer = await c.offerOf(alice.cookie, found.searchId, plan.id);
  const wei = await c.save(alice.cookie, traveller('张伟', '1985-03-02'));
  const order = await paidOrder(t, c, alice.cookie, orderBody(offer, found.searchId, [wei]));
  await t.app.jobs?.runDueJobs();
  return { order, air };
}

const eventsOf = (text: string) =>
  Object.values(ical.sync.parseICS(text)).filter((x): x is VEvent => x?.type === 'VEVENT');

async function pdfText(orderId: string, language: 'en' | 'zh-CN'): Promise<string> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/itinerary/pdf?id=${orderId}`,
    headers: { cookie: `${alice.cookie}; lang=${language}` },
  });
  const parser = new PDFParse({ data: new Uint8Array(res.rawPayload) });
  const { text } = await parser.getText();
  await parser.destroy();
  return text;
}

/** Moves the job queue's clock: jobs due by `at` are made due now. */
async function jobsDueBy(at: Date) {
  await sql`update graphile_worker._private_jobs set run_at = now() where run_at <= ${at} and locked_at is null`.execute(
    t.db,
  );
}

describe('a flight the airline re-times after booking', () => {
  it('departs at its new time on the order, the trips list, the calendar file, the PDF, the notices and the reminder', async () => {
    clock = START.getTime();
    const { order: booked, air } = await bookPlan(LATER_MINUTES);
    const flight = booked.legs[air] as ResultLeg;
    const departs = shiftIso(flight.departureTime, LATER_MINUTES * 60_000);
    const arrives = shiftIso(flight.arrivalTime, LATER_MINUTES * 60_000);

    // The order: the flight's new times, the ground legs after it with them, the booked times kept.
    const order = orderSchema.parse((await c.get(alice.cookie, booked.id)).json());
    expect(order.status).toBe(5);
    expect(order.legs[air]).toMatchObject({ departureTime: departs, arrivalTime: arrives });
    expect(order.legs[air]?.durationMinutes).toBe(flight.durationMinutes);
    expect(order.scheduleChanges).toEqual([
      {
        legIndex: air,
        departureTime: departs,
        arrivalTime: arrives,
        previousDepartureTime: flight.departureTime,
        previousArrivalTime: flight.arrivalTime,
      },
    ]);
    const after = booked.legs[air + 1] as ResultLeg;
    expect(order.legs[air + 1]?.departureTime).toBe(shiftIso(after.departureTime, LATER_MINUTES * 60_000));
    expect(order.legs.slice(0, air)).toEqual(booked.legs.slice(0, air));
    expect(order.departureTime).toBe(departs);
    expect(order.arrivalTime).toBe(shiftIso(booked.arrivalTime, LATER_MINUTES * 60_000));

    // The trips list and the order page read the same departure.
    const listed = orderPageSchema.parse((await get('/api/orders')).json()).items.find((o) => o.id === order.id);
    expect(listed?.departureTime).toBe(departs);

    // The calendar file: the flight's event from its new departure to its new arrival, with what changed.
    const ics = (await get(`/api/itinerary/ics?id=${order.id}`)).body;
    const event = eventsOf(ics).find((e) => String(e.summary).includes(flight.number));
    expect(event?.start.getTime()).toBe(Date.parse(departs));
    expect(event?.end?.getTime()).toBe(Date.parse(arrives));
    expect(ics).toContain(`DTSTART;TZID=Asia/Shanghai:${departs.slice(0, 16).replace(/[-:]/g, '')}00`);
    expect(String(event?.description)).toContain(flight.departureTime.slice(11, 16));

    // The PDF, in both languages: the new time as the flight's, the booked one in the note.
    for (const [language, note] of [
      ['en', 'Schedule changed by the operator: originally'],
      ['zh-CN', '承运人已调整时刻，原定'],
    ] as const) {
      const text = await pdfText(order.id, language);
      expect(text).toContain(departs.slice(11, 16));
      expect(text).toContain(arrives.slice(11, 16));
      expect(text).toContain(`${note} ${flight.departureTime.slice(0, 10)} ${flight.departureTime.slice(11, 16)}`);
    }

    // The notice of the change, from the booked time to the new one.
    const notices = noticePageSchema.parse((await get('/notifications?pageSize=50')).json()).items;
    const change = notices.find((n) => n.kind === 'schedule-change' && n.orderId === order.id);
    expect(change?.params).toMatchObject({ departureAt: flight.departureTime, changedAt: departs });

    // The reminder comes a day before the new departure and tells it; the order completes after the new arrival.
    clock = Date.parse(departs) - 24 * 3600_000 - 60_000;
    await jobsDueBy(now());
    await t.app.jobs?.runDueJobs();
    const early = noticePageSchema.parse((await get('/notifications?pageSize=50')).json()).items;
    expect(early.some((n) => n.kind === 'departure-reminder' && n.orderId === order.id)).toBe(false);
    clock = Date.parse(departs) - 24 * 3600_000;
    await jobsDueBy(now());
    await t.app.jobs?.runDueJobs();
    const reminded = noticePageSchema.parse((await get('/notifications?pageSize=50')).json()).items;
    const reminder = reminded.find((n) => n.kind === 'departure-reminder' && n.orderId === order.id);
    expect(reminder?.params.departureAt).toBe(departs);
  });

  it('keeps the booked times when the airline changes nothing', async () => {
    clock = START.getTime();
    const { order: booked, air } = await bookPlan(0);
    const order = orderSchema.parse((await c.get(alice.cookie, booked.id)).json());
    expect(order.status).toBe(5);
    expect(order.legs).toEqual(booked.legs);
    expect(order.scheduleChanges).toEqual([]);
    const ics = (await get(`/api/itinerary/ics?id=${order.id}`)).body;
    const event = eventsOf(ics).find((e) => String(e.summary).includes(booked.legs[air]?.number ?? '?'));
    expect(event?.start.getTime()).toBe(Date.parse(booked.legs[air]?.departureTime ?? ''));
  });

  it('moves a change kept on the tickets before onto its order', async () => {
    clock = START.getTime();
    const { order: booked, air } = await bookPlan(0);
    const flight = booked.legs[air] as ResultLeg;
    const changed = shiftIso(flight.departureTime, 40 * 60_000);
    // As an order ticketed before stood: its itinerary as booked, the change on its tickets.
    await reschedule.down(t.db);
    await sql`update tickets set changed_departure = ${changed} where order_id = ${booked.id} and leg_index = ${air}`.execute(
      t.db,
    );
    await reschedule.up(t.db);
    const order = orderSchema.parse((await c.get(alice.cookie, booked.id)).json());
    expect(order.legs[air]).toMatchObject({
      departureTime: changed,
      arrivalTime: shiftIso(flight.arrivalTime, 40 * 60_000),
    });
    expect(order.scheduleChanges[0]).toMatchObject({ legIndex: air, previousDepartureTime: flight.departureTime });
    expect(order.departureTime).toBe(changed);
  });
});
