import { AppError, ticketsOf } from '@junction/domain';
import { describe, expect, it } from 'vitest';
import type { OrdersContext } from '../orders.context';
import { resultOf, trainLeg } from './create.test-support';
import { joinable, planHolds, type RideHold } from './hold-seats';

const offers = { railCapacity: (train: string) => (train === 'G1' ? 100 : 50) } as unknown as OrdersContext['offers'];
const adults = (n: number) => ({ air: Array(n).fill('ADULT'), rail: Array(n).fill('ADULT') });
const noExtras = { rail: [], baggage: [] };

describe('planning the seats of a new order', () => {
  it('holds one seat per traveller who takes one, on each train ride, in the class the traveller chose', () => {
    const result = resultOf('train', [trainLeg(55_300, 'G1'), trainLeg(40_000, 'G7')]);
    const holds = planHolds(
      { offers },
      {
        result,
        tickets: ticketsOf(result),
        types: { air: ['ADULT', 'INFANT'], rail: ['ADULT', 'FREE_CHILD'] },
        extras: { rail: [{ leg: 1, seatClass: 'M', seats: [], bunks: [] }], baggage: [] },
      },
    );
    expect(holds.map((h) => [h.key, h.seats, h.capacity])).toEqual([
      ['rail:G1:2026-07-15:O', 1, 100],
      ['rail:G7:2026-07-15:M', 1, 50],
    ]);
  });

  it('holds nothing for flights', () => {
    const result = resultOf('flight', []);
    expect(
      planHolds({ offers }, { result, tickets: [{ type: 'flight', legs: [0] }], types: adults(2), extras: noExtras }),
    ).toEqual([]);
  });
});

describe('joining the waiting list instead', () => {
  const result = resultOf('train', [trainLeg(55_300)]);
  const hold: RideHold = {
    key: 'rail:G1:2026-07-15:O',
    capacity: 100,
    seats: 2,
    train: 'G1',
    date: '2026-07-15',
    seatClass: 'O',
    departureTime: '2026-07-15T09:00:00+08:00',
  };
  const cutoffFor = (departure: string) => {
    const at = new Date(Date.parse(departure) - 30 * 60_000);
    return { at, local: '2026-07-15T08:30:00+08:00' };
  };
  const ctxWith = (held: number) =>
    ({
      waitlist: () => ({ cutoffFor }),
      repo: { held: async () => new Map([[hold.key, { capacity: 100, held }]]) },
    }) as unknown as Pick<OrdersContext, 'repo' | 'waitlist'>;
  const before = new Date('2026-07-14T00:00:00Z');
  const codeOf = (p: Promise<unknown>) =>
    p.then(
      () => 'joined',
      (e: unknown) => (e instanceof AppError ? e.code : String(e)),
    );

  it('is joined for one sold-out train ride before its cut-off, until the cut-off', async () => {
    const place = await joinable(ctxWith(99), result, [hold], before);
    expect(place.cutoff.local).toBe('2026-07-15T08:30:00+08:00');
    expect(place.hold).toBe(hold);
  });

  it('is refused with seats left, after the cut-off, for more than one ride, or without a waiting list', async () => {
    expect(await codeOf(joinable(ctxWith(98), result, [hold], before))).toBe('WAITLIST_NOT_SOLD_OUT');
    expect(await codeOf(joinable(ctxWith(99), result, [hold], new Date('2026-07-15T01:00:00Z')))).toBe(
      'WAITLIST_CLOSED',
    );
    expect(await codeOf(joinable(ctxWith(99), result, [hold, hold], before))).toBe('WAITLIST_NOT_AVAILABLE');
    const none = { ...ctxWith(99), waitlist: () => undefined };
    expect(await codeOf(joinable(none, result, [hold], before))).toBe('WAITLIST_NOT_AVAILABLE');
  });
});
