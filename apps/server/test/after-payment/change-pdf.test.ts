import type { SearchResult } from '@junction/domain';
import { PDFParse } from 'pdf-parse';
import { describe, expect, it } from 'vitest';
import { changeSuite } from './change-client';

const { k, clock } = changeSuite();

async function pdfText(cookie: string, orderId: string, language: 'en' | 'zh-CN'): Promise<string> {
  const res = await k.get(`${cookie}; lang=${language}`, `/api/itinerary/pdf?id=${orderId}`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toContain('application/pdf');
  const parser = new PDFParse({ data: new Uint8Array(res.rawPayload) });
  const { text } = await parser.getText();
  await parser.destroy();
  return text;
}

describe('the itinerary PDF after a train change', () => {
  it('shows the new train, at its times, and no longer the old one, in both languages', async () => {
    clock.reset();
    const cookie = await k.c.signUp();
    const list = k.byFare();
    const [cheaper, booked] = [list[0] as SearchResult, list.at(-1) as SearchResult];
    const [oldNumber, newNumber] = [booked.legs[0]?.number as string, cheaper.legs[0]?.number as string];
    expect(newNumber).not.toBe(oldNumber);
    const order = await k.ticketedTrain(cookie, booked, undefined, clock.tick);

    // Before the change the PDF shows the booked train.
    expect(await pdfText(cookie, order.id, 'en')).toContain(oldNumber);

    const q = await k.quote(cookie, order.id, order.subOrders[0]?.id as string, cheaper);
    const confirmed = await k.confirm(cookie, q, cheaper);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    clock.tick();
    await k.runJobs();
    const after = await k.order(cookie, order.id);
    expect(after.status).toBe(5);
    const ride = after.legs.find((l) => l.number === newNumber);
    if (!ride) throw new Error('the new train is not in the itinerary');

    for (const language of ['en', 'zh-CN'] as const) {
      const text = await pdfText(cookie, order.id, language);
      expect(text).toContain(newNumber);
      expect(text).toContain(ride.departureTime.slice(11, 16));
      expect(text).toContain(ride.arrivalTime.slice(11, 16));
      expect(text).not.toContain(oldNumber);
    }
  }, 180_000);
});
