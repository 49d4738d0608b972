import { assertStep, WAITLIST_TRANSITIONS, type WaitlistStatus } from '@junction/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Trx, WaitlistRow } from './orders.repository';

type Executor = Db | Trx;

/** The only code that touches the waiting list's table (and raises a class's seat stock when seats return). */
export class WaitlistRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(work: (trx: Trx) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  async find(orderId: string, db: Executor = this.db): Promise<WaitlistRow | undefined> {
    return db.selectFrom('railWaitlist').selectAll().where('orderId', '=', orderId).executeTakeFirst();
  }

  /**
   * One step of an entry as a compare-and-set: nothing changes unless it is in one of `from` (and is the
   * user's, and its cut-off is passed by `dueBy` or not yet passed at `before`, when given). Answers the
   * entry as it is after the step, or undefined when the step did not apply. Each step is checked
   * against the domain's table first.
   */
  async move(
    db: Executor,
    p: {
      orderId: string;
      from: readonly WaitlistStatus[];
      to: WaitlistStatus;
      at: Date;
      userId?: string;
      dueBy?: Date;
      before?: Date;
      reason?: string;
      heldMinor?: number;
    },
  ): Promise<WaitlistRow | undefined> {
    for (const from of p.from) assertStep(WAITLIST_TRANSITIONS, from, p.to);
    let update = db
      .updateTable('railWaitlist')
      .set({
        status: p.to,
        updatedAt: p.at,
        ...(p.reason === undefined ? {} : { reason: p.reason }),
        ...(p.heldMinor === undefined ? {} : { heldMinor: p.heldMinor }),
      })
      .where('orderId', '=', p.orderId)
      .where('status', 'in', [...p.from]);
    if (p.userId !== undefined) update = update.where('userId', '=', p.userId);
    if (p.dueBy !== undefined) update = update.where('cutoffAt', '<=', p.dueBy);
    if (p.before !== undefined) update = update.where('cutoffAt', '>', p.before);
    return update.returningAll().executeTakeFirst();
  }

  /** Seats came back to sale: the class's stock grows to `capacity` (never shrinks). */
  async raiseCapacity(key: string, capacity: number): Promise<void> {
    await this.db
      .insertInto('seatStock')
      .values({ key, capacity, held: 0 })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({ capacity: sql`greatest(seat_stock.capacity, excluded.capacity)` }),
      )
      .execute();
  }
}
