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
