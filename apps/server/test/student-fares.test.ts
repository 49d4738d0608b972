import { railImportAnswerSchema, resultStudentFaresSchema, studentFareMinor } from '@junction/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { railClient, studentPassenger as student } from '../src/features/rail/rail-client.test-support';
import { beijingShanghai, bookingClient } from './booking-client';
import { createTestApp, QUIET_SETTINGS, type TestApp } from './harness';
import { QUICK_RAIL } from './support/settings';

// The clock and the travel date are fixed: the timetable and the fares never depend on the day.
const NOW = new Date('2026-12-03T04:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ ...QUIET_SETTINGS, ...QUICK_RAIL, RAIL_IDENTITY_FAILURE_RATE: '0' }, () => NOW);
}, 120_000);
afterAll(() => t.close());

describe('student fares on the booking offer', () => {
  it("price each class of a train for the linked account's students by the railway's rules, or say why not, as the results show them", async () => {
    const rail = railClient(t);
    const booking = bookingClient(t);
    const cookie = await booking.signUp();
    await rail.link(
      cookie,
      await rail.railAccount([
        student('李明', '211', 'verified'),
        student('赵磊', '233', 'pending'),
        student('王强', '255', 'verified', 'CAN'),
      ]),
    );
    const listed = await rail.get(cookie, '/api/rail/passengers');
    const ids = (listed.json() as { items: { id: string }[] }).items.map((p) => p.id);
    const imported = railImportAnswerSchema.parse(
      (await rail.post(cookie, '/api/rail/passengers/import', { ids })).json(),
    );
    expect(imported.skipped).toEqual([]);

    const { searchId, results } = await booking.search(beijingShanghai('train', '2026/12/10'));
    const train = results.find(
      (r) =>
        r.kind === 'train' && r.legs.length === 1 && /^G/.test(r.legs[0]?.number ?? '') && r.legs[0]?.seats?.length,
    );
    if (!train) throw new Error('no G train from Beijing to Shanghai');
    const offer = await booking.offerOf(cookie, searchId, train.id);
    expect(offer.students.map((s) => [s.name, s.check])).toEqual([
      ['李明', 'verified'],
      ['赵磊', 'pending'],
      ['王强', 'verified'],
    ]);
    const [li, zhao, wang] = offer.students;
    const classes = (train.legs[0]?.seats ?? []).map((s) => s.code);
    expect(li?.fares.map((f) => f.seatClass)).toEqual(classes);
    for (const f of li?.fares ?? []) {
      const adult = train.legs[0]?.seats?.find((s) => s.code === f.seatClass)?.price.amount;
      expect(f.adultMinor).toBe(adult);
      // Second and first class at three quarters, in half yuan; business and premium classes at no student fare.
      if (['O', 'M'].includes(f.seatClass)) {
        expect(f).toMatchObject({ studentMinor: studentFareMinor('emu', { fareMinor: adult ?? 0 }), refusal: null });
        expect(f.studentMinor).toBe(Math.round(((adult ?? 0) * 0.75) / 50) * 50);
      } else expect(f).toMatchObject({ studentMinor: null, refusal: 'classNotDiscounted' });
    }
    expect(li?.fares.filter((f) => f.studentMinor !== null).length).toBeGreaterThan(0);
    // A check still waiting is no student fare yet; nor is a ride off the student's interval.
    expect(zhao?.fares.every((f) => f.studentMinor === null && f.refusal === 'notVerified')).toBe(true);
    expect(wang?.fares.every((f) => f.studentMinor === null && f.refusal === 'offInterval')).toBe(true);

    // Someone without a linked account is offered no student fare.
    const other = await booking.signUp();
    expect((await booking.offerOf(other, searchId, train.id)).students).toEqual([]);

    // The results page shows, beside each class, the fare the booking offers a student who may take it:
    // the same numbers, and nothing for a flight, for another account, or signed out.
    const flight = results.find((r) => r.kind === 'flight');
    const asked = { searchId, resultIds: [train.id, ...(flight ? [flight.id] : [])] };
    const onResults = async (headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/api/booking/student-fares', payload: asked, headers });
    const shown = resultStudentFaresSchema.parse((await onResults({ cookie })).json());
    const eligible = (li?.fares ?? []).filter((f) => f.studentMinor !== null);
    expect(shown.results).toEqual([
      {
        resultId: train.id,
        fares: eligible.map((f) => ({
          leg: f.leg,
          seatClass: f.seatClass,
          adultMinor: f.adultMinor,
          studentMinor: f.studentMinor,
        })),
      },
    ]);
    expect(resultStudentFaresSchema.parse((await onResults({ cookie: other })).json()).results).toEqual([]);
    expect((await onResults({})).statusCode).toBe(401);
  }, 240_000);
});
