import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrations } from '../src/db/migrations/index';
import { createTestDatabase } from './harness';

describe('test databases', () => {
  it('are cloned from the migrated template, one per caller', async () => {
    const a = await createTestDatabase();
    const b = await createTestDatabase();
    const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(a.db);
    expect(applied.rows.map((r) => r.name)).toEqual(Object.keys(migrations).sort());
    await sql`create table scratch (id int)`.execute(a.db);
    const seen = await sql<{ n: number }>`select count(*)::int as n from pg_tables where tablename = 'scratch'`.execute(
      b.db,
    );
    expect(seen.rows[0]?.n).toBe(0);
    await a.drop();
    await b.drop();
  });
});
