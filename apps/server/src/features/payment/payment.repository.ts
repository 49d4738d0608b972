import { type Insertable, type Selectable, sql } from 'kysely';
import type { Db, PaymentAttemptsTable, PaymentEventsTable, PaymentRefundsTable } from '../../db/database';
import type { Trx } from './ports';

export type AttemptRow = Selectable<PaymentAttemptsTable>;
export type RefundRow = Selectable<PaymentRefundsTable>;
type Executor = Db | Trx;

const OPEN = ['created', 'action', 'capturing', 'unknown'];

/** The only code that touches our payment tables. */
export class PaymentsRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(work: (trx: Trx) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  insertAttempt(trx: Trx, attempt: Omit<Insertable<PaymentAttemptsTable>, 'id'>): Promise<AttemptRow> {
    return trx.insertInto('paymentAttempts').values(attempt).returningAll().executeTakeFirstOrThrow();
  }

  async addEvent(
    db: Executor,
    event: Omit<Insertable<PaymentEventsTable>, 'id' | 'data' | 'refundId'> & {
      refundId?: string;
      data?: Record<string, unknown>;
    },
  ): Promise<void> {
    await db
      .insertInto('paymentEvents')
      .values({ ...event, refundId: event.refundId ?? null, data: JSON.stringify(event.data ?? {}) })
      .execute();
  }

  attempt(id: string, db: Executor = this.db): Promise<AttemptRow | undefined> {
    return db.selectFrom('paymentAttempts').selectAll().where('id', '=', id).executeTakeFirst();
  }

  attemptByKey(orderId: string, key: string): Promise<AttemptRow | undefined> {
    return this.db
      .selectFrom('paymentAttempts')
      .selectAll()
      .where('orderId', '=', orderId)
      .where('idempotencyKey', '=', key)
      .executeTakeFirst();
  }

  attemptForUser(userId: string, orderId: string, id: string): Promise<AttemptRow | undefined> {
    return this.db
      .selectFrom('paymentAttempts')
      .selectAll()
      .where('id', '=', id)
      .where('orderId', '=', orderId)
      .where('userId', '=', userId)
      .executeTakeFirst();
  }

  attemptByIntent(intentId: string): Promise<AttemptRow | undefined> {
    return this.db.selectFrom('paymentAttempts').selectAll().where('intentId', '=', intentId).executeTakeFirst();
  }

  openAttempt(orderId: string): Promise<AttemptRow | undefined> {
    return this.db
      .selectFrom('paymentAttempts')
      .selectAll()
      .where('orderId', '=', orderId)
      .where('state', 'in', OPEN)
      .executeTakeFirst();
  }

  /** The attempt whose authorisation is held for a waiting-list order (or was, in `states`). */
  attemptIn(orderId: string, states: readonly string[]): Promise<AttemptRow | undefined> {
    return this.db
      .selectFrom('paymentAttempts')
      .selectAll()
      .where('orderId', '=', orderId)
      .where('state', 'in', [...states])
      .orderBy('createdAt', 'desc')
      .executeTakeFirst();
  }

  openAttempts(changedBefore: Date): Promise<AttemptRow[]> {
    return this.db
      .selectFrom('paymentAttempts')
      .selectAll()
      .where('state', 'in', OPEN)
      .where('updatedAt', '<=', changedBefore)
      .orderBy('updatedAt')
      .limit(500)
      .execute();
  }

  async setIntent(id: string, intentId: string, at: Date): Promise<void> {
    await this.db
      .updateTable('paymentAttempts')
      .set({ intentId, updatedAt: at })
      .where('id', '=', id)
      .where('intentId', 'is', null)
      .execute();
  }

  /**
   * A compare-and-set step of an attempt: nothing changes unless it is in one of `from`. Answers the
   * state it left, or undefined when it was elsewhere.
   */
  async moveAttempt(
    id: string,
    from: readonly string[],
    set: Partial<Pick<AttemptRow, 'state' | 'actionUrl' | 'declineCode' | 'settledAt'>>,
    at: Date,
    db: Executor = this.db,
  ): Promise<{ from: string } | undefined> {
    const row = await db
      .updateTable('paymentAttempts')
      .set({ ...set, updatedAt: at })
      .where('id', '=', id)
      .where('state', 'in', [...from])
      .returning(sql<string>`(select p.state from payment_attempts p where p.id = ${id})`.as('from'))
      .executeTakeFirst();
    return row;
  }

  /** Records a webhook event once; false when it was received before. */
  async recordWebhook(event: { id: string; type: string; intentId: string }, at: Date): Promise<boolean> {
    const row = await this.db
      .insertInto('paymentWebhookEvents')
      .values({ id: event.id, type: event.type, intentId: event.intentId, receivedAt: at })
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  insertRefund(trx: Trx, refund: Omit<Insertable<PaymentRefundsTable>, 'id'>): Promise<RefundRow> {
    return trx.insertInto('paymentRefunds').values(refund).returningAll().executeTakeFirstOrThrow();
  }

  refund(id: string): Promise<RefundRow | undefined> {
    return this.db.selectFrom('paymentRefunds').selectAll().where('id', '=', id).executeTakeFirst();
  }

  refundByKey(key: string): Promise<RefundRow | undefined> {
    return this.db.selectFrom('paymentRefunds').selectAll().where('idempotencyKey', '=', key).executeTakeFirst();
  }

  pendingRefunds(changedBefore: Date): Promise<RefundRow[]> {
    return this.db
      .selectFrom('paymentRefunds')
      .selectAll()
      .where('state', '=', 'pending')
      .where('updatedAt', '<=', changedBefore)
      .limit(500)
      .execute();
  }

  /** An order's captured attempts, oldest first. */
  succeededAttempts(orderId: string): Promise<AttemptRow[]> {
    return this.db
      .selectFrom('paymentAttempts')
      .selectAll()
      .where('orderId', '=', orderId)
      .where('state', '=', 'succeeded')
      .orderBy('createdAt')
      .execute();
  }

  /** An order's captured attempts, locked, each with what was refunded of it so far. */
  async succeededAttemptsForUpdate(trx: Trx, orderId: string): Promise<(AttemptRow & { refundedMinor: number })[]> {
    const rows = await trx
      .selectFrom('paymentAttempts')
      .selectAll()
      .where('orderId', '=', orderId)
      .where('state', '=', 'succeeded')
      .orderBy('createdAt')
      .forUpdate()
      .execute();
    const refunded = await trx
      .selectFrom('paymentRefunds')
      .select(['attemptId', sql<string>`sum(amount_minor)`.as('sum')])
      .where('orderId', '=', orderId)
      .groupBy('attemptId')
      .execute();
    return rows.map((r) => ({ ...r, refundedMinor: Number(refunded.find((x) => x.attemptId === r.id)?.sum ?? 0) }));
  }

  /** pending → succeeded once the processor confirmed it. */
  async refundSent(id: string, gatewayRefundId: string, at: Date): Promise<RefundRow | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('paymentRefunds')
        .set({ state: 'succeeded', gatewayRefundId, updatedAt: at })
        .where('id', '=', id)
        .where('state', '=', 'pending')
        .returningAll()
        .executeTakeFirst();
      if (row) {
        await this.addEvent(trx, {
          attemptId: row.attemptId,
          refundId: row.id,
          orderId: row.orderId,
          kind: 'refunded',
          fromState: 'pending',
          toState: 'succeeded',
          at,
          data: { gatewayRefundId },
        });
      }
      return row ?? (await trx.selectFrom('paymentRefunds').selectAll().where('id', '=', id).executeTakeFirst());
    });
  }
}
