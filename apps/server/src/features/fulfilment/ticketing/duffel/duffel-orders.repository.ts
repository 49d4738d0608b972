import type { Selectable } from 'kysely';
import type { Db, DuffelOrdersTable } from '../../../../db/database';

export type DuffelOrderRow = Selectable<DuffelOrdersTable>;

/** The record of Duffel's orders: written before the call that makes one and after its answer. */
export class DuffelOrdersRepository {
  constructor(private readonly db: Db) {}

  find(requestKey: string): Promise<DuffelOrderRow | undefined> {
    return this.db.selectFrom('duffelOrders').selectAll().where('requestKey', '=', requestKey).executeTakeFirst();
  }

  /** The order of a sub-order once booked (or cancelled). */
  ofSubOrder(subOrderId: string): Promise<DuffelOrderRow | undefined> {
    return this.db
      .selectFrom('duffelOrders')
      .selectAll()
      .where('subOrderId', '=', subOrderId)
      .where('duffelOrderId', 'is not', null)
      .executeTakeFirst();
  }

  ofDuffelOrder(duffelOrderId: string): Promise<DuffelOrderRow | undefined> {
    return this.db.selectFrom('duffelOrders').selectAll().where('duffelOrderId', '=', duffelOrderId).executeTakeFirst();
  }

  /** Before the call: the offer and amount about to be booked (a retry before any answer asks anew). */
  async creating(
    row: Pick<DuffelOrderRow, 'requestKey' | 'orderId' | 'subOrderId' | 'offerId' | 'amountMinor' | 'currency'>,
  ) {
    await this.db
      .insertInto('duffelOrders')
      .values({ ...row, state: 'creating' })
      .onConflict((oc) =>
        oc
          .column('requestKey')
          .doUpdateSet({
            offerId: row.offerId,
            amountMinor: row.amountMinor,
            currency: row.currency,
            updatedAt: new Date(),
          })
          .where('duffelOrders.state', '=', 'creating'),
      )
      .execute();
  }

  async booked(requestKey: string, duffelOrderId: string, bookingReference: string): Promise<void> {
    await this.db
      .updateTable('duffelOrders')
      .set({ state: 'booked', duffelOrderId, bookingReference, updatedAt: new Date() })
      .where('requestKey', '=', requestKey)
      .where('state', '=', 'creating')
      .execute();
  }

  async cancelled(requestKey: string): Promise<void> {
    await this.db
      .updateTable('duffelOrders')
      .set({ state: 'cancelled', updatedAt: new Date() })
      .where('requestKey', '=', requestKey)
      .where('state', '=', 'booked')
      .execute();
  }
}
