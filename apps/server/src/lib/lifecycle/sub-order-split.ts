import { SUB_ORDER_STATUS as S, type SubOrderMoney, subOrderStatusCodec, type TicketShare } from '@junction/domain';
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
    data: {
      subOrderId: p.sub.id,
      newSubOrderId: id,
      travellers: p.moving,
      // Who the whole ticket was for as it was written, for a join to give back.
      wasTravellers: p.sub.travellers ?? null,
      ...p.data,
    },
  });
  return id;
}

/** The tables whose rows follow a traveller's ticket from one sub-order to another. */
const FOLLOWING = ['tickets', 'invoices', 'refunds', 'paymentRefunds'] as const;

/**
 * Joins a part split off a ticket back into the sub-order it came from, in the caller's transaction, when
 * the change it was split for did not go ahead: the sub-order takes back its travellers (as it listed
 * them), their tickets as issued, their money, invoices and student journeys, the change names it again,
 * and the part, its rows moved, is removed beside a `sub-order-joined` event row. Both rows are locked and
 * must be ticketed; answers the sub-order's id, or undefined (nothing done) when either has moved on.
 */
export async function joinSubOrder(
  trx: Trx,
  p: { orderId: string; partId: string; at: Date; data?: object },
): Promise<string | undefined> {
  const split = await trx
    .selectFrom('orderEvents')
    .select('data')
    .where('orderId', '=', p.orderId)
    .where('kind', '=', 'sub-order-split')
    .where(sql<string>`data->>'newSubOrderId'`, '=', p.partId)
    .executeTakeFirst();
  const made = split?.data as { subOrderId?: string; wasTravellers?: number[] | null } | undefined;
  if (!made?.subOrderId) return undefined;
  const rows = await trx
    .selectFrom('subOrders')
    .selectAll()
    .where('id', 'in', [made.subOrderId, p.partId])
    .where('status', '=', TICKETED)
    .orderBy('id')
    .forUpdate()
    .execute();
  const whole = rows.find((r) => r.id === made.subOrderId);
  const part = rows.find((r) => r.id === p.partId);
  if (!whole || !part) return undefined;
  const members = (s: typeof whole) => (Array.isArray(s.travellers) ? (s.travellers as number[]) : []);
  const back = members(part);
  const shares = (s: typeof whole) => (s.travellerPrices ?? []) as TicketShare[];
  const joined = [...members(whole), ...back].sort((a, b) => a - b);
  const travellers = made.wasTravellers === undefined ? joined : made.wasTravellers;
  await trx
    .updateTable('subOrders')
    .set({
      travellers: travellers === null ? null : JSON.stringify(travellers),
      priceMinor: whole.priceMinor + part.priceMinor,
      paidMinor: (whole.paidMinor ?? 0) + (part.paidMinor ?? 0),
      serviceFeeMinor: whole.serviceFeeMinor === null ? null : whole.serviceFeeMinor + (part.serviceFeeMinor ?? 0),
      travellerPrices: JSON.stringify(shares(whole).map((s, k) => (back.includes(k) ? (shares(part)[k] ?? s) : s))),
    })
    .where('id', '=', whole.id)
    .execute();
  for (const table of FOLLOWING)
    await trx.updateTable(table).set({ subOrderId: whole.id }).where('subOrderId', '=', part.id).execute();
  await trx
    .updateTable('studentJourneys')
    .set({ subOrderPosition: whole.position })
    .where('orderId', '=', p.orderId)
    .where('subOrderPosition', '=', part.position)
    .execute();
  await trx
    .updateTable('ticketChanges')
    .set({ oldSubOrderId: whole.id })
    .where('oldSubOrderId', '=', part.id)
    .execute();
  await trx.deleteFrom('subOrders').where('id', '=', part.id).where('status', '=', TICKETED).execute();
  await summarise(trx, whole.id);
  await orderLifecycle.subOrderEvent(trx, {
    orderId: p.orderId,
    kind: 'sub-order-joined',
    from: S.TICKETED,
    to: S.TICKETED,
    at: p.at,
    data: { subOrderId: whole.id, joinedSubOrderId: part.id, travellers: back, ...p.data },
  });
  return whole.id;
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
