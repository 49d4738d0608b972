import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FeeRules } from '../search/search.schema';
import {
  airChangeMoney,
  RAIL_CHANGE_RULES,
  railChangeAllowed,
  railChangeLastDay,
  railChangeMoney,
} from './change-rules';
import { RAIL_REFUND_LADDER } from './refund-rules';

const HOUR = 3_600_000;
const MS = 1 / 3600; // one millisecond, in hours
const DEPART = '2026-12-20T08:00:00+08:00';
const DEPART_MS = Date.parse(DEPART);
const at = (hoursLeft: number) => DEPART_MS - hoursLeft * HOUR;
const check = (hoursLeft: number, newDepartureTime: string, changesMade = 0, sameCities = true) =>
  railChangeAllowed({ departureTime: DEPART, newDepartureTime, nowMs: at(hoursLeft), changesMade, sameCities });

describe("China Railway's change rules", () => {
  it('within 48 hours allows trains until 24:00 of the ticket date, earlier ones too, from 48 hours the presale', () => {
    const sameDayLate = '2026-12-20T23:59:00+08:00';
    const nextDay = '2026-12-21T07:00:00+08:00';
    expect(check(48 - MS, sameDayLate)).toEqual({ allowed: true });
    expect(check(48 - MS, '2026-12-19T12:00:00+08:00')).toEqual({ allowed: true });
    expect(check(48 - MS, nextDay)).toEqual({ allowed: false, rule: 'after-ticket-date' });
    expect(check(48, nextDay)).toEqual({ allowed: true });
    expect(check(1, sameDayLate)).toEqual({ allowed: true });
    // 48 hours before is 2026-12-18 08:00 in China: on sale up to 2027-01-01 (that day and 14 more).
    expect(check(48, '2027-01-01T22:00:00+08:00')).toEqual({ allowed: true });
    expect(check(48, '2027-01-02T06:00:00+08:00')).toEqual({ allowed: false, rule: 'beyond-presale' });
    expect(railChangeLastDay(DEPART, at(48 - MS))).toBe('2026-12-20');
    expect(railChangeLastDay(DEPART, at(48))).toBe('2027-01-01');
  });

  it('refuses after departure, a second change, another city and a train that has left', () => {
    expect(check(0, '2026-12-20T12:00:00+08:00')).toEqual({ allowed: false, rule: 'departed' });
    expect(check(100, '2026-12-20T12:00:00+08:00', RAIL_CHANGE_RULES.changesPerTicket)).toEqual({
      allowed: false,
      rule: 'already-changed',
    });
    expect(check(100, '2026-12-20T12:00:00+08:00', 0, false)).toEqual({ allowed: false, rule: 'other-route' });
    expect(check(10, '2026-12-19T12:00:00+08:00')).toEqual({ allowed: false, rule: 'new-train-departed' });
  });

  it('for any time and new train: allowed exactly when the window of the time left admits its date', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 30 * 24 * 60 }),
        fc.integer({ min: -3 * 24 * 60, max: 30 * 24 * 60 }),
        (minutesLeft, newOffsetMinutes) => {
          const nowMs = DEPART_MS - minutesLeft * 60_000;
          const newMs = DEPART_MS + newOffsetMinutes * 60_000;
          const newTime = `${new Date(newMs + 8 * HOUR).toISOString().slice(0, 19)}+08:00`;
          const r = railChangeAllowed({
            departureTime: DEPART,
            newDepartureTime: newTime,
            nowMs,
            changesMade: 0,
            sameCities: true,
          });
          const lastDay = railChangeLastDay(DEPART, nowMs);
          const expected = newMs > nowMs && newTime.slice(0, 10) <= lastDay;
          expect(r.allowed).toBe(expected);
          if (minutesLeft < 48 * 60) expect(lastDay).toBe('2026-12-20');
        },
      ),
    );
  });

  it('a higher fare pays its difference with no fee, at any time', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2_000_000 }),
        fc.integer({ min: 0, max: 2_000_000 }),
        fc.integer({ min: 1, max: 400 }),
        (old, extra, h) => {
          const m = railChangeMoney({
            oldFareMinor: old,
            newFareMinor: old + extra,
            departureMs: DEPART_MS,
            nowMs: at(h),
          });
          expect(m).toMatchObject({ dueMinor: extra, refundMinor: 0, feeMinor: 0 });
        },
      ),
    );
  });

  it('a lower fare refunds the difference less the ladder fee on it, exactly at each boundary', () => {
    const lower = (h: number) =>
      railChangeMoney({ oldFareMinor: 55_300, newFareMinor: 35_300, departureMs: DEPART_MS, nowMs: at(h) });
    expect(lower(192)).toMatchObject({ feeMinor: 0, refundMinor: 20_000, percent: 0 });
    expect(lower(192 - MS)).toMatchObject({ feeMinor: 1_000, refundMinor: 19_000, percent: 5 });
    expect(lower(48)).toMatchObject({ percent: 5 });
    expect(lower(48 - MS)).toMatchObject({ feeMinor: 2_000, refundMinor: 18_000, percent: 10 });
    expect(lower(24)).toMatchObject({ percent: 10 });
    expect(lower(24 - MS)).toMatchObject({ feeMinor: 4_000, refundMinor: 16_000, percent: 20 });
  });

  it('for any lower fare: fee plus refund is the difference, the fee the ladder share within half a yuan', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2_000_000 }),
        fc.integer({ min: 1, max: 2_000_000 }),
        fc.integer({ min: 1, max: 30 * 24 * 3600 }),
        (newFare, less, secondsLeft) => {
          const h = secondsLeft / 3600;
          const m = railChangeMoney({
            oldFareMinor: newFare + less,
            newFareMinor: newFare,
            departureMs: DEPART_MS,
            nowMs: at(h),
          });
          const step = RAIL_REFUND_LADDER.find((s) => h >= s.fromHours);
          expect(m.percent).toBe(step?.percent);
          expect(m.feeMinor + m.refundMinor).toBe(less);
          expect(m.dueMinor).toBe(0);
          expect(m.feeMinor % 50 === 0 || m.feeMinor === less).toBe(true);
          expect(Math.abs(m.feeMinor - (less * (m.percent ?? 0)) / 100)).toBeLessThanOrEqual(25);
        },
      ),
    );
  });
});

