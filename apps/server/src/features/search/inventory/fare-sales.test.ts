import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../test/harness';
import type { Db } from '../../../db/database';
import { SimFareSales } from './fare-sales';

describe('the simulated sellers’ sales', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let db: Db;
  let selects = 0;
  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db.withPlugin({
      transformQuery: (args) => {
        if (args.node.kind === 'SelectQueryNode') selects++;
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
  });
  afterAll(() => database.drop());

  it('answers the sellers of one search with one read, and a sale set is read by everyone asking after it', async () => {
    const sales = new SimFareSales(db, () => new Date('2026-12-03T08:00:00Z'));
    const before = selects;
    const asked = await Promise.all([sales.current(), sales.current(), sales.current()]);
    expect(selects - before).toBe(1);
    expect(asked).toEqual([[], [], []]);

    // A read under way when the sale is set does not answer those who ask once it is set.
    const stale = sales.current();
    await sales.set({ origin: 'BJS', destination: 'SHA', percentOff: 30 });
    const fresh = await sales.current();
    expect(fresh).toEqual([{ origin: 'BJS', destination: 'SHA', percentOff: 30 }]);
    await stale;
    expect(await sales.current()).toEqual(fresh);
  });
});
