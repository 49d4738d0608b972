import { randomUUID } from 'node:crypto';
import {
  type BookingOffer,
  changeQuoteSchema,
  checkParty,
  ERRORS,
  orderSchema,
  passengerPageSchema,
  priceOrder,
  type ResultLeg,
  railClassFare,
  type SearchResult,
  STUDENT_FARE_RULES,
  studentClassFare,
} from '@junction/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { railClient, studentPassenger as student } from '../src/features/rail/rail-client.test-support';
import { takeStudentJourneys } from '../src/lib/student-journeys';
import { paidOrder, payOrder } from './after-payment/paid-order';
import { beijingShanghai, bookingClient, errorOf, orderBody } from './booking-client';
import { createTestApp, QUIET_SETTINGS, type TestApp } from './harness';
import { refundAtQuote } from './support/refund-at-quote';
import { QUICK_RAIL } from './support/settings';

// The clock and the travel date are fixed: the timetable, the fares and the school year never depend on the day.
const NOW = new Date('2026-12-03T04:00:00Z');
let t: TestApp;
let booking: ReturnType<typeof bookingClient> | undefined;
let rail: ReturnType<typeof railClient> | undefined;

beforeAll(async () => {
  t = await createTestApp({ ...QUIET_SETTINGS, ...QUICK_RAIL, RAIL_IDENTITY_FAILURE_RATE: '0' }, () => NOW);
}, 120_000);
afterAll(() => t.close());

type Saved = { passengerId: string; documentId: string; birthDate: string };

/** A user whose linked 12306 account has a verified student (李明) and one whose check is pending (赵磊). */
async function studentsLinked(digits: [string, string]) {
  rail ??= railClient(t);
  booking ??= bookingClient(t);
  const cookie = await booking.signUp();
  await rail.link(
    cookie,
    await rail.railAccount([student('李明', digits[0], 'verified'), student('赵磊', digits[1], 'pending')]),
  );
  const ids = ((await rail.get(cookie, '/api/rail/passengers')).json() as { items: { id: string }[] }).items.map(
    (p) => p.id,
  );
  await rail.post(cookie, '/api/rail/passengers/import', { ids });
  const page = passengerPageSchema.parse(
    (await t.app.inject({ method: 'GET', url: '/api/passengers', headers: { cookie } })).json(),
  );
  const saved = (name: string): Saved => {
    const p = page.items.find((x) => x.chineseName === name);
    if (!p) throw new Error(`${name} was not imported`);
    return { passengerId: p.id, documentId: (p.documents[0] as { id: string }).id, birthDate: p.birthDate };
  };
  return { booking, cookie, li: saved('李明'), zhao: saved('赵磊') };
}

/** The booking page's body with these travellers on student tickets, at the price the domain works out. */
function studentBody(
  offer: BookingOffer,
  searchId: string,
  travellers: Saved[],
  seatClass: string,
  students: number[],
) {
  const extras = { rail: [{ leg: 0, seatClass, seats: [], bunks: [] }], baggage: [] };
  const body = orderBody(offer, searchId, travellers, extras);
  const party = checkParty(travellers, offer.trip);
  if (!party.ok) throw new Error('party refused');
  const rail = party.types.rail.map((x, i) => (students.includes(i) ? ('STUDENT' as const) : x));
  const fee = offer.railTicketing.legs[0];
  const priced = priceOrder({
    result: offer.result,
    types: { ...party.types, rail },
    extras,
    railServiceFeeMinor: offer.railServiceFeeMinor,
    railServiceFeeOf: () => (offer.railTicketing.way === 'online' ? fee?.onlineFeeMinor : fee?.offlineFeeMinor) ?? 0,
  });
  return {
    ...body,
    travellers: body.travellers.map((x, i) => ({ ...x, student: students.includes(i) })),
    expected: { totalMinor: priced.breakdown.totalMinor, baggageMinor: 0 },
  };
}

async function runJobs(rounds = 4) {
  for (let i = 0; i < rounds; i++) {
    await sql`update graphile_worker._private_jobs set run_at = now() where locked_at is null`.execute(t.db);
    await t.app.jobs?.runDueJobs();
  }
}

