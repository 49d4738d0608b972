import { AppError } from '@junction/domain';
import { sql } from 'kysely';
import type { ChatTrx } from './chat.repository';

/** How many images one person may send an hour, and how many bytes of them their conversations may hold. */
export type ImageLimits = { perHour: number; quotaBytes: number };

const HOUR = 60 * 60_000;
/** The quota counts the images of the last thirty days; older ones no longer take up a traveller's share. */
export const IMAGE_QUOTA_WINDOW_MS = 30 * 24 * HOUR;
/** The advisory-lock class of image allowances ("CI"), apart from other users of advisory locks. */
const LOCK_CLASS = 0x4349;

/**
 * Refuses an image past the hour's count (7013, 429) or past the quota (7014, 422), in the transaction
 * that stores it and under a lock per person, so images sent at once are counted one after another.
 */
export async function checkImageAllowance(
  trx: ChatTrx,
  userId: string,
  size: number,
  now: Date,
  limits: ImageLimits,
): Promise<void> {
  await sql`select pg_advisory_xact_lock(${LOCK_CLASS}::int, hashtext(${userId}))`.execute(trx);
  const hourAgo = new Date(now.getTime() - HOUR);
  const used = await trx
    .selectFrom('chatImages as i')
    .innerJoin('chatConversations as c', 'c.id', 'i.conversationId')
    .where('c.userId', '=', userId)
    .where('i.createdAt', '>', new Date(now.getTime() - IMAGE_QUOTA_WINDOW_MS))
    .select((eb) => [
      eb.fn.countAll<string>().filterWhere('i.createdAt', '>', hourAgo).as('lastHour'),
      eb.fn.coalesce(eb.fn.sum<string>('i.size'), sql<string>`0`).as('bytes'),
    ])
    .executeTakeFirstOrThrow();
  if (Number(used.lastHour) >= limits.perHour)
    throw new AppError('CHAT_IMAGES_TOO_MANY', { params: { max: limits.perHour } });
  if (Number(used.bytes) + size > limits.quotaBytes)
    throw new AppError('CHAT_IMAGE_QUOTA', { params: { maxMb: Math.floor(limits.quotaBytes / 1024 ** 2) } });
}
