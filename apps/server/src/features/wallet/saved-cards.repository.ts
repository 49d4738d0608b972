import { type Selectable, sql, type Transaction } from 'kysely';
import type { Database, Db, WalletCardsTable } from '../../db/database';

type Trx = Transaction<Database>;
type Executor = Db | Trx;
export type WalletCardRow = Selectable<WalletCardsTable>;
export type NewWalletCard = Pick<
  WalletCardRow,
  'userId' | 'brand' | 'last4' | 'expMonth' | 'expYear' | 'holderName' | 'description' | 'createdAt' | 'updatedAt'
> & { tokenSealed: string; billingSealed: string; referenceHash: string; fingerprintHash: string | null };

/** Where a reserved security-code try stands: counted, or refused because the card is locked or gone. */
export type CodeTry = 'reserved' | 'locked' | 'missing';

/**
 * The SQL of saved cards and the processor's customers. Every statement names the user, so nobody reads,
 * changes or pays with another user's card.
 */
export class SavedCardsRepository {
  constructor(readonly db: Db) {}

  async cards(userId: string): Promise<WalletCardRow[]> {
    return this.db
      .selectFrom('walletCards')
      .selectAll()
      .where('userId', '=', userId)
      .orderBy('createdAt', 'desc')
      .orderBy('id')
      .execute();
  }

