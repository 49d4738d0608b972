import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canTransition } from '../orders/order-status';
import type { FeeRules } from '../search/search.schema';
import {
  INVOLUNTARY_CHANGE_MINUTES,
  isInvoluntaryChange,
  partyStands,
  RAIL_REFUND_LADDER,
  REFUND_TRANSITIONS,
  refundFee,
} from './refund-rules';

const HOUR = 3_600_000;
const DEPART = Date.parse('2026-12-20T08:00:00+08:00');
const FEES: FeeRules = {
  cancelBefore: { amount: 20_000, currency: 'CNY' },
  cancelAfter: { amount: 40_000, currency: 'CNY' },
  changeBefore: null,
  changeAfter: null,
  free24h: false,
};
const rail = (hoursLeft: number, paidMinor = 55_300, serviceFeeMinor = 0, issued = true) =>
  refundFee({
    type: 'railway',
    paidMinor,
    serviceFeeMinor,
    issued,
    departureMs: DEPART,
    nowMs: DEPART - hoursLeft * HOUR,
    bookedMs: DEPART - 30 * 24 * HOUR,
    fees: FEES,
    seated: true,
  });
const air = (
  nowMs: number,
  fees = FEES,
  bookedMs = DEPART - 30 * 24 * HOUR,
  paidMinor = 150_000,
  seated = true,
  involuntary = false,
) =>
  refundFee({
    type: 'flight',
    paidMinor,
    serviceFeeMinor: 0,
    issued: true,
    departureMs: DEPART,
    nowMs,
    bookedMs,
    fees,
    seated,
    involuntary,
  });

describe("China Railway's refund ladder", () => {
  it('charges nothing from 8 days, 5 % from 48 hours, 10 % from 24 hours and 20 % below, exactly at each boundary', () => {
    const ms = 1 / 3600; // one millisecond, in hours
    expect(rail(192)).toMatchObject({ feeMinor: 0, rule: 'rail-8d' });
    expect(rail(192 - ms)).toMatchObject({ percent: 5, rule: 'rail-48h' });
    expect(rail(48)).toMatchObject({ percent: 5 });
    expect(rail(48 - ms)).toMatchObject({ percent: 10, rule: 'rail-24h' });
    expect(rail(24)).toMatchObject({ percent: 10 });
    expect(rail(24 - ms)).toMatchObject({ percent: 20, rule: 'rail-under-24h' });
    expect(rail(ms)).toMatchObject({ percent: 20 });
    expect(rail(0)).toEqual({ allowed: false, rule: 'departed' });
    // ¥553 at 5 % is ¥27.65, rounded to the nearest ¥0.50: ¥27.50.
    expect(rail(100)).toMatchObject({ feeMinor: 2_750 });
  });

  it('for any price and time: the step of the ladder, a fee within half a yuan of its share, never above the price', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5_000_000 }),
        fc.integer({ min: 1, max: 60 * 24 * 3600 }),
        (paid, secondsLeft) => {
          const hours = secondsLeft / 3600;
          const q = rail(hours, paid);
          if (!q.allowed) throw new Error('refused before departure');
          const step = RAIL_REFUND_LADDER.find((s) => hours >= s.fromHours);
          expect(q.percent).toBe(step?.percent);
          expect(q.feeMinor % 50).toBe(0);
          expect(q.feeMinor).toBeLessThanOrEqual(paid);
          expect(Math.abs(q.feeMinor - (paid * (q.percent ?? 0)) / 100)).toBeLessThanOrEqual(25);
        },
      ),
    );
  });

  it('fees only grow as departure nears', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20 * 24 * 60 }), fc.integer({ min: 1, max: 20 * 24 * 60 }), (a, b) => {
        const [early, late] = a > b ? [a, b] : [b, a];
        const x = rail(early / 60);
        const y = rail(late / 60);
        if (!x.allowed || !y.allowed) throw new Error('refused');
        expect(y.feeMinor).toBeGreaterThanOrEqual(x.feeMinor);
      }),
    );
  });
});

