import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db, UsersTable } from '../../db/database';

export type UserRow = Selectable<UsersTable>;

/** The only code that knows the account tables. */
export class AccountRepository {
  constructor(private readonly db: Db) {}

  findUserById(id: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findUserByMobile(mobile: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('mobile', '=', mobile).executeTakeFirst();
  }

  findUserByEmail(email: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
  }

  /** Null when the mobile or e-mail is taken (the unique constraint decides, not a prior read). */
  async insertUser(user: Insertable<UsersTable>): Promise<UserRow | null> {
    return (
      (await this.db
        .insertInto('users')
        .values(user)
        .onConflict((oc) => oc.doNothing())
        .returningAll()
        .executeTakeFirst()) ?? null
    );
  }

  async updateUser(id: string, changes: Updateable<UsersTable>): Promise<UserRow | null> {
    try {
      return (
        (await this.db
          .updateTable('users')
          .set({ ...changes, updatedAt: new Date() })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirst()) ?? null
      );
    } catch (err) {
      if ((err as { code?: string }).code === '23505') return null;
      throw err;
    }
  }

  async insertSession(s: {
    userId: string;
    tokenHash: string;
    now: Date;
    expiresAt: Date;
    userAgent: string | null;
    ip: string | null;
    channel: 'web' | 'app';
  }): Promise<void> {
    await this.db
      .insertInto('sessions')
      .values({
        userId: s.userId,
        tokenHash: s.tokenHash,
        createdAt: s.now,
        lastSeenAt: s.now,
        expiresAt: s.expiresAt,
        userAgent: s.userAgent,
        ip: s.ip,
        channel: s.channel,
      })
      .execute();
  }

  findLiveSession(tokenHash: string, now: Date) {
    return this.db
      .selectFrom('sessions')
      .select(['id', 'userId', 'lastSeenAt', 'expiresAt', 'channel'])
      .where('tokenHash', '=', tokenHash)
      .where('revokedAt', 'is', null)
      .where('expiresAt', '>', now)
      .executeTakeFirst();
  }

  async touchSession(id: string, now: Date): Promise<void> {
    await this.db.updateTable('sessions').set({ lastSeenAt: now }).where('id', '=', id).execute();
  }

  async revokeSession(tokenHash: string, now: Date): Promise<void> {
    await this.db.updateTable('sessions').set({ revokedAt: now }).where('tokenHash', '=', tokenHash).execute();
  }

  /** Revokes every live session of a user, except the one whose hash is given. */
  async revokeUserSessions(userId: string, now: Date, exceptTokenHash?: string): Promise<number> {
    let q = this.db
      .updateTable('sessions')
      .set({ revokedAt: now })
      .where('userId', '=', userId)
      .where('revokedAt', 'is', null);
    if (exceptTokenHash) q = q.where('tokenHash', '!=', exceptTokenHash);
    const result = await q.executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  countLiveSessions(userId: string, now: Date) {
    return this.db
      .selectFrom('sessions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('userId', '=', userId)
      .where('revokedAt', 'is', null)
      .where('expiresAt', '>', now)
      .executeTakeFirstOrThrow();
  }

  async insertCode(c: {
    target: string;
    purpose: string;
    codeHash: string;
    now: Date;
    expiresAt: Date;
  }): Promise<void> {
    // A new code replaces any earlier one for the same target and purpose.
    await this.db
      .updateTable('verificationCodes')
      .set({ usedAt: c.now })
      .where('target', '=', c.target)
      .where('purpose', '=', c.purpose)
      .where('usedAt', 'is', null)
      .execute();
    await this.db
      .insertInto('verificationCodes')
      .values({ target: c.target, purpose: c.purpose, codeHash: c.codeHash, createdAt: c.now, expiresAt: c.expiresAt })
      .execute();
  }

  /**
   * Reserves one try at the newest open code of a target, in one statement: the attempt is counted before
   * the code is compared, and none is given once five were, however many requests arrive at once.
   * Undefined when there is no live code left to try.
   */
  reserveCodeAttempt(target: string, purpose: string, now: Date, maxAttempts: number) {
    return this.db
      .updateTable('verificationCodes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where(
        'id',
        '=',
        this.db
          .selectFrom('verificationCodes')
          .select('id')
          .where('target', '=', target)
          .where('purpose', '=', purpose)
          .where('usedAt', 'is', null)
          .orderBy('createdAt', 'desc')
          .orderBy('id', 'desc')
          .limit(1),
      )
      .where('usedAt', 'is', null)
      .where('expiresAt', '>', now)
      .where('attempts', '<', maxAttempts)
      .returning(['id', 'codeHash', 'attempts'])
      .executeTakeFirst();
  }

  /** Marks a code used; false when another request used it first. */
  async useCode(id: string, now: Date): Promise<boolean> {
    const result = await this.db
      .updateTable('verificationCodes')
      .set({ usedAt: now })
      .where('id', '=', id)
      .where('usedAt', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async insertActivation(a: {
    tokenHash: string;
    userId: string;
    email: string;
    claimHash: string;
    now: Date;
    expiresAt: Date;
  }) {
    await this.db
      .insertInto('activationTokens')
      .values({
        tokenHash: a.tokenHash,
        userId: a.userId,
        email: a.email,
        claimHash: a.claimHash,
        createdAt: a.now,
        expiresAt: a.expiresAt,
      })
      .execute();
  }

  /** Ends every unused activation link of a user. */
  async revokeActivations(userId: string, now: Date): Promise<void> {
    await this.db
      .updateTable('activationTokens')
      .set({ usedAt: now })
      .where('userId', '=', userId)
      .where('usedAt', 'is', null)
      .execute();
  }

  /** Gives a pending e-mail account a new registration's password; null once someone has activated it. */
  async replacePendingUser(
    id: string,
    changes: { passwordHash: string; language: string; emailVerifiedAt: Date | null },
  ): Promise<UserRow | null> {
    return (
      (await this.db
        .updateTable('users')
        .set({ ...changes, updatedAt: new Date() })
        .where('id', '=', id)
        .where('emailVerifiedAt', 'is', null)
        .returningAll()
        .executeTakeFirst()) ?? null
    );
  }

  findActivation(tokenHash: string) {
    return this.db.selectFrom('activationTokens').selectAll().where('tokenHash', '=', tokenHash).executeTakeFirst();
  }

  async useActivation(tokenHash: string, now: Date): Promise<boolean> {
    const result = await this.db
      .updateTable('activationTokens')
      .set({ usedAt: now })
      .where('tokenHash', '=', tokenHash)
      .where('usedAt', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Deletes codes and activation links that ended more than a day ago; returns how many. */
  async purgeExpired(now: Date): Promise<number> {
    const before = new Date(now.getTime() - 86_400_000);
    const codes = await this.db.deleteFrom('verificationCodes').where('expiresAt', '<', before).executeTakeFirst();
    const links = await this.db.deleteFrom('activationTokens').where('expiresAt', '<', before).executeTakeFirst();
    return Number(codes.numDeletedRows) + Number(links.numDeletedRows);
  }
}
