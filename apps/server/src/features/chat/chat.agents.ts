import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import type { ChatTables } from './chat.tables';

/** The chat's agents: who they are, whether a connection of theirs is live, and their accounts. */
type ChatDb = Kysely<Database & ChatTables>;

export async function agent(db: ChatDb, userId: string): Promise<{ userId: string; displayName: string } | undefined> {
  return db.selectFrom('chatAgents').select(['userId', 'displayName']).where('userId', '=', userId).executeTakeFirst();
}

export async function agents(
  db: ChatDb,
  liveSince: Date,
): Promise<{ userId: string; displayName: string; online: boolean }[]> {
  const rows = await db
    .selectFrom('chatAgents')
    .select(['userId', 'displayName'])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('chatConnections')
            .select('id')
            .whereRef('chatConnections.userId', '=', 'chatAgents.userId')
            .where('isAgent', '=', true)
            .where('seenAt', '>', liveSince),
        )
        .as('online'),
    )
    .orderBy('displayName')
    .execute();
  return rows.map((r) => ({ ...r, online: Boolean(r.online) }));
}

export async function insertAgent(db: ChatDb, userId: string, displayName: string, now: Date): Promise<void> {
  await db
    .insertInto('chatAgents')
    .values({ userId, displayName, createdAt: now })
    .onConflict((oc) => oc.column('userId').doUpdateSet({ displayName }))
    .execute();
}

/**
 * An agent account: the user with this e-mail (created, signed-in by e-mail and password, when new)
 * gets the agent role. Answers whether the account was created.
 */
export async function upsertAgentAccount(
  db: ChatDb,
  a: { email: string; passwordHash: string; name: string; now: Date },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('users').select('id').where('email', '=', a.email).executeTakeFirst();
    const user =
      existing ??
      (await trx
        .insertInto('users')
        .values({
          email: a.email,
          emailVerifiedAt: a.now,
          passwordHash: a.passwordHash,
          name: a.name,
          mobile: null,
          mobileCountry: null,
          nickname: null,
          gender: null,
          birthday: null,
          createdAt: a.now,
          updatedAt: a.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow());
    if (existing)
      await trx
        .updateTable('users')
        .set({ passwordHash: a.passwordHash, emailVerifiedAt: a.now, updatedAt: a.now })
        .where('id', '=', existing.id)
        .execute();
    await trx
      .insertInto('chatAgents')
      .values({ userId: user.id, displayName: a.name, createdAt: a.now })
      .onConflict((oc) => oc.column('userId').doUpdateSet({ displayName: a.name }))
      .execute();
    return !existing;
  });
}
