import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import { addJob } from '../../jobs/jobs';

declare module '../../jobs/jobs' {
  interface JobPayloads {
    'fulfilment.ticket-order': { orderId: string };
  }
}

/**
 * Queues the ticketing of a paid order, in the transaction that recorded the payment: the order is never
 * paid without its ticketing job, and one job per order waits however often this is called.
 */
export async function scheduleTicketing(trx: Kysely<Database>, orderId: string): Promise<void> {
  await addJob(trx, 'fulfilment.ticket-order', { orderId }, { jobKey: `ticketing:${orderId}`, maxAttempts: 25 });
}
