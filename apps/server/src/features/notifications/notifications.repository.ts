import { type Kysely, type Selectable, sql } from 'kysely';
import type { Database, Db, NotificationsTable } from '../../db/database';

export type NoticeRow = Selectable<NotificationsTable>;
/** The database or a transaction of the caller. */
export type Executor = Kysely<Database>;

export type NewNotice = {
  userId: string;
  kind: string;
  orderId: string | null;
  params: Record<string, string | number>;
  dedupeKey: string | null;
  createdAt: Date;
};

/** Stores a notice; undefined when one with the same user and dedupe key exists already. */
export async function insertNotice(db: Executor, notice: NewNotice): Promise<NoticeRow | undefined> {
  return db
    .insertInto('notifications')
    .values({ ...notice, params: JSON.stringify(notice.params) })
    .onConflict((oc) => oc.columns(['userId', 'dedupeKey']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** The only SQL on notices. Every read and change a request makes names the user. */
export class NotificationsRepository {
  constructor(private readonly db: Db) {}

  async page(
    userId: string,
    page: number,
    pageSize: number,
  ): Promise<{ rows: NoticeRow[]; total: number; unread: number }> {
    const [rows, counts] = await Promise.all([
      this.db
        .selectFrom('notifications')
        .selectAll()
        .where('userId', '=', userId)
        .orderBy(sql`read_at is null`, 'desc')
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute(),
      this.db
        .selectFrom('notifications')
        .select([sql<string>`count(*)`.as('total'), sql<string>`count(*) filter (where read_at is null)`.as('unread')])
        .where('userId', '=', userId)
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(counts.total), unread: Number(counts.unread) };
  }

  async unread(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('notifications')
      .select(sql<string>`count(*)`.as('n'))
      .where('userId', '=', userId)
      .where('readAt', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Marks one notice of the user read; false when the user has no such notice. */
  async markRead(userId: string, id: string, at: Date): Promise<boolean> {
    const found = await this.db
      .selectFrom('notifications')
      .select('id')
      .where('id', '=', id)
      .where('userId', '=', userId)
      .executeTakeFirst();
    if (!found) return false;
    await this.db
      .updateTable('notifications')
      .set({ readAt: at })
      .where('id', '=', id)
      .where('userId', '=', userId)
      .where('readAt', 'is', null)
      .execute();
    return true;
  }

  async markAllRead(userId: string, at: Date): Promise<void> {
    await this.db
      .updateTable('notifications')
      .set({ readAt: at })
      .where('userId', '=', userId)
      .where('readAt', 'is', null)
      .execute();
  }

  /** A notice with where it goes: the user's language, e-mail and mobile, and the order's contact e-mail. */
  async forDelivery(id: string) {
    return this.db
      .selectFrom('notifications as n')
      .innerJoin('users as u', 'u.id', 'n.userId')
      .leftJoin('orders as o', 'o.id', 'n.orderId')
      .select([
        'n.id',
        'n.kind',
        'n.orderId',
        'n.params',
        'n.mailedAt',
        'n.textedAt',
        'u.language',
        'u.email',
        'u.mobile',
        'o.contactEmail',
      ])
      .where('n.id', '=', id)
      .executeTakeFirst();
  }

  async markSent(id: string, channel: 'mail' | 'sms', at: Date): Promise<void> {
    await this.db
      .updateTable('notifications')
      .set(channel === 'mail' ? { mailedAt: at } : { textedAt: at })
      .where('id', '=', id)
      .execute();
  }
}
