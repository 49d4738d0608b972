import { STUDENT_FARE_RULES, schoolYearOf } from '@junction/domain';
import { type Expression, type Kysely, sql } from 'kysely';
import type { Database } from '../db/database';

type Db = Kysely<Database>;

/**
 * Whom a saved traveller's school-year journeys count for: the keyed hash of their document's number (a
 * Chinese ID card first), the same whichever saved traveller of theirs books, deleted and saved again or
 * not; a traveller with no document keeps their own id. `passengerId` is a value or a column.
 */
const personOf = (passengerId: Expression<string>) =>
  sql<string>`coalesce((select d.number_hash from passenger_documents d where d.passenger_id = ${passengerId}::uuid
    order by (d.type = 'B') desc, d.created_at, d.id limit 1), 'passenger:' || ${passengerId}::text)`;

/** One journey less counted for a person in a school year. */
async function countOneLess(trx: Db, person: string, schoolYear: number): Promise<void> {
  await trx
    .updateTable('studentJourneyCounts')
    .set({ used: sql`used - 1` })
    .where('person', '=', person)
    .where('schoolYear', '=', schoolYear)
    .execute();
}

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
    const { person } = await sql<{ person: string }>`select ${personOf(sql.val(j.passengerId))} as person`
      .execute(trx)
      .then((r) => r.rows[0] ?? { person: `passenger:${j.passengerId}` });
    await trx
      .insertInto('studentJourneyCounts')
      .values({ person, schoolYear })
      .onConflict((oc) => oc.columns(['person', 'schoolYear']).doNothing())
      .execute();
    const taken = await trx
      .updateTable('studentJourneyCounts')
      .set({ used: sql`used + 1` })
      .where('person', '=', person)
      .where('schoolYear', '=', schoolYear)
      .where('used', '<', STUDENT_FARE_RULES.journeysPerSchoolYear)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) return false;
    await trx
      .insertInto('studentJourneys')
      .values({ orderId, ...j, person, schoolYear, state: 'held', takenAt: at, givenBackAt: null })
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
  const back = await q.returning(['person', 'schoolYear']).execute();
  for (const r of back) await countOneLess(trx, r.person, r.schoolYear);
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
    .returning(['j.person', 'was.schoolYear as wasYear'])
    .execute();
  for (const r of moved.filter((x) => x.wasYear !== schoolYear)) {
    await countOneLess(trx, r.person, r.wasYear);
    await trx
      .insertInto('studentJourneyCounts')
      .values({ person: r.person, schoolYear, used: 1 })
      .onConflict((oc) =>
        oc.columns(['person', 'schoolYear']).doUpdateSet({ used: sql`student_journey_counts.used + 1` }),
      )
      .execute();
  }
  return moved.length;
}

/**
 * The days of travel of the student tickets held through us for each of these saved travellers: the
 * person's, whichever of their saved travellers booked them.
 */
export async function studentJourneysHeld(db: Db, passengerIds: readonly string[]): Promise<Map<string, string[]>> {
  const held = new Map<string, string[]>();
  if (passengerIds.length === 0) return held;
  const rows = await sql<{ passengerId: string; travelDate: string }>`
    select p.id as passenger_id, j.travel_date from passengers p
    join student_journeys j on j.person = ${personOf(sql.ref('p.id'))} and j.state = 'held'
    where p.id in (${sql.join(passengerIds.map((id) => sql`${id}::uuid`))})`.execute(db);
  for (const r of rows.rows) held.set(r.passengerId, [...(held.get(r.passengerId) ?? []), r.travelDate]);
  return held;
}