describe('airline refund fees', () => {
  it('takes the fare’s fee before 2 hours and the later fee within them from a seated traveller, capped at the price', () => {
    expect(air(DEPART - 2 * HOUR)).toMatchObject({ feeMinor: 20_000, refundMinor: 130_000, rule: 'air-before-2h' });
    expect(air(DEPART - 2 * HOUR + 1)).toMatchObject({ feeMinor: 40_000, rule: 'air-within-2h' });
    expect(air(DEPART - 1, FEES, DEPART - 30 * 24 * HOUR, 30_000)).toMatchObject({ feeMinor: 30_000, refundMinor: 0 });
    // An infant on a lap pays no fee.
    expect(air(DEPART - 5 * HOUR, FEES, DEPART - 30 * 24 * HOUR, 15_000, false)).toMatchObject({
      feeMinor: 0,
      refundMinor: 15_000,
    });
    expect(air(DEPART)).toEqual({ allowed: false, rule: 'departed' });
  });

  it('refuses a fare without a refund, and is free within 24 hours of booking when the fare says so', () => {
    expect(air(DEPART - 5 * HOUR, { ...FEES, cancelBefore: null })).toEqual({ allowed: false, rule: 'not-refundable' });
    const booked = DEPART - 48 * HOUR;
    expect(air(booked + 24 * HOUR - 1, { ...FEES, free24h: true }, booked)).toMatchObject({
      feeMinor: 0,
      rule: 'air-free-24h',
    });
    expect(air(booked + 24 * HOUR, { ...FEES, free24h: true }, booked)).toMatchObject({ rule: 'air-before-2h' });
  });
});

describe('a flight the airline moved', () => {
  const booked = '2026-12-20T08:00:00+08:00';
  const movedBy = (minutes: number) =>
    isInvoluntaryChange({
      previousDepartureTime: booked,
      departureTime: new Date(Date.parse(booked) + minutes * 60_000).toISOString(),
    });

  it('is an involuntary change beyond an hour either way, and not at an hour exactly', () => {
    expect(INVOLUNTARY_CHANGE_MINUTES).toBe(60);
    expect(movedBy(60)).toBe(false);
    expect(movedBy(-60)).toBe(false);
    expect(movedBy(61)).toBe(true);
    expect(movedBy(-61)).toBe(true);
    expect(movedBy(0)).toBe(false);
  });

  it('for any fare, price and time before departure: refunded in full, even a fare that refunds nothing', () => {
    const amount = fc.option(fc.integer({ min: 0, max: 500_000 }), { nil: null });
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 60 * 24 * 3600 }),
        fc.integer({ min: 0, max: 5_000_000 }),
        amount,
        amount,
        fc.boolean(),
        (secondsLeft, paidMinor, before, after, seated) => {
          const fees: FeeRules = {
            ...FEES,
            cancelBefore: before === null ? null : { amount: before, currency: 'CNY' },
            cancelAfter: after === null ? null : { amount: after, currency: 'CNY' },
          };
          const fee = air(DEPART - secondsLeft * 1000, fees, DEPART - 30 * 24 * HOUR, paidMinor, seated, true);
          expect(fee).toEqual({
            allowed: true,
            feeMinor: 0,
            serviceFeeKeptMinor: 0,
            refundMinor: paidMinor,
            rule: 'air-involuntary',
            percent: null,
          });
        },
      ),
      { numRuns: 200 },
    );
  });

  it('is still not refunded online once it has departed', () => {
    expect(air(DEPART, FEES, DEPART - 30 * 24 * HOUR, 150_000, true, true)).toEqual({
      allowed: false,
      rule: 'departed',
    });
  });
});

