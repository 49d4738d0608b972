import type { TicketChange } from '@junction/domain';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp, stubApi } from '../../../testing/render-app';
import { ChangesCard } from './changes-card';

afterEach(cleanup);

const trip = (number: string) => ({
  number,
  from: { en: 'Beijing South', 'zh-CN': '北京南' },
  to: { en: 'Shanghai Hongqiao', 'zh-CN': '上海虹桥' },
  departureTime: '2030-05-01T08:00:00+08:00',
  arrivalTime: '2030-05-01T12:30:00+08:00',
  seatClass: 'O',
});
const cny = (amount: number) => ({ amount, currency: 'CNY' as const });
const change = (status: TicketChange['status'], sums: { due: number; refund: number }): TicketChange => ({
  id: '00000000-0000-4000-8000-000000000001',
  status,
  oldSubOrderId: '00000000-0000-4000-8000-000000000002',
  newSubOrderId: '00000000-0000-4000-8000-000000000003',
  from: trip('G415'),
  to: trip('G129'),
  oldFare: cny(64_550),
  newFare: cny(64_550 + sums.due - sums.refund),
  fee: cny(0),
  due: cny(sums.due),
  refund: cny(sums.refund),
  refundTo: sums.refund > 0 ? { method: 'wallet', last4: null } : null,
  createdAt: '2030-04-20T08:00:00+08:00',
  travellers: null,
  doneAt: null,
});

function sumsOf(c: TicketChange, language: 'en' | 'zh-CN'): string {
  stubApi({});
  renderApp([{ path: '/', element: <ChangesCard changes={[c]} /> }], { language });
  return (screen.getByTestId('change-sums').textContent ?? '').replace(/\s+/g, ' ').trim();
}

describe('the changes listed on an order', () => {
  // A dearer train: ¥410 to pay, then paid, then (issued or refused) what became of it.
  it.each([
    ['awaiting-payment', 'To pay ¥410', '需补差价 ¥410'],
    ['issuing', 'Difference paid ¥410', '已补差价 ¥410'],
    ['done', 'Difference paid ¥410', '已补差价 ¥410'],
    ['lapsed', 'Difference not paid ¥410', '差价未支付 ¥410'],
    ['failed', 'Difference refunded to you ¥410', '差价退回 ¥410'],
  ] as const)('says what became of a difference to pay when the change is %s', (status, en, zh) => {
    expect(sumsOf(change(status, { due: 41_000, refund: 0 }), 'en')).toBe(en);
    cleanup();
    expect(sumsOf(change(status, { due: 41_000, refund: 0 }), 'zh-CN')).toBe(zh);
  });

  // A cheaper train: the refund is on its way while the new ticket is issued, made once it is, and none if refused.
  it.each([
    ['issuing', /^To be refunded ¥74 /, /^待退还 ¥74 /],
    ['done', /^Refunded to you ¥74 /, /^退还金额 ¥74 /],
    ['failed', /^$/, /^$/],
  ] as const)('says what became of a lower fare’s refund when the change is %s', (status, en, zh) => {
    expect(sumsOf(change(status, { due: 0, refund: 7_400 }), 'en')).toMatch(en);
    cleanup();
    expect(sumsOf(change(status, { due: 0, refund: 7_400 }), 'zh-CN')).toMatch(zh);
  });
});
