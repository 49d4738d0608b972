import type { Kysely } from 'kysely';

/**
 * The card processor simulator charges a saved card again only with its security code typed again:
 * as its issuer it keeps a keyed digest of each card's security code (`cvc_digest`, never the code), a
 * token made from a saved card's token and a typed code records whether the code matched, and every
 * token confirms one payment only (`used_at`).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('gateway_sim_tokens')
    .addColumn('source_id', 'text', (c) => c.references('gateway_sim_tokens.id'))
    .addColumn('cvc_digest', 'text')
    .addColumn('cvc_matched', 'boolean')
    .addColumn('used_at', 'timestamptz')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('gateway_sim_tokens')
    .dropColumn('used_at')
    .dropColumn('cvc_matched')
    .dropColumn('cvc_digest')
    .dropColumn('source_id')
    .execute();
}
