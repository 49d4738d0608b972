import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/harness';
import { down, up } from './0026-student-journey-person';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

describe('counting student journeys per person', () => {
  it("carries each saved traveller's count over to the person their document names, adding a person's together", async () => {
    const db = database.db;
    await down(db);
    const account = async (mobile: string) =>
      (
        await sql<{
          id: string;
        }>`insert into users (mobile, password_hash) values (${mobile}, 'x') returning id`.execute(db)
      ).rows[0]?.id as string;
    const [first, second] = [await account('+8613900000001'), await account('+8613900000002')];
    const passenger = async (user: string, name: string, documents: [string, string][]) => {
      const id = (
        await sql<{ id: string }>`insert into passengers (user_id, chinese_name, birth_date, gender, nationality)
          values (${user}, ${name}, '2006-09-01', 'MALE', 'CN') returning id`.execute(db)
      ).rows[0]?.id as string;
      for (const [type, hash] of documents)
        await sql`insert into passenger_documents (passenger_id, user_id, type, number_sealed, number_hash, number_masked)
          values (${id}::uuid, ${user}, ${type}, 'sealed', ${hash}, 'masked')`.execute(db);
      return id;
    };
    // 李明 saved by two accounts, once with his passport beside his ID card; 赵磊 once; one traveller gone.
    const li = await passenger(first, '李明', [
      ['A', 'passport-li'],
      ['B', 'id-card-li'],
    ]);
    const liAgain = await passenger(second, '李明', [['B', 'id-card-li']]);
    const zhao = await passenger(first, '赵磊', [['B', 'id-card-zhao']]);
    const gone = '00000000-0000-4000-8000-000000000009';
    for (const [passengerId, used] of [
      [li, 2],
      [liAgain, 1],
      [zhao, 3],
      [gone, 1],
    ] as const)
      await sql`insert into student_journey_counts (passenger_id, school_year, used)
        values (${passengerId}::uuid, 2026, ${used})`.execute(db);
    await up(db);
    const counts = await sql<{ person: string; used: number }>`
      select person, used from student_journey_counts where school_year = 2026 order by person`.execute(db);
    expect(counts.rows).toEqual([
      { person: 'id-card-li', used: 3 },
      { person: 'id-card-zhao', used: 3 },
      { person: `passenger:${gone}`, used: 1 },
    ]);
  });
});
