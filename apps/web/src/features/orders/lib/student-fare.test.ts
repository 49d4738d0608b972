import { type BookingOffer, STUDENT_FARE_RULES } from '@junction/domain';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { studentFareOf } from './student-fare';

const student = (fares: BookingOffer['students'][number]['fares']) => ({
  passengerId: '00000000-0000-4000-8000-000000000001',
  name: '李明',
  check: 'verified' as const,
  fares,
});
const offer = (students: BookingOffer['students']) =>
  ({
    tickets: [{ type: 'railway', legs: [0] }],
    result: { legs: [{ cabin: 'O' }] },
    students,
  }) as unknown as BookingOffer;
const id = '00000000-0000-4000-8000-000000000001';
const fare = (seatClass: string, studentMinor: number | null, refusal: 'classNotDiscounted' | null = null) => ({
  leg: 0,
  seatClass,
  adultMinor: 62_550,
  studentMinor,
  refusal,
});

describe('a student fare on the passengers step', () => {
  it("reads the server's student fare for the class chosen, or its refusal; nothing for someone who is no student", () => {
    const o = offer([student([fare('O', 46_900), fare('9', null, 'classNotDiscounted')])]);
    expect(studentFareOf(o, id, { rail: [], baggage: [] })).toEqual({
      ok: true,
      studentMinor: 46_900,
      adultMinor: 62_550,
    });
    const business = { rail: [{ leg: 0, seatClass: '9', seats: [], bunks: [] }], baggage: [] };
    expect(studentFareOf(o, id, business)).toEqual({ ok: false, reason: 'classNotDiscounted' });
    expect(studentFareOf(offer([]), id, { rail: [], baggage: [] })).toBeUndefined();
  });
});

describe('the hint for a class without a student fare', () => {
  it.each(['en', 'zh-CN'] as const)('names the classes every kind of train discounts (%s)', (language) => {
    const t = i18next.getFixedT(language, 'orders');
    const hint = t('booking.travellers.studentRefusal.classNotDiscounted').toLowerCase();
    // The conventional trains' discounted classes, from the rule data, by the names the booking page shows.
    const conventional = STUDENT_FARE_RULES.classes.filter((c) => c.basis !== 'emu').flatMap((c) => c.seatClasses);
    expect(conventional.length).toBeGreaterThan(0);
    for (const seatClass of conventional) expect(hint).toContain(t(`seats.${seatClass}`).toLowerCase());
    for (const seatClass of ['O', 'M']) expect(hint).toContain(t(`seats.${seatClass}` as 'seats.A1').toLowerCase());
  });
});
