import { AppError } from '@junction/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { PdfPool } from './itinerary-pdf-pool';
import type { ItineraryView } from './itinerary-view';

const view = (orderNumber: string): ItineraryView => ({
  orderId: '00000000-0000-4000-8000-000000000001',
  orderNumber,
  status: '0',
  createdAt: new Date('2026-12-03T04:00:00Z'),
  bounds: [],
  travellers: [],
  contact: { name: '张伟', phoneMasked: '138****8000', email: 'zhang.wei@example.com' },
  receipt: null,
  fees: undefined,
});
const NOW = new Date('2026-12-03T04:00:00Z');

let pool: PdfPool | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

describe('itinerary PDF pool', () => {
  it('answers 419 busy past its queue, and draws what it took', async () => {
    pool = new PdfPool({ workers: 1, maxQueue: 2 });
    // The thread started and ready.
    await pool.draw('A0', view('A0'), 'en', NOW);
    const asked = ['A1', 'A2', 'A3', 'A4', 'A5'].map((n) =>
      pool?.draw(n, view(n), 'en', NOW).then(
        (pdf) => ({ pdf }),
        (error: unknown) => ({ error }),
      ),
    );
    const answers = await Promise.all(asked);
    const drawn = answers.flatMap((a) => (a && 'pdf' in a ? [a.pdf] : []));
    const refused = answers.flatMap((a) => (a && 'error' in a ? [a.error] : []));
    // One drawing and two waiting; the other two are told at once to come back.
    expect(drawn).toHaveLength(3);
    for (const pdf of drawn) expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(refused).toHaveLength(2);
    for (const error of refused) {
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ code: 'SYSTEM_BUSY', status: 419, extra: { params: { retryAfter: 2 } } });
    }
  });

  it('draws a PDF once for everyone asking for it at the same time', async () => {
    pool = new PdfPool({ workers: 1, maxQueue: 1 });
    const same = await Promise.all(Array.from({ length: 5 }, () => pool?.draw('B1', view('B1'), 'zh-CN', NOW)));
    // A queue of one holds one drawing more, no more: the five askers shared one.
    for (const pdf of same) expect(pdf).toBe(same[0]);
  });
});
