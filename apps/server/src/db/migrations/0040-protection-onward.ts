import type { Kysely } from 'kysely';

/**
 * A cancelled ride's case that rebooks the ride after it too: when no later departure of the cancelled
 * route still makes the change, the case offers the next one together with a later departure of the next
 * ride's route that it makes. `onward_sub_order_id` and `onward_leg` name the next ride's ticket and leg,
 * `onward` holds that ride as booked and its later departure (`{ missed, next }`); all null otherwise.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('protection_cases')
    .addColumn('onward_sub_order_id', 'uuid', (c) => c.references('sub_orders.id'))
    .addColumn('onward_leg', 'integer')
    .addColumn('onward', 'jsonb')
    .execute();
}
