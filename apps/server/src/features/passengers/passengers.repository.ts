import { type Insertable, type Selectable, sql, type Transaction } from 'kysely';
import type { Database, Db, PassengerDocumentsTable, PassengersTable } from '../../db/database';

export type PassengerRow = Selectable<PassengersTable>;
export type DocumentRow = Selectable<PassengerDocumentsTable>;
export type PassengerValues = Omit<
  Insertable<PassengersTable>,
  'id' | 'userId' | 'railStatus' | 'railCheckedAt' | 'railRequest' | 'createdAt' | 'updatedAt'
>;
export type DocumentValues = {
  type: string;
  numberSealed: string;
  numberHash: string;
  numberMasked: string;
  expiryDate: string | null;
  issuingCountry: string | null;
};

type Executor = Db | Transaction<Database>;

/** `%` and `_` typed in a search box are letters, not patterns. */
const likePattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The only code that touches the traveller tables. Every statement a request makes names the user, so
 * another user's traveller is never read, changed or deleted; only the rail check job reads by id.
 */
export class PassengersRepository {
  constructor(readonly db: Db) {}

  transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  /** Holds the user's row until the transaction ends, so two saves at once cannot pass the limit together. */
  async lockUser(trx: Transaction<Database>, userId: string): Promise<void> {
    await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
  }

  async countForUser(userId: string, db: Executor = this.db): Promise<number> {
    const row = await db
      .selectFrom('passengers')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('userId', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async list(
    userId: string,
    keyword: string | undefined,
    offset: number,
    limit: number,
  ): Promise<{ rows: PassengerRow[]; total: number }> {
    let query = this.db.selectFrom('passengers').where('userId', '=', userId);
    if (keyword) {
      const pattern = likePattern(keyword);
      query = query.where((eb) =>
        eb.or([
          eb('chineseName', 'ilike', pattern),
          eb('surname', 'ilike', pattern),
          eb('givenNames', 'ilike', pattern),
          eb(sql<string>`coalesce(surname, '') || ' ' || coalesce(given_names, '')`, 'ilike', pattern),
        ]),
      );
    }
    const [rows, count] = await Promise.all([
      query.selectAll().orderBy('createdAt', 'desc').orderBy('id').offset(offset).limit(limit).execute(),
      query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  async findForUser(userId: string, id: string, db: Executor = this.db): Promise<PassengerRow | undefined> {
    return db.selectFrom('passengers').selectAll().where('id', '=', id).where('userId', '=', userId).executeTakeFirst();
  }

  async documentsOf(userId: string, passengerIds: string[], db: Executor = this.db): Promise<DocumentRow[]> {
    if (passengerIds.length === 0) return [];
    return db
      .selectFrom('passengerDocuments')
      .selectAll()
      .where('userId', '=', userId)
      .where('passengerId', 'in', passengerIds)
      .orderBy('type')
      .execute();
  }

  /** Another traveller of this user holding the same document (by its keyed hash), if any. */
  async holderOf(trx: Executor, userId: string, type: string, numberHash: string): Promise<string | undefined> {
    const row = await trx
      .selectFrom('passengerDocuments')
      .select('passengerId')
      .where('userId', '=', userId)
      .where('type', '=', type)
      .where('numberHash', '=', numberHash)
      .executeTakeFirst();
    return row?.passengerId;
  }

  async insert(trx: Transaction<Database>, userId: string, values: PassengerValues, now: Date): Promise<PassengerRow> {
    return trx
      .insertInto('passengers')
      .values({ ...values, userId, createdAt: now, updatedAt: now, railRequest: 1 })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Updates a traveller and asks for a new rail check (the status is unknown until it answers). */
  async update(
    trx: Transaction<Database>,
    userId: string,
    id: string,
    values: PassengerValues,
    now: Date,
  ): Promise<PassengerRow> {
    return trx
      .updateTable('passengers')
      .set({
        ...values,
        updatedAt: now,
        railStatus: null,
        railCheckedAt: null,
        railRequest: sql<number>`rail_request + 1`,
      })
      .where('id', '=', id)
      .where('userId', '=', userId)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async deleteDocuments(
    trx: Transaction<Database>,
    userId: string,
    passengerId: string,
    keep: string[],
  ): Promise<void> {
    let query = trx
      .deleteFrom('passengerDocuments')
      .where('userId', '=', userId)
      .where('passengerId', '=', passengerId);
    if (keep.length > 0) query = query.where('id', 'not in', keep);
    await query.execute();
  }

  async updateDocument(
    trx: Transaction<Database>,
    userId: string,
    id: string,
    values: Partial<DocumentValues>,
  ): Promise<void> {
    await trx.updateTable('passengerDocuments').set(values).where('id', '=', id).where('userId', '=', userId).execute();
  }

  async insertDocument(
    trx: Transaction<Database>,
    userId: string,
    passengerId: string,
    values: DocumentValues,
    now: Date,
  ): Promise<void> {
    await trx
      .insertInto('passengerDocuments')
      .values({ ...values, userId, passengerId, createdAt: now })
      .execute();
  }

  async remove(userId: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('passengers')
      .where('id', '=', id)
      .where('userId', '=', userId)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  // The rail check job works on one traveller by id, outside any request.

  async findForCheck(id: string): Promise<{ passenger: PassengerRow; documents: DocumentRow[] } | undefined> {
    const passenger = await this.db.selectFrom('passengers').selectAll().where('id', '=', id).executeTakeFirst();
    if (!passenger) return undefined;
    const documents = await this.documentsOf(passenger.userId, [id]);
    return { passenger, documents };
  }

  /** Writes a check's answer only if no later change asked for a newer one (compare and set). */
  async setRailStatus(id: string, request: number, status: string, at: Date): Promise<boolean> {
    const result = await this.db
      .updateTable('passengers')
      .set({ railStatus: status, railCheckedAt: at })
      .where('id', '=', id)
      .where('railRequest', '=', request)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  // Key rotation: documents sealed by another key than the active one.

  async sealedByOtherKeys(activeKeyId: string, limit: number): Promise<{ id: string; numberSealed: string }[]> {
    return this.db
      .selectFrom('passengerDocuments')
      .select(['id', 'numberSealed'])
      .where(sql<string>`split_part(number_sealed, '.', 2)`, '<>', activeKeyId)
      .limit(limit)
      .execute();
  }

  async reseal(id: string, from: string, to: string): Promise<boolean> {
    const result = await this.db
      .updateTable('passengerDocuments')
      .set({ numberSealed: to })
      .where('id', '=', id)
      .where('numberSealed', '=', from)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }
}