  async card(userId: string, id: string, db: Executor = this.db): Promise<WalletCardRow | undefined> {
    return db
      .selectFrom('walletCards')
      .selectAll()
      .where('userId', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /**
   * Saves a card unless the user already keeps `limit` of them, or answers the card kept already: the one
   * with the same processor reference, else the one with the same card number's fingerprint (each keyed
   * hash is unique per user), its expiry moved to the new card's when that is later. The user's row is
   * locked first, so cards saved at once are saved one after another and all count. Undefined when the
   * limit is reached.
   */
  async insertCard(card: NewWalletCard, limit: number, trx?: Trx): Promise<WalletCardRow | undefined> {
    if (!trx) return this.db.transaction().execute((t) => this.insertCard(card, limit, t));
    await trx.selectFrom('users').select('id').where('id', '=', card.userId).forUpdate().execute();
    const before = await this.keptCard(trx, card);
    if (before) return before;
    if ((await this.cardCount(card.userId, trx)) >= limit) return undefined;
    const made = await trx
      .insertInto('walletCards')
      .values({ ...card, token: null, billing: null, bound: true })
      .onConflict((oc) => oc.doNothing())
      .returningAll()
      .executeTakeFirst();
    return made ?? this.keptCard(trx, card);
  }

  /** The user's card kept with the same reference or the same fingerprint, its expiry made the later of the two. */
  private async keptCard(trx: Trx, card: NewWalletCard): Promise<WalletCardRow | undefined> {
    const kept = await trx
      .selectFrom('walletCards')
      .selectAll()
      .where('userId', '=', card.userId)
      .where((eb) =>
        eb.or([
          eb('referenceHash', '=', card.referenceHash),
          ...(card.fingerprintHash ? [eb('fingerprintHash', '=', card.fingerprintHash)] : []),
        ]),
      )
      .orderBy(sql`reference_hash = ${card.referenceHash}`, 'desc')
      .executeTakeFirst();
    if (!kept || kept.expYear * 12 + kept.expMonth >= card.expYear * 12 + card.expMonth) return kept;
    return trx
      .updateTable('walletCards')
      .set({ expMonth: card.expMonth, expYear: card.expYear, updatedAt: card.updatedAt })
      .where('id', '=', kept.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Whether the user keeps a card with this fingerprint's keyed hash. */
  async keepsFingerprint(userId: string, fingerprintHash: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('walletCards')
      .select('id')
      .where('userId', '=', userId)
      .where('fingerprintHash', '=', fingerprintHash)
      .executeTakeFirst();
    return row !== undefined;
  }

  async cardCount(userId: string, db: Executor = this.db): Promise<number> {
    const count = await db
      .selectFrom('walletCards')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('userId', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(count.n);
  }

  /** Cards with a plain token or billing address (saved before sealing), or sealed by another key than `activeKeyId`. */
  async cardsToSeal(activeKeyId: string, limit: number): Promise<WalletCardRow[]> {
    const older = `v1.${activeKeyId}.%`;
    return this.db
      .selectFrom('walletCards')
      .selectAll()
      .where((eb) =>
        eb.or([
          eb('billingSealed', 'is', null),
          eb('billingSealed', 'not like', older),
          eb('token', 'is not', null),
          eb('tokenSealed', 'not like', older),
        ]),
      )
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /** Compare-and-set: seals a card's billing address and token unless they changed since read; clears the plain copies. */
  async sealCard(row: WalletCardRow, sealed: { billing: string; token: string }): Promise<boolean> {
    const moved = await this.db
      .updateTable('walletCards')
      .set({ billingSealed: sealed.billing, billing: null, tokenSealed: sealed.token, token: null })
      .where('id', '=', row.id)
      .where((eb) =>
        eb.and([
          row.billingSealed === null ? eb('billingSealed', 'is', null) : eb('billingSealed', '=', row.billingSealed),
          row.tokenSealed === null ? eb('tokenSealed', 'is', null) : eb('tokenSealed', '=', row.tokenSealed),
        ]),
      )
      .returning('id')
      .executeTakeFirst();
    return moved !== undefined;
  }

  /** A card saved before cards were bound, now saved again for the account's customer: its new reference. */
  async bindCard(userId: string, id: string, tokenSealed: string): Promise<void> {
    await this.db
      .updateTable('walletCards')
      .set({ tokenSealed, token: null, bound: true })
      .where('userId', '=', userId)
      .where('id', '=', id)
      .execute();
  }

  async updateCard(userId: string, id: string, description: string, at: Date): Promise<WalletCardRow | undefined> {
    return this.db
      .updateTable('walletCards')
      .set({ description, updatedAt: at })
      .where('userId', '=', userId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  async removeCard(userId: string, id: string): Promise<boolean> {
    const gone = await this.db
      .deleteFrom('walletCards')
      .where('userId', '=', userId)
      .where('id', '=', id)
      .returning('id')
      .executeTakeFirst();
    return gone !== undefined;
  }

  async customer(userId: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('walletCustomers')
      .select('customerId')
      .where('userId', '=', userId)
      .executeTakeFirst();
    return row?.customerId;
  }

  /** Keeps the account's customer; the first one kept wins, should two requests make one at once. */
  async keepCustomer(userId: string, customerId: string, at: Date): Promise<string> {
    await this.db
      .insertInto('walletCustomers')
      .values({ userId, customerId, createdAt: at })
      .onConflict((oc) => oc.column('userId').doNothing())
      .execute();
    return (await this.customer(userId)) ?? customerId;
  }

  /**
   * Reserves one of a card's security-code tries, in one statement: a day's tries (those in flight and
   * the wrong ones) stop at `max`, so of any number of payments at once at most `max` try a code. A day
   * after the first try, or once a lock has ended, the count starts again.
   */
  async reserveCodeTry(userId: string, id: string, at: Date, max: number, dayMs: number): Promise<CodeTry> {
    const dayAgo = new Date(at.getTime() - dayMs);
    const fresh = sql<boolean>`(code_tried_at is null or code_tried_at <= ${dayAgo} or locked_until <= ${at})`;
    const row = await this.db
      .updateTable('walletCards')
      .set({
        codeTries: sql`case when ${fresh} then 1 else code_tries + 1 end`,
        codeWrong: sql`case when ${fresh} then 0 else code_wrong end`,
        codeTriedAt: sql`case when ${fresh} then ${at}::timestamptz else code_tried_at end`,
        lockedUntil: null,
      })
      .where('userId', '=', userId)
      .where('id', '=', id)
      .where((eb) => eb.or([eb('lockedUntil', 'is', null), eb('lockedUntil', '<=', at)]))
      .where(sql<boolean>`(${fresh} or code_tries < ${max})`)
      .returning('id')
      .executeTakeFirst();
    if (row) return 'reserved';
    return (await this.card(userId, id)) ? 'locked' : 'missing';
  }

  /** The right code: the day's count starts again. */
  async codeRight(db: Executor, id: string): Promise<void> {
    await db
      .updateTable('walletCards')
      .set({ codeTries: 0, codeWrong: 0, codeTriedAt: null })
      .where('id', '=', id)
      .execute();
  }

  /** A try whose code was never judged (the payment failed otherwise): it is given back. */
  async codeNotJudged(db: Executor, id: string): Promise<void> {
    await db
      .updateTable('walletCards')
      .set({ codeTries: sql`greatest(code_tries - 1, 0)` })
      .where('id', '=', id)
      .execute();
  }

  /**
   * A wrong code: counted, and the `max`th of the day locks the card until `until`. Answers the card when
   * this very code locked it (the owner is told once), else undefined.
   */
  async codeWrong(db: Executor, id: string, max: number, until: Date): Promise<WalletCardRow | undefined> {
    const row = await db
      .updateTable('walletCards')
      .set({
        codeWrong: sql`code_wrong + 1`,
        lockedUntil: sql`case when code_wrong + 1 >= ${max} and locked_until is null then ${until}::timestamptz else locked_until end`,
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    return row && row.codeWrong === max && row.lockedUntil !== null ? row : undefined;
  }
}
