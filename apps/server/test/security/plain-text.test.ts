import { orderSchema } from '@junction/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingClient, CONTACT, orderBody, traveller } from '../booking-client';
import { createTestApp, QUIET_SETTINGS, type TestApp } from '../harness';

/**
 * Threat: text that is not text. A contact name or a search's place name carrying line breaks and markup
 * is stored as sent, then read back into e-mails, notices and the order page (a header injected into a
 * mail, a tag someone renders); a door's name in a shared short link carries a web address that the
 * results page then shows as the traveller's own place. Names are normalised where they enter: no control
 * characters, no markup, single spaces; a door's name holds no address.
 */
const now = new Date();
const searchDate = () => {
  const d = new Date(now.getTime() + 21 * 86_400_000);
  return `${d.getUTCFullYear()}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}`;
};
const linkDate = () => searchDate().slice(2).replaceAll('/', '');
/** What no stored name may hold: control characters (CR, LF, NUL, bidi overrides) and angle brackets. */
const NOT_PLAIN = /[\p{Cc}\p{Cf}<>]/u;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(QUIET_SETTINGS, () => now);
}, 120_000);
afterAll(() => t.close());

describe('names a traveller types', () => {
  it('are stored as plain text on one line: the contact, and the places the search names', async () => {
    const c = bookingClient(t);
    const cookie = await c.signUp();
    const wei = await c.save(cookie, traveller('张伟', '1985-03-02'));
    const flights = await c.search({
      type: 1,
      mode: 'flight',
      legs: [
        {
          departure: 'BJS',
          destination: 'SHA',
          departure_date: searchDate(),
          departureName: '北京\r\nBcc: someone@example.com',
          destinationName: '<img src=x onerror=alert(1)>上海\u202e',
        },
      ],
    });
    const result = flights.results.find((x) => x.agent === 'own' && x.legs.length === 1);
    if (!result) throw new Error('no nonstop flight');
    const offer = await c.offerOf(cookie, flights.searchId, result.id);
    const contact = { ...CONTACT, name: '张伟\r\n<script>alert(1)</script>\u0007' };
    const res = await c.create(cookie, orderBody(offer, flights.searchId, [wei], {}, contact));
    expect(res.statusCode, res.body).toBe(200);
    const order = orderSchema.parse(res.json());
    for (const stored of [order.contact.name, order.originName, order.destinationName]) {
      expect(stored).not.toMatch(NOT_PLAIN);
      expect(stored).toBe(stored.trim());
    }
    expect(order.contact.name).toMatch(/^张伟 /);
    expect(order.originName).toMatch(/^北京 Bcc: /);
    expect(order.destinationName).toBe('上海');
  });
});

describe("a door's name in a short link", () => {
  it('is refused when it carries a web address, and kept when it is a name', async () => {
    const link = (name: string) =>
      t.app.inject({ url: `/api/v2/link?routes=@39.9125N116.4105E~${name}-SHA-${linkDate()}` });
    const named = await link(encodeURIComponent('外婆家'));
    expect(named.statusCode, named.body).toBe(200);
    expect(named.json().criteria.legs[0].departureName).toBe('外婆家');
    for (const address of ['www.example.com', 'https:%2F%2Fexample.com%2Fprize', 'Free tickets at example.com']) {
      const res = await link(encodeURIComponent(address).replaceAll('%252F', '%2F'));
      expect(res.statusCode, address).toBe(400);
    }
  });
});
