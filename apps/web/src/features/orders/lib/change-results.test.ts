import type { ResultLeg, SearchResult } from '@junction/domain';
import { describe, expect, it } from 'vitest';
import { type ChangeTicket, changeClasses, changeResults, defaultClass } from './change-results';

const ticket = {
  subOrderId: '00000000-0000-4000-8000-000000000001',
  type: 'railway',
  refusal: null,
  firstDay: '2026-11-22',
  lastDay: '2026-12-20',
  trip: {
    number: 'G1',
    from: { en: 'Beijing South', 'zh-CN': '北京南' },
    to: { en: 'Shanghai Hongqiao', 'zh-CN': '上海虹桥' },
    departureTime: '2026-12-01T08:00:00+08:00',
    arrivalTime: '2026-12-01T12:30:00+08:00',
    seatClass: 'O',
  },
  departure: 'BJP',
  destination: 'SHH',
  carrier: 'CR',
  travellers: [{ position: 0, name: '张伟', refunded: false }],
} satisfies ChangeTicket;

const seat = (code: string, amount: number, remaining = 10) => ({
  code,
  price: { amount, currency: 'CNY' as const },
  remaining,
});
const train = (number: string, departureTime: string, seats: ReturnType<typeof seat>[]) =>
  ({
    kind: 'land',
    number,
    departureTime,
    cabin: 'O',
    seats,
    price: { amount: 60_000, currency: 'CNY' },
  }) as unknown as ResultLeg;
const result = (leg: ResultLeg) => ({ id: leg.number, kind: 'train', legs: [leg] }) as unknown as SearchResult;

describe('the seat classes of a change', () => {
  const own = train('G1', ticket.trip.departureTime, [seat('O', 60_000), seat('M', 95_000), seat('A9', 180_000)]);
  const other = train('G3', '2026-12-01T09:00:00+08:00', [seat('O', 55_000, 0), seat('M', 90_000)]);

  it('keeps the ticket’s own train on the list for another of its classes, never a single-class one', () => {
    const single = train('G1', ticket.trip.departureTime, [seat('O', 60_000)]);
    const nowMs = Date.parse('2026-11-22T04:00:00Z');
    expect(changeResults(ticket, [result(own), result(other)], nowMs).map((r) => r.id)).toEqual(['G1', 'G3']);
    expect(changeResults(ticket, [result(single)], nowMs)).toEqual([]);
  });

  it('leaves out the ticket’s own train when its other classes are sold out: nothing on it could be chosen', () => {
    const full = train('G1', ticket.trip.departureTime, [
      seat('O', 60_000),
      seat('M', 95_000, 0),
      seat('A9', 180_000, 0),
    ]);
    const nowMs = Date.parse('2026-11-22T04:00:00Z');
    expect(changeResults(ticket, [result(full), result(other)], nowMs).map((r) => r.id)).toEqual(['G3']);
  });

  it('starts in the ticket’s class when the new train has seats in it, else the first class with seats', () => {
    expect(changeClasses(other)).toEqual(['O', 'M']);
    expect(defaultClass(ticket, other, changeClasses(other))).toBe('M');
    const open = train('G5', '2026-12-01T10:00:00+08:00', [seat('M', 90_000), seat('O', 55_000)]);
    expect(defaultClass(ticket, open, changeClasses(open))).toBe('O');
    // On its own train the ticket's class is no change: the next class is offered first.
    expect(defaultClass(ticket, own, changeClasses(own))).toBe('M');
  });
});
