import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../test/harness';
import type { Db } from '../../../db/database';
import { SimFareSales } from './fare-sales';

describe('the simulated sellers’ sales', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let db: Db;
  let selects = 0;
  const selectIds = new WeakSet<object>();
  /** When set, the next read's rows are held on their way back until `open` settles. */
  let hold: { reached: () => void; open: Promise<void> } | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db.withPlugin({
      transformQuery: (args) => {
        if (args.node.kind === 'SelectQueryNode') {
          selects++;
          selectIds.add(args.queryId);
        }
        return args.node;
      },
      transformResult: async (args) => {
        const held = hold;
        if (held && selectIds.has(args.queryId)) {
          hold = undefined;
          held.reached();
          await held.open;
        }
        return args.result;
      },
    });
  });
  afterAll(() => database.drop());

  it('answers the sellers of one search with one read, and a sale set is read by everyone asking after it', async () => {
    const sales = new SimFareSales(db, () => new Date('2026-12-03T08:00:00Z'));
    const before = selects;
    const asked = await Promise.all([sales.current(), sales.current(), sales.current()]);
    expect(selects - before).toBe(1);
    expect(asked).toEqual([[], [], []]);

    // A read that found no sale is still on its way back when the sale is set: whoever asks once the sale
    // is set reads it, not that read's answer.
    let reached = () => {};
    let open = () => {};
    hold = {
      reached: () => reached(),
      open: new Promise<void>((resolve) => {
        open = resolve;
      }),
    };
    const readDone = new Promise<void>((resolve) => {
      reached = resolve;
    });
    const stale = sales.current();
    await readDone;
    await sales.set({ origin: 'BJS', destination: 'SHA', percentOff: 30 });
    const fresh = sales.current();
    open();
    expect(await stale).toEqual([]);
    expect(await fresh).toEqual([{ origin: 'BJS', destination: 'SHA', percentOff: 30 }]);
  });
});
