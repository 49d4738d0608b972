import type { Db } from '../../db/database';

/** The only code that touches our payment tables. */
export class PaymentsRepository {
  constructor(private readonly db: Db) {}

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
}
