import {
  IllegalStepError,
  ORDER_STATUS as O,
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  PAYMENT_STATUS as P,
  SUB_ORDER_STATUS as S,
  SUB_ORDER_STATUSES,
  SUB_ORDER_TRANSITIONS,
} from '@junction/domain';
import fc from 'fast-check';
import type { Transaction } from 'kysely';
import { describe, expect, it } from 'vitest';
import { recordingDb } from '../../../test/support/recording-db';
import type { Database } from '../../db/database';
import { orderLifecycle } from './order-lifecycle';

/** A recording database as the transaction a step is written in, to read the compare-and-set. */
function recordingTrx() {
  const { db, sent } = recordingDb();
  return { trx: db as unknown as Transaction<Database>, sent };
}

const at = new Date('2026-07-01T00:00:00Z');

describe('the order lifecycle', () => {
  it('writes an order step as a compare-and-set on the wire texts of its statuses', async () => {
    const { trx, sent } = recordingTrx();
    const row = await orderLifecycle.moveOrder(trx, {
      orderId: 'o1',
      from: O.WAIT_PAYMENT,
      to: O.EXPIRED,
      paymentTo: P.EXPIRED,
      paymentNot: P.PROCESSING,
      at,
    });
    expect(row).toBeUndefined(); // the row had moved on: nothing else is written
    expect(sent).toHaveLength(1);
    const [update] = sent;
    expect(update?.sql).toMatch(/update "orders" set "status" = \$1, "updated_at" = \$2, "payment_status" = \$3/);
    expect(update?.sql).toMatch(/where "id" = \$4 and "status" = \$5 and "payment_status" != \$6/);
    expect(update?.parameters).toEqual(['INVALID', at, 'INVALID', 'o1', '0', '1']);
  });

  it('refuses any order step that is not an edge of the table before sending anything', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ORDER_STATUSES), fc.constantFrom(...ORDER_STATUSES), async (from, to) => {
        fc.pre(!(ORDER_TRANSITIONS.get(from) ?? []).includes(to));
        const { trx, sent } = recordingTrx();
        await expect(orderLifecycle.moveOrder(trx, { orderId: 'o1', from, to, at })).rejects.toBeInstanceOf(
          IllegalStepError,
        );
        expect(sent).toEqual([]);
      }),
    );
  });

  it('refuses a sub-order step that is not an edge of its table, and moves a legal one from "not paid yet"', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...SUB_ORDER_STATUSES),
        fc.constantFrom(...SUB_ORDER_STATUSES),
        async (from, to) => {
          fc.pre(!(SUB_ORDER_TRANSITIONS.get(from) ?? []).includes(to));
          const { trx, sent } = recordingTrx();
          await expect(orderLifecycle.moveSubOrder(trx, { subOrderId: 's1', from, to })).rejects.toBeInstanceOf(
            IllegalStepError,
          );
          expect(sent).toEqual([]);
        },
      ),
    );
    const { trx, sent } = recordingTrx();
    expect(await orderLifecycle.moveSubOrder(trx, { subOrderId: 's1', from: null, to: S.PAID })).toBe(false);
    expect(sent[0]?.sql).toMatch(/where "id" = \$2 and "status" is null/);
    expect(sent[0]?.parameters).toEqual(['7', 's1']);
  });

  it('moves sub-orders in turn, each beside its event, and stops at the first whose row had moved on', async () => {
    const { trx, sent } = recordingTrx();
    const moves = [
      { subOrderId: 's1', from: S.TICKETED, to: S.CHANGED, kind: 'sub-order-changed' },
      { subOrderId: 's2', from: null, to: S.PAID, kind: 'sub-order-paid' },
    ] as const;
    await expect(
      orderLifecycle.moveSubOrders(trx, { orderId: 'o1', at, data: { changeId: 'c1' }, moves }),
    ).rejects.toThrow('order o1: sub-order-changed did not apply');
    expect(sent).toHaveLength(1); // no event for a step that did not apply, and no later step
    expect(sent[0]?.parameters).toEqual(['4', 's1', '5']);
  });

  it('refuses a payment step that is not in the payment table', async () => {
    const { trx, sent } = recordingTrx();
    await expect(
      orderLifecycle.movePayment(trx, { orderId: 'o1', status: O.WAIT_PAYMENT, from: P.PAID, to: P.WAIT_PAYMENT, at }),
    ).rejects.toBeInstanceOf(IllegalStepError);
    expect(sent).toEqual([]);
  });

  it('records events with the wire texts of the statuses', async () => {
    const { trx, sent } = recordingTrx();
    await orderLifecycle.orderEvent(trx, { orderId: 'o1', kind: 'created', from: null, to: O.WAIT_PAYMENT, at });
    await orderLifecycle.subOrderEvent(trx, { orderId: 'o1', kind: 'x', from: S.ISSUING, to: S.TICKETED, at });
    expect(sent.map((q) => q.parameters.slice(0, 4))).toEqual([
      ['o1', 'created', null, '0'],
      ['o1', 'x', '2', '5'],
    ]);
  });
});
