import { CHANGE_STATUSES } from '@junction/domain';
import { describe, expect, it } from 'vitest';
import { presentChange } from './ticket-change-view';

const trip = { number: 'G1', from: { en: 'A', 'zh-CN': '甲' }, to: { en: 'B', 'zh-CN': '乙' } };
const row = (status: string, refundMinor: number) => ({
  id: 'c1',
  orderId: 'o1',
  oldSubOrderId: 's1',
  newSubOrderId: 's2',
  status,
  oldFareMinor: 62_700,
  newFareMinor: 62_700 - refundMinor,
  feeMinor: 0,
  dueMinor: 0,
  refundMinor,
  oldTrip: trip,
  newTrip: trip,
  newLegs: [],
  oldLegs: null,
  seatKey: null,
  oldSeatKey: null,
  paymentDeadline: null,
  travellers: null,
  oldSeats: null,
  createdAt: new Date('2030-04-20T00:00:00Z'),
  doneAt: null,
});
const card = { method: 'card' as const, last4: '4242' };

describe('where a change shows its refund going', () => {
  it('names the destination only while the refund is still to be or has been made', () => {
    const shown = CHANGE_STATUSES.map((s) => [s, presentChange(row(s, 7_400), card).refundTo]);
    expect(shown).toEqual([
      ['awaiting-payment', card],
      ['issuing', card],
      ['done', card],
      ['lapsed', null],
      ['failed', null],
    ]);
  });

  it('names none when nothing comes back', () => {
    for (const s of CHANGE_STATUSES) expect(presentChange(row(s, 0), card).refundTo).toBeNull();
  });
});
