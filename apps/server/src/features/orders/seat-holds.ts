import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/database';

type Trx = Transaction<Database>;

/** Seats of one stock (a train, day and class) an order asks for, and the stock's capacity. */
export type SeatHold = { key: string; capacity: number; seats: number };

/**
 * Holds seats for an order: the stock row is created at its capacity on first use, then `held` grows
 * only while it stays within capacity. Concurrent holds queue on the row and each sees the last
 * committed count, so the last seats go to exactly as many orders as they fit; a hold of the same stock
 * the order gave back before (a change back to its first train) is taken again, and one it holds
 * already grows. False when they do not fit.
 */
export async function holdSeats(trx: Trx, orderId: string, hold: SeatHold): Promise<boolean> {
  await trx
    .insertInto('seatStock')
    .values({ key: hold.key, capacity: hold.capacity, held: 0 })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const taken = await trx
    .updateTable('seatStock')
    .set((eb) => ({ held: eb('held', '+', hold.seats) }))
    .where('key', '=', hold.key)
    .where(sql<boolean>`capacity - held >= ${hold.seats}`)
    .returning('key')
    .executeTakeFirst();
  if (!taken) return false;
  await trx
    .insertInto('seatHolds')
    .values({ orderId, stockKey: hold.key, seats: hold.seats, releasedAt: null })
    .onConflict((oc) =>
      oc.columns(['orderId', 'stockKey']).doUpdateSet({
        // Held again after being given back: the new seats; held twice at once: both.
        seats: sql<number>`case when seat_holds.released_at is null then seat_holds.seats + ${hold.seats} else ${hold.seats} end`,
        releasedAt: null,
      }),
    )
    .execute();
  return true;
}
