import { type Insertable, type Selectable, sql } from 'kysely';
import type {
  Db,
  GatewaySimCvcTokensTable,
  GatewaySimEventsTable,
  GatewaySimIntentsTable,
  GatewaySimRefundsTable,
  GatewaySimTokensTable,
} from '../../../../db/database';
import { addJob } from '../../../../jobs/jobs';

export type TokenRow = Selectable<GatewaySimTokensTable>;
export type IntentRow = Selectable<GatewaySimIntentsTable>;
export type RefundRow = Selectable<GatewaySimRefundsTable>;
export type EventRow = Selectable<GatewaySimEventsTable>;

class TokenUsed extends Error {}

/** The simulator's own tables, and nothing else: it has no way into ours. */
export class SimulatorRepository {
  constructor(readonly db: Db) {}

  async insertToken(token: Insertable<GatewaySimTokensTable>): Promise<void> {
    await this.db.insertInto('gatewaySimTokens').values(token).execute();
  }

  /** Marks a token used by a confirmation; false when it was used before. */
  async useToken(id: string, at: Date): Promise<boolean> {
    const row = await this.db
      .updateTable('gatewaySimTokens')
      .set({ usedAt: at })
      .where('id', '=', id)
      .where('usedAt', 'is', null)
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * A confirmation: the token is spent and the intent moves out of `requires_confirmation` in one
   * transaction, so a crash between the two leaves neither done and a retry can confirm again.
   * `token_used` when the token paid before; undefined when the intent had moved already.
   */
  confirmWithToken(
    intentId: string,
    tokenId: string,
    set: Parameters<SimulatorRepository['moveIntent']>[2],
    at: Date,
  ): Promise<IntentRow | undefined | 'token_used'> {
    return this.db
      .transaction()
      .execute(async (trx) => {
        const inTrx = new SimulatorRepository(trx);
        const moved = await inTrx.moveIntent(intentId, ['requires_confirmation'], set, at);
        if (!moved) return undefined;
        if (!(await inTrx.useToken(tokenId, at))) throw new TokenUsed();
        return moved;
      })
      .catch((e: unknown) => {
        if (e instanceof TokenUsed) return 'token_used' as const;
        throw e;
      });
  }

  token(id: string): Promise<TokenRow | undefined> {
    return this.db.selectFrom('gatewaySimTokens').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The customer under a key, made on the first call with it. */
  async customer(id: string, idempotencyKey: string, at: Date): Promise<string> {
    await this.db
      .insertInto('gatewaySimCustomers')
      .values({ id, idempotencyKey, createdAt: at })
      .onConflict((oc) => oc.column('idempotencyKey').doNothing())
      .execute();
    const row = await this.db
      .selectFrom('gatewaySimCustomers')
      .select('id')
      .where('idempotencyKey', '=', idempotencyKey)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async hasCustomer(id: string): Promise<boolean> {
    return (
      (await this.db.selectFrom('gatewaySimCustomers').select('id').where('id', '=', id).executeTakeFirst()) !==
      undefined
    );
  }

  /** The card a customer saved from a token, if they did. */
  savedFrom(tokenId: string, customerId: string): Promise<TokenRow | undefined> {
    return this.db
      .selectFrom('gatewaySimTokens')
      .selectAll()
      .where('kind', '=', 'card')
      .where('sourceId', '=', tokenId)
      .where('customerId', '=', customerId)
      .executeTakeFirst();
  }

  /** Saves a card for a customer, spending the token it is made from in the same transaction; false when spent before. */
  async saveCard(card: Insertable<GatewaySimTokensTable> & { sourceId: string }, at: Date): Promise<boolean> {
    return this.db
      .transaction()
      .execute(async (trx) => {
        if (!(await new SimulatorRepository(trx).useToken(card.sourceId, at))) throw new TokenUsed();
        await trx.insertInto('gatewaySimTokens').values(card).execute();
        return true;
      })
      .catch((e: unknown) => {
        if (e instanceof TokenUsed) return false;
        throw e;
      });
  }

  async insertCvcToken(row: Insertable<GatewaySimCvcTokensTable>): Promise<void> {
    await this.db.insertInto('gatewaySimCvcTokens').values(row).execute();
  }

  /** Spends a security code's token and clears its code, answering the sealed code once; undefined when unknown or spent. */
  async useCvcToken(id: string, at: Date): Promise<string | undefined> {
    const spent = await sql<{ cvcSealed: string | null }>`
      update gateway_sim_cvc_tokens t set used_at = ${at}, cvc_sealed = null
      from (select id, cvc_sealed from gateway_sim_cvc_tokens where id = ${id} and used_at is null for update) old
      where t.id = old.id
      returning old.cvc_sealed as "cvcSealed"`.execute(this.db);
    return spent.rows[0]?.cvcSealed ?? undefined;
  }

  /** Inserts the intent unless its key is taken; answers the intent under the key either way. */
  async insertIntent(intent: Insertable<GatewaySimIntentsTable>): Promise<IntentRow> {
    await this.db
      .insertInto('gatewaySimIntents')
      .values(intent)
      .onConflict((oc) => oc.column('idempotencyKey').doNothing())
      .execute();
    return this.db
      .selectFrom('gatewaySimIntents')
      .selectAll()
      .where('idempotencyKey', '=', intent.idempotencyKey)
      .executeTakeFirstOrThrow();
  }

  intent(id: string): Promise<IntentRow | undefined> {
    return this.db.selectFrom('gatewaySimIntents').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** A compare-and-set step of an intent: nothing changes unless it is in one of `from`. */
  async moveIntent(
    id: string,
    from: string[],
    set: Partial<
      Pick<IntentRow, 'status' | 'tokenId' | 'returnUrl' | 'declineCode' | 'amountCaptured' | 'savedCardId'>
    > & {
      capture?: boolean;
    },
    at: Date,
  ): Promise<IntentRow | undefined> {
    const { capture, ...values } = set;
    return this.db
      .updateTable('gatewaySimIntents')
      .set((eb) => ({ ...values, updatedAt: at, ...(capture ? { captures: eb('captures', '+', 1) } : {}) }))
      .where('id', '=', id)
      .where('status', 'in', from)
      .returningAll()
      .executeTakeFirst();
  }

  /**
   * A refund within what is left of the capture, once per key: the intent row is locked while the sum is
   * checked, so parallel refunds never return more than was captured. A failed refund returns nothing: its
   * money stays refundable.
   */
  async refund(
    refund: Insertable<GatewaySimRefundsTable>,
  ): Promise<{ refund: RefundRow; created: boolean } | 'exceeds' | 'not_captured'> {
    return this.db.transaction().execute(async (trx) => {
      const intent = await trx
        .selectFrom('gatewaySimIntents')
        .selectAll()
        .where('id', '=', refund.intentId)
        .forUpdate()
        .executeTakeFirstOrThrow();
      const earlier = await trx
        .selectFrom('gatewaySimRefunds')
        .selectAll()
        .where('idempotencyKey', '=', refund.idempotencyKey)
        .executeTakeFirst();
      if (earlier) return { refund: earlier, created: false };
      if (intent.status !== 'succeeded') return 'not_captured';
      if (intent.amountRefunded + refund.amount > intent.amountCaptured) return 'exceeds';
      const row = await trx.insertInto('gatewaySimRefunds').values(refund).returningAll().executeTakeFirstOrThrow();
      if (refund.status === 'failed') return { refund: row, created: true };
      await trx
        .updateTable('gatewaySimIntents')
        .set((eb) => ({ amountRefunded: eb('amountRefunded', '+', refund.amount), updatedAt: refund.createdAt }))
        .where('id', '=', refund.intentId)
        .execute();
      return { refund: row, created: true };
    });
  }

  refundById(id: string): Promise<RefundRow | undefined> {
    return this.db.selectFrom('gatewaySimRefunds').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Stores an event with the job that delivers it, in one transaction. */
  async insertEvent(event: Insertable<GatewaySimEventsTable>, maxAttempts: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('gatewaySimEvents').values(event).execute();
      await addJob(trx, 'gatewaySim.webhook', { eventId: event.id }, { maxAttempts });
    });
  }

  event(id: string): Promise<EventRow | undefined> {
    return this.db.selectFrom('gatewaySimEvents').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async markDelivery(id: string, delivered: boolean, at: Date): Promise<void> {
    await this.db
      .updateTable('gatewaySimEvents')
      .set((eb) => ({ deliveries: eb('deliveries', '+', 1), ...(delivered ? { deliveredAt: at } : {}) }))
      .where('id', '=', id)
      .execute();
  }
}
