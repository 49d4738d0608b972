import { writeFileSync } from 'node:fs';
import { type Order, orderFulfilmentSchema, orderSchema, type SearchResult } from '@junction/domain';
import ical, { type VEvent } from 'node-ical';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderBody, traveller } from '../booking-client';
import type { TestApp } from '../harness';
import { type BookingClient, bookingApp } from '../support/booking-app';
import { SURE_TICKETING } from '../support/settings';
import { ticketedOrder } from './paid-order';

const NOW = new Date('2026-12-03T04:00:00Z');
let t: TestApp;
let c: BookingClient;
let alice: string;
let bob: string;

beforeAll(async () => {
  ({ t, c } = await bookingApp(() => NOW, SURE_TICKETING));
  alice = await c.signUp();
  bob = await c.signUp();
}, 120_000);
afterAll(() => t.close());

const PASSPORT = { type: 'A' as const, expiryDate: '2034-05-01', issuingCountry: 'CN' };

/** Books, pays and tickets a one-way trip for two travellers; answers the ticketed order. */
async function ticketed(mode: 'flight' | 'train', destination: string, pick: (r: SearchResult) => boolean) {
  const found = await c.search({
    type: 1,
    mode,
    legs: [{ departure: 'BJS', destination, departure_date: '2026/12/10', departureName: '北京', destinationName: '' }],
  });
  const result = found.results.find(pick);
  if (!result) throw new Error(`nothing to book to ${destination}`);
  const offer = await c.offerOf(alice, found.searchId, result.id);
  const abroad = offer.trip.international;
  const passport = (number: string, birthDate: string, gender: 'MALE' | 'FEMALE') =>
    abroad ? { documents: [{ ...PASSPORT, number }], birthDate, gender } : {};
  const wei = await c.save(alice, traveller('张伟', '1985-03-02', passport('E12345678', '1985-03-02', 'MALE')));
  const na = await c.save(alice, traveller('李娜', '1987-07-15', passport('E87654321', '1987-07-15', 'FEMALE')));
  return ticketedOrder(t, c, alice, orderBody(offer, found.searchId, [wei, na]));
}

const get = (cookie: string, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

async function ticketsOf(order: Order) {
  return orderFulfilmentSchema.parse((await get(alice, `/api/order/fulfilment?id=${order.id}`)).json()).tickets;
}

/** The local wall-clock time of an instant in a zone, `yyyy-mm-ddThh:mm`. */
const wallClock = (at: Date, zone: string) =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  })
    .format(at)
    .replace(' ', 'T');

const eventsOf = (text: string) =>
  Object.values(ical.sync.parseICS(text))
    .filter((x): x is VEvent => x?.type === 'VEVENT')
    .sort((a, b) => a.start.getTime() - b.start.getTime());

