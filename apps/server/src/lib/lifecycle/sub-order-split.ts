import { SUB_ORDER_STATUS as S, type SubOrderMoney, subOrderStatusCodec } from '@junction/domain';
import { type Selectable, sql, type Transaction } from 'kysely';
import type { Database, SubOrdersTable } from '../../db/database';
import { orderLifecycle } from './order-lifecycle';

type Trx = Transaction<Database>;

/** Some travellers of a ticketed sub-order take their tickets onto a sub-order of their own. */
export type SubOrderSplit = {
  orderId: string;
  sub: Selectable<SubOrdersTable>;
  moving: number[];
  stayers: number[];
  money: { moving: SubOrderMoney; staying: SubOrderMoney };
  position: number;
  at: Date;
  data?: object;
};

const TICKETED = subOrderStatusCodec.encode(S.TICKETED);

/**
 * Splits a ticketed sub-order between its travellers, in the caller's transaction: the sub-order keeps
 * the travellers who stay, their tickets and their share of its money; a new sub-order, ticketed as they
 * were, takes the moving travellers' tickets (numbers, coaches and seats as issued), their money, their
 * student journeys and their invoices. The first step is a compare-and-set on the sub-order's status and
 * travellers as they were read, beside an event row. Answers the new sub-order's id, or undefined when the sub-order had
 * moved on since it was read.
 */
export async function splitSubOrder(trx: Trx, p: SubOrderSplit): Promise<string | undefined> {
  const fee = (m: SubOrderMoney) => (p.sub.serviceFeeMinor === null ? null : m.serviceFeeMinor);
  const narrowed = await trx
    .updateTable('subOrders')
    .set({
      travellers: JSON.stringify(p.stayers),
      priceMinor: p.money.staying.priceMinor,
      paidMinor: p.money.staying.paidMinor,
      serviceFeeMinor: fee(p.money.staying),
      travellerPrices: JSON.stringify(p.money.staying.shares),
    })
    .where('id', '=', p.sub.id)
    .where('status', '=', TICKETED)
    .where(sql<boolean>`coalesce(travellers, 'null'::jsonb) = ${JSON.stringify(p.sub.travellers ?? null)}::jsonb`)
    .returning('id')
    .executeTakeFirst();
  if (!narrowed) return undefined;
  const { id: _, ...copied } = p.sub;
  const { id } = await trx
    .insertInto('subOrders')
    .values({
      ...copied,
      position: p.position,
      status: TICKETED,
      legs: JSON.stringify(p.sub.legs),
      travellers: JSON.stringify(p.moving),
      priceMinor: p.money.moving.priceMinor,
      paidMinor: p.money.moving.paidMinor,
      serviceFeeMinor: fee(p.money.moving),
      travellerPrices: JSON.stringify(p.money.moving.shares),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('tickets')
    .set({ subOrderId: id })
    .where('subOrderId', '=', p.sub.id)
    .where('travellerPosition', 'in', p.moving)
    .execute();
  await trx
    .updateTable('invoices')
    .set({ subOrderId: id })
    .where('subOrderId', '=', p.sub.id)
    .where('travellerPosition', 'in', p.moving)
    .execute();
  await trx
    .updateTable('studentJourneys')
    .set({ subOrderPosition: p.position })
    .where('orderId', '=', p.orderId)
    .where('subOrderPosition', '=', p.sub.position)
    .where('travellerPosition', 'in', p.moving)
    .execute();
  await summarise(trx, p.sub.id);
  await summarise(trx, id);
  await orderLifecycle.subOrderEvent(trx, {
    orderId: p.orderId,
    kind: 'sub-order-split',
    from: S.TICKETED,
    to: S.TICKETED,
    at: p.at,
    data: { subOrderId: p.sub.id, newSubOrderId: id, travellers: p.moving, ...p.data },
  });
  return id;
}

/** A sub-order's ticket numbers, booking references and seats, as its issued tickets read now. */
async function summarise(trx: Trx, subOrderId: string): Promise<void> {
  const tickets = await trx
    .selectFrom('tickets')
    .select(['ticketNumber', 'bookingReference', 'coach', 'seat'])
    .where('subOrderId', '=', subOrderId)
    .orderBy('travellerPosition')
    .orderBy('legIndex')
    .execute();
  const unique = (xs: (string | null)[]) => [...new Set(xs.filter((x): x is string => !!x))].join(', ');
  await trx
    .updateTable('subOrders')
    .set({
      ticketNumber: unique(tickets.map((t) => t.ticketNumber)) || null,
      confirmationCode: unique(tickets.map((t) => t.bookingReference)) || null,
      seat: unique(tickets.map((t) => (t.coach ? `${t.coach}-${t.seat ?? ''}` : t.seat))) || null,
    })
    .where('id', '=', subOrderId)
    .execute();
}