describe("an airline's change fee", () => {
  const FEES: FeeRules = {
    cancelBefore: null,
    cancelAfter: null,
    changeBefore: { amount: 10_000, currency: 'CNY' },
    changeAfter: { amount: 30_000, currency: 'CNY' },
    free24h: false,
  };
  const change = (h: number, newFare = 90_000, fees = FEES, seated = 2, lowerCabin = false) =>
    airChangeMoney({
      oldFareMinor: 80_000,
      newFareMinor: newFare,
      fees,
      seatedTravellers: seated,
      departureMs: DEPART_MS,
      nowMs: at(h),
      lowerCabin,
    });

  it('charges the fee before 2 hours, the other within them, per seated traveller, plus a higher fare', () => {
    expect(change(2)).toMatchObject({ feeMinor: 20_000, dueMinor: 30_000, rule: 'air-before-2h' });
    expect(change(2 - MS)).toMatchObject({ feeMinor: 60_000, dueMinor: 70_000, rule: 'air-within-2h' });
    expect(change(10, 50_000)).toMatchObject({ feeMinor: 20_000, dueMinor: 20_000, refundMinor: 0 });
    expect(change(0)).toEqual({ allowed: false, rule: 'departed' });
    expect(change(10, 90_000, { ...FEES, changeBefore: null })).toEqual({ allowed: false, rule: 'not-changeable' });
  });

  it('down a cabin gives the lower fare back less the fee, or asks only what the fee leaves', () => {
    expect(change(10, 20_000, FEES, 2, true)).toMatchObject({ feeMinor: 20_000, dueMinor: 0, refundMinor: 40_000 });
    expect(change(10, 70_000, FEES, 2, true)).toMatchObject({ feeMinor: 20_000, dueMinor: 10_000, refundMinor: 0 });
    expect(change(10, 60_000, FEES, 2, true)).toMatchObject({ dueMinor: 0, refundMinor: 0 });
  });

  it('for any fares, time and cabin: the fee plus any rise is due; only down a cabin does a drop come back', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2_000_000 }),
        fc.integer({ min: 1, max: 100 * 60 }),
        fc.integer({ min: 0, max: 9 }),
        fc.boolean(),
        (fare, minutes, seated, lower) => {
          const m = change(minutes / 60, fare, FEES, seated, lower);
          if ('allowed' in m) throw new Error('refused before departure');
          const fee = (minutes / 60 >= 2 ? 10_000 : 30_000) * seated;
          expect(m.feeMinor).toBe(fee);
          expect(Math.min(m.dueMinor, m.refundMinor)).toBe(0);
          const rise = fare - 80_000;
          expect(m.dueMinor - m.refundMinor).toBe(fee + (lower ? rise : Math.max(0, rise)));
        },
      ),
    );
  });
});
