import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/database';
import type { ChatTables } from './chat.tables';

/** Live connections of every process, counted per user so that one user cannot open too many. */
type ChatDb = Kysely<Database & ChatTables>;

/**
 * Opens a connection if the user has fewer than `max` live ones (seen since `liveSince`), counted
 * under a per-user lock so two processes never both let the last one in.
 */
export async function openConnection(
  db: ChatDb,
  c: { id: string; userId: string; processId: string; isAgent: boolean; now: Date },
  max: number,
  liveSince: Date,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('chat-connections'), hashtext(${c.userId}))`.execute(trx);
    const row = await trx
      .selectFrom('chatConnections')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('userId', '=', c.userId)
      .where('seenAt', '>', liveSince)
      .executeTakeFirstOrThrow();
    if (Number(row.n) >= max) return false;
    await trx
      .insertInto('chatConnections')
      .values({
        id: c.id,
        userId: c.userId,
        processId: c.processId,
        isAgent: c.isAgent,
        openedAt: c.now,
        seenAt: c.now,
      })
      .execute();
    return true;
  });
}

export async function closeConnection(db: ChatDb, id: string): Promise<void> {
  await db.deleteFrom('chatConnections').where('id', '=', id).execute();
}

/** The heartbeat of a process's connections; lapsed ones of any process are removed. */
export async function touchConnections(db: ChatDb, ids: string[], now: Date, lapsedBefore: Date): Promise<void> {
  if (ids.length > 0) await db.updateTable('chatConnections').set({ seenAt: now }).where('id', 'in', ids).execute();
  await db.deleteFrom('chatConnections').where('seenAt', '<', lapsedBefore).execute();
}