describe('a train ticket refunded with its service fee', () => {
  it('takes the railway’s share of the fare only and keeps the service fee: ¥614 + ¥20 at 5 % gives back ¥583.50', () => {
    expect(rail(100, 63_400, 2_000)).toMatchObject({
      feeMinor: 3_050,
      serviceFeeKeptMinor: 2_000,
      refundMinor: 58_350,
      percent: 5,
    });
    // A ticket the railway never issued gives everything back, its service fee too.
    expect(rail(100, 63_400, 2_000, false)).toMatchObject({ serviceFeeKeptMinor: 0 });
  });

  it('for any fare, service fee and time: fee and service fee kept and money back add up to what was paid', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 10, max: 100_000 }).map((n) => n * 50),
        fc.constantFrom(0, 500, 1_000, 2_000, 3_000),
        fc.integer({ min: 1, max: 30 * 24 * 3600 }),
        fc.boolean(),
        (fare, service, secondsLeft, issued) => {
          const hours = secondsLeft / 3600;
          const q = rail(hours, fare + service, service, issued);
          if (!q.allowed) throw new Error('refused before departure');
          const step = RAIL_REFUND_LADDER.find((s) => hours >= s.fromHours);
          // The fee is the ladder's share of the fare alone, in half yuan, never more than the fare.
          expect(q.feeMinor).toBe(Math.min(fare, Math.round((fare * (step?.percent ?? 0)) / 100 / 50) * 50));
          expect(q.feeMinor % 50).toBe(0);
          expect(q.serviceFeeKeptMinor).toBe(issued ? service : 0);
          expect(q.feeMinor + q.serviceFeeKeptMinor + q.refundMinor).toBe(fare + service);
          expect(q.refundMinor).toBeGreaterThanOrEqual(0);
          // Never more back than the fare once issued: the service fee is not refunded.
          if (issued) expect(q.refundMinor).toBeLessThanOrEqual(fare);
        },
      ),
    );
  });
});

describe('a refund’s steps', () => {
  it('go from processing to done or withdrawn, and nowhere after', () => {
    expect(canTransition(REFUND_TRANSITIONS, 'processing', 'done')).toBe(true);
    expect(canTransition(REFUND_TRANSITIONS, 'processing', 'withdrawn')).toBe(true);
    for (const from of ['done', 'withdrawn'] as const)
      for (const to of ['processing', 'owed', 'done', 'withdrawn'] as const)
        expect(canTransition(REFUND_TRANSITIONS, from, to)).toBe(false);
  });

  it('leave money the processor refused owed until customer service pays it back, and only then done', () => {
    expect(canTransition(REFUND_TRANSITIONS, 'processing', 'owed')).toBe(true);
    expect(canTransition(REFUND_TRANSITIONS, 'owed', 'done')).toBe(true);
    for (const to of ['processing', 'withdrawn', 'owed'] as const)
      expect(canTransition(REFUND_TRANSITIONS, 'owed', to)).toBe(false);
  });
});

describe('who may stay on a ticket when others are refunded', () => {
  it('keeps an adult with every child and infant; nobody at all is fine', () => {
    expect(partyStands({ air: [], rail: [] }, 'flight')).toBe(true);
    expect(partyStands({ air: ['ADULT', 'INFANT'], rail: [] }, 'flight')).toBe(true);
    expect(partyStands({ air: ['INFANT'], rail: [] }, 'flight')).toBe(false);
    expect(partyStands({ air: ['ADULT', 'CHILD', 'CHILD', 'CHILD'], rail: [] }, 'flight')).toBe(false);
    expect(partyStands({ air: [], rail: ['ADULT', 'FREE_CHILD'] }, 'railway')).toBe(true);
    expect(partyStands({ air: [], rail: ['CHILD'] }, 'railway')).toBe(false);
    // A child riding free has no ticket: it leaves with the last seat.
    expect(partyStands({ air: [], rail: ['FREE_CHILD'] }, 'railway')).toBe(true);
    expect(partyStands({ air: [], rail: ['ADULT', 'FREE_CHILD', 'FREE_CHILD'] }, 'railway')).toBe(false);
  });
});
