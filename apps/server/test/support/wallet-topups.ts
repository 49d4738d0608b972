import { randomUUID } from 'node:crypto';
import type { Db } from '../../src/db/database';

/** A card top-up of `amountMinor` by `userId` recorded failed at `at`, with its intent at the processor. */
export function failedCardTopup(db: Db, p: { userId: string; amountMinor: number; at: Date; last4: string }) {
  return db
    .insertInto('walletTopups')
    .values({
      userId: p.userId,
      cardId: null,
      idempotencyKey: randomUUID(),
      requestHash: 'h',
      amountMinor: p.amountMinor,
      cardBrand: 'visa',
      cardLast4: p.last4,
      status: 'failed',
      error: 'canceled',
      intentId: `pi_${randomUUID().replaceAll('-', '')}`,
      method: 'card',
      createdAt: p.at,
      updatedAt: p.at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The steps a late top-up's refund took, in order. */
export const topupRefundSteps = (db: Db, refundId: string) =>
  db
    .selectFrom('walletTopupRefundEvents')
    .select(['fromState', 'toState'])
    .where('refundId', '=', refundId)
    .orderBy('id')
    .execute();