/** The school year's journeys used by the person a saved traveller is (their document, else their id). */
const used = async (passengerId: string) =>
  (
    await sql<{ used: number }>`select coalesce(sum(c.used), 0)::int as used from student_journey_counts c
      where c.person in (select d.number_hash from passenger_documents d where d.passenger_id = ${passengerId}::uuid)
        or c.person = ${`passenger:${passengerId}`}`.execute(t.db)
  ).rows[0]?.used ?? 0;

async function gTrain(booking: ReturnType<typeof bookingClient>) {
  const { searchId, results } = await booking.search(beijingShanghai('train', '2026/12/10'));
  const train = results.find(
    (r: SearchResult) =>
      r.kind === 'train' && r.legs.length === 1 && /^G/.test(r.legs[0]?.number ?? '') && !!r.legs[0]?.seats?.length,
  );
  if (!train) throw new Error('no G train from Beijing to Shanghai');
  return { searchId, train };
}

describe('a student ticket booked, issued and refunded', () => {
  it('prices the student fare, refuses one the rules do not allow, writes it on the ticket and counts the journey', async () => {
    const { booking, cookie, li, zhao } = await studentsLinked(['311', '333']);
    const { searchId, train } = await gTrain(booking);
    const offer = await booking.offerOf(cookie, searchId, train.id);
    const second = offer.students.find((s) => s.passengerId === li.passengerId)?.fares.find((f) => f.seatClass === 'O');
    expect(second?.studentMinor).toBe(Math.round(((second?.adultMinor ?? 0) * 0.75) / 50) * 50);

    // A pending check, and a class the railway sells no student ticket in: 2008 with the rules' reason.
    const pending = errorOf(await booking.create(cookie, studentBody(offer, searchId, [zhao], 'O', [0])));
    expect(pending).toMatchObject({
      errorCode: ERRORS.NO_QUOTA.errorCode,
      params: { type: 'STUDENT', reason: 'notVerified' },
    });
    const leg0 = offer.result.legs[0] as ResultLeg;
    const business = leg0.seats?.find((x) => studentClassFare(leg0, x.code) === undefined)?.code;
    if (!business) throw new Error(`${leg0.number} has no class without the student fare`);
    const dear = await booking.create(cookie, studentBody(offer, searchId, [li], business, [0]));
    expect(errorOf(dear)).toMatchObject({ params: { type: 'STUDENT', reason: 'classNotDiscounted' } });
    expect(await used(li.passengerId)).toBe(0);

    // 李明 on a student ticket beside 赵磊 on an adult one: the student fare is what the order charges.
    const body = studentBody(offer, searchId, [li, zhao], 'O', [0]);
    const res = await booking.create(cookie, body);
    expect(res.statusCode, res.body).toBe(200);
    const order = orderSchema.parse(res.json());
    expect(order.travellers.map((x) => x.railType)).toEqual(['STUDENT', 'ADULT']);
    expect(order.payment.price.amount).toBe(body.expected.totalMinor);
    expect(order.breakdown.fares).toContainEqual(
      expect.objectContaining({ type: 'STUDENT', count: 1, totalMinor: second?.studentMinor }),
    );
    expect(await used(li.passengerId)).toBe(1);

    await payOrder(t, cookie, order.id);
    await t.app.jobs?.runDueJobs();
    const tickets = await t.db
      .selectFrom('tickets')
      .select(['travellerPosition', 'ticketType'])
      .where('orderId', '=', order.id)
      .orderBy('travellerPosition')
      .execute();
    expect(tickets).toEqual([
      { travellerPosition: 0, ticketType: 'STUDENT' },
      { travellerPosition: 1, ticketType: 'ADULT' },
    ]);
    // The journey is held: three left of the school year's four, and the offer still gives the student fare.
    expect(STUDENT_FARE_RULES.journeysPerSchoolYear - (await used(li.passengerId))).toBe(3);
    const again = await booking.offerOf(cookie, searchId, train.id);
    expect(
      again.students.find((s) => s.passengerId === li.passengerId)?.fares.find((f) => f.seatClass === 'O'),
    ).toMatchObject({ studentMinor: second?.studentMinor, refusal: null });

    // Refunding the student's ticket gives the journey back once it is paid back.
    await refundAtQuote(t, cookie, { orderId: order.id, traveller: 0 }, { 'idempotency-key': randomUUID() });
    expect(await used(li.passengerId)).toBe(1);
    await sql`update graphile_worker._private_jobs set run_at = now() where locked_at is null`.execute(t.db);
    await t.app.jobs?.runDueJobs();
    expect(await used(li.passengerId)).toBe(0);
  }, 240_000);

  it('sells no more than four student tickets a school year, under 50 parallel bookings of the same student', async () => {
    const { booking, cookie, li } = await studentsLinked(['411', '433']);
    const { searchId, train } = await gTrain(booking);
    const offer = await booking.offerOf(cookie, searchId, train.id);
    // The account's advisory lock (order caps) takes the 50 creations one at a time; the count's own
    // compare-and-set, which holds without that lock, is tested on its own below.
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => booking.create(cookie, studentBody(offer, searchId, [li], 'O', [0]))),
    );
    const made = answers.filter((r) => r.statusCode === 200);
    expect(made).toHaveLength(4);
    for (const r of answers.filter((x) => x.statusCode !== 200)) {
      expect(r.statusCode, r.body).toBe(422);
      expect(errorOf(r)).toMatchObject({ errorCode: ERRORS.NO_QUOTA.errorCode, params: { type: 'STUDENT' } });
    }
    expect(await used(li.passengerId)).toBe(4);
    const full = await booking.offerOf(cookie, searchId, train.id);
    expect(
      full.students.find((s) => s.passengerId === li.passengerId)?.fares.find((f) => f.seatClass === 'O'),
    ).toMatchObject({ studentMinor: null, refusal: 'noJourneysLeft' });
    // An unpaid order cancelled gives its journey back.
    const first = orderSchema.parse((made[0] as (typeof made)[number]).json());
    expect((await booking.cancel(cookie, first.id)).statusCode).toBe(200);
    expect(await used(li.passengerId)).toBe(3);

    // Twelve transactions at once, outside any lock, each taking a journey of another student: four are taken.
    const other = randomUUID();
    const taken = await Promise.all(
      Array.from({ length: 12 }, (_, k) =>
        t.db
          .transaction()
          .execute((trx) =>
            takeStudentJourneys(
              trx,
              first.id,
              [{ subOrderPosition: 9, travellerPosition: k, passengerId: other, travelDate: '2026-12-10' }],
              NOW,
            ),
          ),
      ),
    );
    expect(taken.filter(Boolean)).toHaveLength(STUDENT_FARE_RULES.journeysPerSchoolYear);
    expect(await used(other)).toBe(STUDENT_FARE_RULES.journeysPerSchoolYear);
  }, 240_000);

  it("keeps a student's school-year journeys when the saved traveller is deleted and saved again", async () => {
    const { booking, cookie, li } = await studentsLinked(['455', '466']);
    const { searchId, train } = await gTrain(booking);
    const offer = await booking.offerOf(cookie, searchId, train.id);
    for (let i = 0; i < 3; i++) {
      const made = await booking.create(cookie, studentBody(offer, searchId, [li], 'O', [0]));
      expect(made.statusCode, made.body).toBe(200);
    }
    const removed = await t.app.inject({
      method: 'POST',
      url: '/api/passenger/remove',
      payload: { id: li.passengerId },
      headers: { cookie },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const railApi = rail ?? railClient(t);
    const listed = (await railApi.get(cookie, '/api/rail/passengers')).json() as { items: { id: string }[] };
    await railApi.post(cookie, '/api/rail/passengers/import', { ids: listed.items.map((p) => p.id) });
    const page = passengerPageSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/passengers', headers: { cookie } })).json(),
    );
    const again = page.items.find((x) => x.chineseName === '李明');
    if (!again) throw new Error('李明 was not saved again');
    expect(again.id).not.toBe(li.passengerId);
    const li2 = {
      passengerId: again.id,
      documentId: (again.documents[0] as { id: string }).id,
      birthDate: again.birthDate,
    };
    // Three of the four are used: one more, then none.
    const fresh = await booking.offerOf(cookie, searchId, train.id);
    const fourth = await booking.create(cookie, studentBody(fresh, searchId, [li2], 'O', [0]));
    expect(fourth.statusCode, fourth.body).toBe(200);
    const fifth = await booking.create(cookie, studentBody(fresh, searchId, [li2], 'O', [0]));
    expect(fifth.statusCode).toBe(422);
    expect(errorOf(fifth)).toMatchObject({ params: { type: 'STUDENT', reason: 'noJourneysLeft' } });
    const full = await booking.offerOf(cookie, searchId, train.id);
    expect(
      full.students.find((s) => s.passengerId === li2.passengerId)?.fares.find((f) => f.seatClass === 'O'),
    ).toMatchObject({ studentMinor: null, refusal: 'noJourneysLeft' });
  }, 240_000);

  it('changes a student ticket at the student fare, and refunding the new ticket gives its journey back', async () => {
    const { booking, cookie, li } = await studentsLinked(['511', '533']);
    const { searchId, train } = await gTrain(booking);
    const second = (r: SearchResult) => railClassFare(r.legs[0] as ResultLeg, 'O') ?? 0;
    const { results } = await booking.search(beijingShanghai('train', '2026/12/10'));
    // Another G train at least as dear in second class: the change pays the difference of the student fares.
    const other = results
      .filter(
        (r: SearchResult) =>
          r.kind === 'train' &&
          r.legs.length === 1 &&
          r.legs[0]?.number !== train.legs[0]?.number &&
          /^G/.test(r.legs[0]?.number ?? '') &&
          !r.legs[0]?.soldOut &&
          second(r) >= second(train),
      )
      .sort((a: SearchResult, b: SearchResult) => second(a) - second(b))[0];
    if (!other) throw new Error('no other G train from Beijing to Shanghai');
    const oldStudent = studentClassFare(train.legs[0] as ResultLeg, 'O') as number;
    const newStudent = studentClassFare(other.legs[0] as ResultLeg, 'O') as number;
    const offer = await booking.offerOf(cookie, searchId, train.id);
    const order = await paidOrder(t, booking, cookie, studentBody(offer, searchId, [li], 'O', [0]));
    await runJobs();
    const quoted = await t.app.inject({
      method: 'GET',
      url: `/api/change/quote?${new URLSearchParams({ orderId: order.id, subOrderId: order.subOrders[0]?.id ?? '', searchId, resultId: other.id })}`,
      headers: { cookie },
    });
    expect(quoted.statusCode, quoted.body).toBe(200);
    const q = changeQuoteSchema.parse(quoted.json());
    expect(q.oldFare.amount).toBe(oldStudent);
    expect(q.newFare.amount).toBe(newStudent);
    expect(q.due.amount).toBe(newStudent - oldStudent);

    // A class the railway sells no student ticket in is refused with the rules' reason, not sold at the adult fare.
    const leg = other.legs[0] as ResultLeg;
    const dear = leg.seats?.find((x) => studentClassFare(leg, x.code) === undefined)?.code;
    if (!dear) throw new Error(`${leg.number} has no class without the student fare`);
    const refused = await t.app.inject({
      method: 'GET',
      url: `/api/change/quote?${new URLSearchParams({ orderId: order.id, subOrderId: order.subOrders[0]?.id ?? '', searchId, resultId: other.id, seatClass: dear })}`,
      headers: { cookie },
    });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(errorOf(refused)).toMatchObject({
      errorCode: ERRORS.NO_QUOTA.errorCode,
      params: { type: 'STUDENT', reason: 'classNotDiscounted' },
    });

    // The new ticket carries the school year's journey: refunding it gives the journey back.
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/change',
      headers: { cookie },
      payload: {
        orderId: order.id,
        subOrderId: order.subOrders[0]?.id,
        searchId,
        resultId: other.id,
        expected: { dueMinor: q.due.amount, refundMinor: q.refund.amount },
      },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const { newSubOrderId } = confirmed.json() as { newSubOrderId: string };
    if (q.due.amount > 0) expect(await payOrder(t, cookie, order.id)).toBe(true);
    await runJobs();
    const changed = orderSchema.parse(
      (await t.app.inject({ method: 'GET', url: `/api/order?id=${order.id}`, headers: { cookie } })).json(),
    );
    expect(changed.subOrders.find((x) => x.id === newSubOrderId)?.status).toBe(5);
    expect(await used(li.passengerId)).toBe(1);
    const selection = { orderId: order.id, subOrderId: newSubOrderId, traveller: 0 };
    await refundAtQuote(t, cookie, selection, { 'idempotency-key': randomUUID() });
    await runJobs();
    expect(await used(li.passengerId)).toBe(0);
  }, 240_000);
});
