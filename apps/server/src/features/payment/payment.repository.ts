import {
  ATTEMPT_TRANSITIONS,
  type AttemptState,
  attemptStateOf,
  INITIAL_ATTEMPT_STATE,
  OPEN_ATTEMPT_STATES,
  PAYMENT_PURPOSES,
  PAYMENT_REFUND_TRANSITIONS,
  type PaymentPurpose,
  type PaymentRefundChannel,
  type PaymentRefundState,
  paymentRefundChannelOf,
  paymentRefundStateOf,
  stepFrom,
  storedAs,
} from '@junction/domain';
import { type Insertable, type Selectable, sql } from 'kysely';
import type { Db, PaymentAttemptsTable, PaymentEventsTable, PaymentRefundsTable } from '../../db/database';
import type { Trx } from './ports';

type Typed<Row, T> = Omit<Row, keyof T> & T;
/** An attempt as stored, its state and purpose read as the names code uses. */
export type AttemptRow = Typed<Selectable<PaymentAttemptsTable>, { state: AttemptState; purpose: PaymentPurpose }>;
/** Money going back, its state and channel read as the names code uses. */
export type RefundRow = Typed<
  Selectable<PaymentRefundsTable>,
  { state: PaymentRefundState; channel: PaymentRefundChannel }
>;
export type NewAttempt = Typed<Omit<Insertable<PaymentAttemptsTable>, 'id' | 'state'>, { purpose: PaymentPurpose }>;
type NewRefund = Typed<
  Omit<Insertable<PaymentRefundsTable>, 'id'>,
  { state: PaymentRefundState; channel: PaymentRefundChannel }
>;
type Executor = Db | Trx;

const purposeOf = storedAs(PAYMENT_PURPOSES, 'payment purpose');
const asAttempt = (row: Selectable<PaymentAttemptsTable>): AttemptRow => ({
  ...row,
  state: attemptStateOf(row.state),
  purpose: purposeOf(row.purpose),
});
const asRefund = (row: Selectable<PaymentRefundsTable>): RefundRow => ({
  ...row,
  state: paymentRefundStateOf(row.state),
  channel: paymentRefundChannelOf(row.channel),
});
const maybe =
  <R, T>(read: (row: R) => T) =>
  (row: R | undefined): T | undefined =>
    row === undefined ? undefined : read(row);
const OPEN = [...OPEN_ATTEMPT_STATES];

