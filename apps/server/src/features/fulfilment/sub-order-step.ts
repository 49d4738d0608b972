import type { SubOrderStatus } from '@junction/domain';
import { orderLifecycle } from '../../lib/lifecycle/order-lifecycle';
import type { Trx } from './fulfilment.repository';

export type SubOrderStep = {
  orderId: string;
  subOrderId: string;
  kind: string;
  from: SubOrderStatus;
  to: Exclude<SubOrderStatus, null>;
  at: Date;
  /** Written in the event beside the sub-order's id. */
  data?: object;
};

/**
 * Moves one sub-order one step and writes the step's event on its order, in the caller's transaction;
 * false, and no event, when the sub-order was no longer in `from`.
 */
export async function stepSubOrder(trx: Trx, s: SubOrderStep): Promise<boolean> {
  if (!(await orderLifecycle.moveSubOrder(trx, { subOrderId: s.subOrderId, from: s.from, to: s.to }))) return false;
  await orderLifecycle.subOrderEvent(trx, {
    orderId: s.orderId,
    kind: s.kind,
    from: s.from,
    to: s.to,
    at: s.at,
    data: { subOrderId: s.subOrderId, ...s.data },
  });
  return true;
}