describe('itinerary files', () => {
  it('says of an order not paid yet that its tickets are issued once it is paid', async () => {
    const found = await c.search({
      type: 1,
      mode: 'flight',
      legs: [
        {
          departure: 'BJS',
          destination: 'SHA',
          departure_date: '2026/12/10',
          departureName: '北京',
          destinationName: '',
        },
      ],
    });
    const result = found.results.find((r) => r.kind === 'flight' && r.legs.length === 1);
    if (!result) throw new Error('no flight');
    const offer = await c.offerOf(alice, found.searchId, result.id);
    const wei = await c.save(alice, traveller('张伟', '1985-03-02'));
    const order = orderSchema.parse((await c.create(alice, orderBody(offer, found.searchId, [wei]))).json());
    for (const [language, words] of [
      ['en', 'Ticket issued once paid'],
      ['zh-CN', '支付后出票'],
    ] as const) {
      const res = await get(`${alice}; lang=${language}`, `/api/itinerary/pdf?id=${order.id}`);
      const parser = new PDFParse({ data: new Uint8Array(res.rawPayload) });
      const { text } = await parser.getText();
      await parser.destroy();
      expect(text).toContain(words);
      expect(text).not.toContain(language === 'en' ? 'Ticket being issued' : '正在出票');
    }
  });

  it('draws the PDF with booking references, ticket numbers and travellers, in either language, for its traveller only', async () => {
    const order = await ticketed(
      'train',
      'SHA',
      (r) => r.kind === 'train' && r.legs.length === 1 && !r.legs[0]?.soldOut,
    );
    const tickets = await ticketsOf(order);
    expect(tickets).toHaveLength(2);

    for (const [language, title] of [
      ['en', 'Itinerary'],
      ['zh-CN', '行程单'],
    ] as const) {
      const res = await get(`${alice}; lang=${language}`, `/api/itinerary/pdf?id=${order.id}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toContain(`itinerary-${order.orderNumber}.pdf`);
      const parser = new PDFParse({ data: new Uint8Array(res.rawPayload) });
      const { text } = await parser.getText();
      if (process.env.SHOTS) {
        const { pages } = await parser.getScreenshot({ scale: 1.5 });
        for (const [n, page] of pages.entries())
          writeFileSync(`${process.env.SHOTS}/itinerary-pdf-${language}-${n + 1}.png`, page.data);
      }
      await parser.destroy();
      expect(text).toContain(title);
      expect(text).toContain(order.orderNumber);
      expect(text).toContain(tickets[0]?.bookingReference);
      for (const x of tickets) expect(text).toContain(x.ticketNumber);
      for (const name of ['张伟', '李娜']) expect(text).toContain(name);
      // Documents are masked: the clear number is nowhere.
      for (const traveller of order.travellers) expect(text).toContain(traveller.documentMasked);
      expect(text).not.toMatch(/11010119850302\d{4}/);
      expect(text).toContain(language === 'en' ? 'Shanghai' : '上海');
    }

    for (const file of ['pdf', 'ics']) {
      const other = await get(bob, `/api/itinerary/${file}?id=${order.id}`);
      expect(other.statusCode).toBe(404);
      expect(other.json()).toMatchObject({ errorCode: 2009 });
      expect((await t.app.inject({ method: 'GET', url: `/api/itinerary/${file}?id=${order.id}` })).statusCode).toBe(
        401,
      );
    }
  });

  it('exports every leg to the calendar at its local time, in its zone: a train, and a flight across zones', async () => {
    const train = await ticketed(
      'train',
      'SHA',
      (r) => r.kind === 'train' && r.legs.length === 1 && !r.legs[0]?.soldOut,
    );
    const res = await get(alice, `/api/itinerary/ics?id=${train.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const [ride] = eventsOf(res.body);
    const leg = train.legs[0];
    if (!ride || !leg) throw new Error('no event');
    expect(ride.start.tz).toBe('Asia/Shanghai');
    expect(res.body).toContain(`DTSTART;TZID=Asia/Shanghai:${leg.departureTime.slice(0, 16).replace(/[-:]/g, '')}00`);
    expect(ride.start.getTime()).toBe(Date.parse(leg.departureTime));
    expect(ride.end?.getTime()).toBe(Date.parse(leg.arrivalTime));
    expect(ride.summary).toContain(leg.number);
    // Stations by name, never by railway telecode ("Train G5 Beijing South → Shanghai Hongqiao").
    for (const end of [leg.from, leg.to]) {
      expect(String(ride.summary)).not.toContain(end.code);
      expect([end.name.en, end.name['zh-CN']].some((name) => String(ride.summary).includes(name))).toBe(true);
    }
    const tickets = await ticketsOf(train);
    expect(ride.description).toContain(tickets[0]?.ticketNumber);

    const flight = await ticketed('flight', 'LON', (r) => r.kind === 'flight' && r.legs.length === 1);
    const ics = (await get(alice, `/api/itinerary/ics?id=${flight.id}`)).body;
    const events = eventsOf(ics);
    const air = flight.legs[0];
    expect(events).toHaveLength(flight.legs.length);
    const event = events.find((e) => String(e.summary).includes(air?.number ?? '?'));
    if (!event || !air) throw new Error('no flight event');
    // Leaves Beijing at the time on the ticket, in Beijing's zone; lands at London's local time.
    expect(event.start.tz).toBe('Asia/Shanghai');
    expect(wallClock(event.start, 'Asia/Shanghai')).toBe(air.departureTime.slice(0, 16));
    expect(air.arrivalTime.slice(19)).toBe('+00:00');
    expect(event.end && wallClock(event.end, 'Europe/London')).toBe(air.arrivalTime.slice(0, 16));
    expect(ics).toMatch(/BEGIN:VTIMEZONE\r\nTZID:Asia\/Shanghai/);
  });
});