/** The only code that touches our payment tables. */
export class PaymentsRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(work: (trx: Trx) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  /** A new attempt, written in its first state before the processor is called. */
  async insertAttempt(trx: Trx, attempt: NewAttempt): Promise<AttemptRow> {
    const row = await trx
      .insertInto('paymentAttempts')
      .values({ ...attempt, state: INITIAL_ATTEMPT_STATE })
      .returningAll()
      .executeTakeFirstOrThrow();
    return asAttempt(row);
  }

  async addEvent(
    db: Executor,
    event: Omit<Insertable<PaymentEventsTable>, 'id' | 'data' | 'refundId' | 'fromState' | 'toState'> & {
      refundId?: string;
      fromState: AttemptState | PaymentRefundState | null;
      toState: AttemptState | PaymentRefundState;
      data?: Record<string, unknown>;
    },
  ): Promise<void> {
    await db
      .insertInto('paymentEvents')
      .values({ ...event, refundId: event.refundId ?? null, data: JSON.stringify(event.data ?? {}) })
      .execute();
  }

  async attempt(id: string, db: Executor = this.db): Promise<AttemptRow | undefined> {
    return maybe(asAttempt)(await db.selectFrom('paymentAttempts').selectAll().where('id', '=', id).executeTakeFirst());
  }

  async attemptByKey(orderId: string, key: string): Promise<AttemptRow | undefined> {
    const row = await this.db
      .selectFrom('paymentAttempts')
      .selectAll()
      .where('orderId', '=', orderId)
      .where('idempotencyKey', '=', key)
      .executeTakeFirst();
    return maybe(asAttempt)(row);
  }

  async attemptForUser(userId: string, orderId: string, id: string): Promise<AttemptRow | undefined> {
    const row = await this.db
      .selectFrom('paymentAttempts')
      .selectAll()
      .where('id', '=', id)
      .where('orderId', '=', orderId)
      .where('userId', '=', userId)
      .executeTakeFirst();
    return maybe(asAttempt)(row);
  }

  async attemptByIntent(intentId: string): Promise<AttemptRow | undefined> {
    const row = await this.db
      .selectFrom('paymentAttempts')
      .selectAll()
      .where('intentId', '=', intentId)
      .executeTakeFirst();
    return maybe(asAttempt)(row);
  }

  async openAttempt(orderId: string): Promise<AttemptRow | undefined> {
    const row = await this.db
      .selectFrom('paymentAttempts')
      .selectAll()
      .where('orderId', '=', orderId)
      .where('state', 'in', OPEN)
      .executeTakeFirst();
    return maybe(asAttempt)(row);
  }

  /** The attempt whose authorisation is held for a waiting-list order (or was, in `states`). */
  async attemptIn(orderId: string, states: readonly AttemptState[]): Promise<AttemptRow | undefined> {
    const row = await this.db
      .selectFrom('paymentAttempts')
      .selectAll()
      .where('orderId', '=', orderId)
      .where('state', 'in', [...states])
      .orderBy('createdAt', 'desc')
      .executeTakeFirst();
    return maybe(asAttempt)(row);
  }

  async openAttempts(changedBefore: Date): Promise<AttemptRow[]> {
    const rows = await this.db
      .selectFrom('paymentAttempts')
      .selectAll()
      .where('state', 'in', OPEN)
      .where('updatedAt', '<=', changedBefore)
      .orderBy('updatedAt')
      .limit(500)
      .execute();
    return rows.map(asAttempt);
  }

  /**
   * Attempts closed unpaid since `since` whose money may yet have come (paid by card or app, never refunded
   * as late), each due to be asked again: first at once, then after as long as it had waited, at most an hour.
   */
  async lateCheckDue(since: Date, now: Date): Promise<AttemptRow[]> {
    const rows = await this.db
      .selectFrom('paymentAttempts as a')
      .selectAll('a')
      .where('a.state', '=', 'failed' satisfies AttemptState)
      .where('a.updatedAt', '>=', since)
      .where('a.intentId', 'is not', null)
      .where('a.method', 'in', ['card', 'alipay', 'wechat'])
      .where((eb) =>
        eb.or([
          eb('a.lateCheckedAt', 'is', null),
          eb(
            sql`${now}::timestamptz - a.late_checked_at`,
            '>=',
            sql`least(a.late_checked_at - a.updated_at, interval '1 hour')`,
          ),
        ]),
      )
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('paymentRefunds as r')
              .select('r.id')
              .where('r.idempotencyKey', '=', sql<string>`'unowed:' || a.id`),
          ),
        ),
      )
      .orderBy(sql`a.late_checked_at nulls first`)
      .limit(200)
      .execute();
    return rows.map(asAttempt);
  }

  async setLateChecked(id: string, at: Date): Promise<void> {
    await this.db.updateTable('paymentAttempts').set({ lateCheckedAt: at }).where('id', '=', id).execute();
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
   * A compare-and-set step of an attempt to `to`: nothing changes unless it is in one of `from`, each of
   * which must be a step of `ATTEMPT_TRANSITIONS` to `to` (else it throws before writing). Answers the
   * state it left, or undefined when it was elsewhere.
   */
  async moveAttempt(
    id: string,
    from: readonly AttemptState[],
    to: AttemptState,
    set: Partial<Pick<AttemptRow, 'actionUrl' | 'declineCode' | 'settledAt'>>,
    at: Date,
    db: Executor = this.db,
  ): Promise<{ from: AttemptState } | undefined> {
    const allowed = stepFrom(ATTEMPT_TRANSITIONS, from, to);
    const row = await db
      .updateTable('paymentAttempts')
      .set({ ...set, state: to, updatedAt: at })
      .where('id', '=', id)
      .where('state', 'in', [...allowed])
      .returning(sql<string>`(select p.state from payment_attempts p where p.id = ${id})`.as('from'))
      .executeTakeFirst();
    return row && { from: attemptStateOf(row.from) };
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

  async insertRefund(trx: Trx, refund: NewRefund): Promise<RefundRow> {
    return asRefund(await trx.insertInto('paymentRefunds').values(refund).returningAll().executeTakeFirstOrThrow());
  }

  /** A refund written once under its key: undefined when the key's refund was written before. */
  async insertRefundOnce(trx: Trx, refund: NewRefund): Promise<RefundRow | undefined> {
    const row = await trx
      .insertInto('paymentRefunds')
      .values(refund)
      .onConflict((oc) => oc.column('idempotencyKey').doNothing())
      .returningAll()
      .executeTakeFirst();
    return maybe(asRefund)(row);
  }

  async refund(id: string, db: Executor = this.db): Promise<RefundRow | undefined> {
    return maybe(asRefund)(await db.selectFrom('paymentRefunds').selectAll().where('id', '=', id).executeTakeFirst());
  }

  async refundByKey(key: string, db: Db | Trx = this.db): Promise<RefundRow | undefined> {
    const row = await db.selectFrom('paymentRefunds').selectAll().where('idempotencyKey', '=', key).executeTakeFirst();
    return maybe(asRefund)(row);
  }

  async refundsByKeys(keys: readonly string[]): Promise<RefundRow[]> {
    if (keys.length === 0) return [];
    const rows = await this.db.selectFrom('paymentRefunds').selectAll().where('idempotencyKey', 'in', keys).execute();
    return rows.map(asRefund);
  }

  async pendingRefunds(changedBefore: Date): Promise<RefundRow[]> {
    const rows = await this.db
      .selectFrom('paymentRefunds')
      .selectAll()
      .where('state', '=', 'pending' satisfies PaymentRefundState)
      .where('updatedAt', '<=', changedBefore)
      .limit(500)
      .execute();
    return rows.map(asRefund);
  }

  /** An order's captured attempts, oldest first. */
  async succeededAttempts(orderId: string): Promise<AttemptRow[]> {
    const rows = await this.db
      .selectFrom('paymentAttempts')
      .selectAll()
      .where('orderId', '=', orderId)
      .where('state', '=', 'succeeded' satisfies AttemptState)
      .orderBy('createdAt')
      .execute();
    return rows.map(asAttempt);
  }

  /** An order's captured attempts, locked, each with what was refunded of it so far. */
  succeededAttemptsForUpdate(trx: Trx, orderId: string): Promise<(AttemptRow & { refundedMinor: number })[]> {
    return this.refundable(trx, orderId, true);
  }

  /** An order's captured attempts, each with what was refunded of it so far, as a quote reads them. */
  succeededAttemptsRefunded(orderId: string): Promise<(AttemptRow & { refundedMinor: number })[]> {
    return this.refundable(this.db, orderId, false);
  }

  private async refundable(db: Db | Trx, orderId: string, lock: boolean) {
    const attempts = db
      .selectFrom('paymentAttempts')
      .selectAll()
      .where('orderId', '=', orderId)
      .where('state', '=', 'succeeded' satisfies AttemptState)
      .orderBy('createdAt');
    const rows = await (lock ? attempts.forUpdate() : attempts).execute();
    const refunded = await db
      .selectFrom('paymentRefunds')
      .select(['attemptId', sql<string>`sum(amount_minor)`.as('sum')])
      .where('orderId', '=', orderId)
      .groupBy('attemptId')
      .execute();
    return rows.map((r) => ({
      ...asAttempt(r),
      refundedMinor: Number(refunded.find((x) => x.attemptId === r.id)?.sum ?? 0),
    }));
  }

  /**
   * A refund's step from pending once the processor answered it for good (`succeeded`, or `failed`: it never
   * will), a compare-and-set with its event row and `also` in one transaction; the refund as it now stands.
   */
  async refundSettled(
    id: string,
    p: { to: 'succeeded' | 'failed'; gatewayRefundId: string; at: Date },
    also?: (trx: Trx, row: RefundRow) => Promise<void>,
  ): Promise<RefundRow | undefined> {
    const from = stepFrom(PAYMENT_REFUND_TRANSITIONS, ['pending'], p.to);
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('paymentRefunds')
        .set({ state: p.to, gatewayRefundId: p.gatewayRefundId, updatedAt: p.at })
        .where('id', '=', id)
        .where('state', 'in', [...from])
        .returningAll()
        .executeTakeFirst();
      if (!row) return this.refund(id, trx);
      await this.addEvent(trx, {
        attemptId: row.attemptId,
        refundId: row.id,
        orderId: row.orderId,
        kind: p.to === 'failed' ? 'refund_failed' : 'refunded',
        fromState: 'pending',
        toState: p.to,
        at: p.at,
        data: { gatewayRefundId: p.gatewayRefundId },
      });
      await also?.(trx, asRefund(row));
      return asRefund(row);
    });
  }
}
