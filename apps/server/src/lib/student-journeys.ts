import { STUDENT_FARE_RULES, schoolYearOf } from '@junction/domain';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/database';

type Db = Kysely<Database>;

/** A student ticket of an order: the traveller on the sub-order, who they are, and the day of travel. */
export type StudentJourney = {
  subOrderPosition: number;
  travellerPosition: number;
  passengerId: string;
  /** `yyyy-mm-dd`, local. */
  travelDate: string;
};

/**
 * Takes a school year's journey for each student ticket of an order, in the order's transaction: a
 * compare-and-set on the count (never past the railway's four a year), and a row per ticket. False when
 * a student has none left; the caller then refuses the order, and its transaction takes nothing.
 */
export async function takeStudentJourneys(
  trx: Db,
  orderId: string,
  journeys: readonly StudentJourney[],
  at: Date,
): Promise<boolean> {
  for (const j of journeys) {
    const schoolYear = schoolYearOf(j.travelDate);
    await trx
      .insertInto('studentJourneyCounts')
      .values({ passengerId: j.passengerId, schoolYear })
      .onConflict((oc) => oc.columns(['passengerId', 'schoolYear']).doNothing())
      .execute();
    const taken = await trx
      .updateTable('studentJourneyCounts')
      .set({ used: sql`used + 1` })
      .where('passengerId', '=', j.passengerId)
      .where('schoolYear', '=', schoolYear)
      .where('used', '<', STUDENT_FARE_RULES.journeysPerSchoolYear)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) return false;
    await trx
      .insertInto('studentJourneys')
      .values({ orderId, ...j, schoolYear, state: 'held', takenAt: at, givenBackAt: null })
      .execute();
  }
  return true;
}

/**
 * Gives back the journeys of an order's student tickets still held: all of them (an unpaid order's end),
 * or those of one sub-order, for one traveller or everyone on it (a refunded ticket). Each row moves
 * `held` → `given-back` once, and only a row that moved lowers its count.
 */
export async function giveBackStudentJourneys(
  trx: Db,
  scope: { orderId: string; subOrderId?: string; travellerPosition?: number | null },
  at: Date,
): Promise<number> {
  let q = trx
    .updateTable('studentJourneys')
    .set({ state: 'given-back', givenBackAt: at })
    .where('orderId', '=', scope.orderId)
    .where('state', '=', 'held');
  if (scope.subOrderId !== undefined) {
    const sub = await trx
      .selectFrom('subOrders')
      .select('position')
      .where('id', '=', scope.subOrderId)
      .executeTakeFirst();
    if (!sub) return 0;
    q = q.where('subOrderPosition', '=', sub.position);
  }
  if (scope.travellerPosition !== undefined && scope.travellerPosition !== null)
    q = q.where('travellerPosition', '=', scope.travellerPosition);
  const back = await q.returning(['passengerId', 'schoolYear']).execute();
  for (const r of back) {
    await trx
      .updateTable('studentJourneyCounts')
      .set({ used: sql`used - 1` })
      .where('passengerId', '=', r.passengerId)
      .where('schoolYear', '=', r.schoolYear)
      .execute();
  }
  return back.length;
}

/**
 * A changed student ticket's journeys go with the students onto the new ticket, in the change's last
 * transaction: each row still held on the old sub-order moves to the new one's position and day of
 * travel, so refunding the new ticket gives it back. A day in another school year moves the count too.
 */
export async function moveStudentJourneys(
  trx: Db,
  change: { orderId: string; oldSubOrderId: string; newSubOrderId: string; travelDate: string },
): Promise<number> {
  const subs = await trx
    .selectFrom('subOrders')
    .select(['id', 'position'])
    .where('id', 'in', [change.oldSubOrderId, change.newSubOrderId])
    .execute();
  const from = subs.find((x) => x.id === change.oldSubOrderId)?.position;
  const to = subs.find((x) => x.id === change.newSubOrderId)?.position;
  if (from === undefined || to === undefined) return 0;
  const schoolYear = schoolYearOf(change.travelDate);
  const moved = await trx
    .updateTable('studentJourneys as j')
    .set({ subOrderPosition: to, travelDate: change.travelDate, schoolYear })
    .from('studentJourneys as was')
    .whereRef('was.orderId', '=', 'j.orderId')
    .whereRef('was.subOrderPosition', '=', 'j.subOrderPosition')
    .whereRef('was.travellerPosition', '=', 'j.travellerPosition')
    .where('j.orderId', '=', change.orderId)
    .where('j.subOrderPosition', '=', from)
    .where('j.state', '=', 'held')
    .returning(['j.passengerId', 'was.schoolYear as wasYear'])
    .execute();
  for (const r of moved.filter((x) => x.wasYear !== schoolYear)) {
    await trx
      .updateTable('studentJourneyCounts')
      .set({ used: sql`used - 1` })
      .where('passengerId', '=', r.passengerId)
      .where('schoolYear', '=', r.wasYear)
      .execute();
    await trx
      .insertInto('studentJourneyCounts')
      .values({ passengerId: r.passengerId, schoolYear, used: 1 })
      .onConflict((oc) =>
        oc.columns(['passengerId', 'schoolYear']).doUpdateSet({ used: sql`student_journey_counts.used + 1` }),
      )
      .execute();
  }
  return moved.length;
}

/** The days of travel of the student tickets held through us for each of these saved travellers. */
export async function studentJourneysHeld(db: Db, passengerIds: readonly string[]): Promise<Map<string, string[]>> {
  const held = new Map<string, string[]>();
  if (passengerIds.length === 0) return held;
  const rows = await db
    .selectFrom('studentJourneys')
    .select(['passengerId', 'travelDate'])
    .where('passengerId', 'in', [...passengerIds])
    .where('state', '=', 'held')
    .execute();
  for (const r of rows) held.set(r.passengerId, [...(held.get(r.passengerId) ?? []), r.travelDate]);
  return held;
}
