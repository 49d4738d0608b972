import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { changedTicketReleases } from './change-links';

describe('changedTicketReleases', () => {
  it("reverses the old ticket's documents for everyone on it, in the change's transaction", async () => {
    const calls: unknown[] = [];
    const trx = {} as Kysely<Database>;
    const hook = changedTicketReleases(async (t, ticket) => {
      calls.push([t, ticket]);
    });
    await hook(trx, { orderId: 'o1', changeId: 'c1', oldSubOrderId: 's-old', newSubOrderId: 's-new', at: new Date(0) });
    expect(calls).toEqual([[trx, { orderId: 'o1', subOrderId: 's-old', travellerPosition: null, reason: 'changed' }]]);
  });
});
