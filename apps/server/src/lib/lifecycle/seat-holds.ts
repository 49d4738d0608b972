import type { Transaction } from 'kysely';
import type { Database } from '../../db/database';

/**
 * Gives back the seats an order holds in one stock, once (a hold released before is not released
 * again), in the caller's transaction; answers how many seats went back.
 */
export async function releaseSeatHold(
  trx: Transaction<Database>,
  orderId: string,
  key: string,
  at: Date,
): Promise<number> {
  const released = await trx
    .updateTable('seatHolds')
    .set({ releasedAt: at })
    .where('orderId', '=', orderId)
    .where('stockKey', '=', key)
    .where('releasedAt', 'is', null)
    .returning('seats')
    .executeTakeFirst();
  if (!released) return 0;
  await trx
    .updateTable('seatStock')
    .set((eb) => ({ held: eb('held', '-', released.seats) }))
    .where('key', '=', key)
    .execute();
  return released.seats;
}

/**
 * Gives back some of the seats an order holds in one stock (those of the travellers who left it), in the
 * caller's transaction; all of them when `seats` is null or covers the hold. Answers how many went back.
 */
export async function releaseSomeSeats(
  trx: Transaction<Database>,
  p: { orderId: string; key: string; seats: number | null; at: Date },
): Promise<number> {
  if (p.seats === null) return releaseSeatHold(trx, p.orderId, p.key, p.at);
  const fewer = await trx
    .updateTable('seatHolds')
    .set((eb) => ({ seats: eb('seats', '-', p.seats as number) }))
    .where('orderId', '=', p.orderId)
    .where('stockKey', '=', p.key)
    .where('releasedAt', 'is', null)
    .where('seats', '>', p.seats)
    .returning('seats')
    .executeTakeFirst();
  if (!fewer) return releaseSeatHold(trx, p.orderId, p.key, p.at);
  await trx
    .updateTable('seatStock')
    .set((eb) => ({ held: eb('held', '-', p.seats as number) }))
    .where('key', '=', p.key)
    .execute();
  return p.seats;
}
