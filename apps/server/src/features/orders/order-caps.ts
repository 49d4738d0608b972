import { AppError, ORDER_STATUS, orderStatusCodec } from '@junction/domain';
import { sql } from 'kysely';
import type { Trx } from './orders.repository';

/** What one account, one train and one contact address may hold without paying (configuration). */
export type OrderCaps = {
  /** Orders one account may have waiting for payment (2016). */
  unpaidOrders: number;
  /** Train seats one account's unpaid orders may hold together (2017). */
  heldSeats: number;
  /** Seats one account's unpaid orders may hold on one train on one day (2018). */
  trainSeats: number;
  /** Unpaid orders of every account naming one contact e-mail address (2019). */
  contactUnpaid: number;
};

/** The seats a new order would hold, by stock key (`rail:<train>:<date>:<class>`). */
export type WantedSeats = { key: string; seats: number }[];

/** The advisory-lock class of order caps ("OC"), apart from any other user of advisory locks. */
const LOCK_CLASS = 0x4f43;
const UNPAID = orderStatusCodec.encode(ORDER_STATUS.WAIT_PAYMENT);

/** A train on a day: the stock key without its class. */
const trainOf = (stockKey: string) => stockKey.slice(0, stockKey.lastIndexOf(':'));

/**
 * Refuses an order that would take an account, a train or a contact address past its caps, in the
 * transaction that writes the order. A lock per account and per contact address (taken in one order, so
 * two requests never wait on each other in a cycle) makes orders sent at once count one after another.
 */
export async function checkOrderCaps(
  trx: Trx,
  caps: OrderCaps,
  order: { userId: string; contactEmail: string; seats: WantedSeats },
): Promise<void> {
  const contact = order.contactEmail.trim().toLowerCase();
  for (const key of [`contact:${contact}`, `user:${order.userId}`].sort()) {
    await sql`select pg_advisory_xact_lock(${LOCK_CLASS}::int, hashtext(${key}))`.execute(trx);
  }
  const unpaid = await trx
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('userId', '=', order.userId)
    .where('status', '=', UNPAID)
    .executeTakeFirstOrThrow();
  if (Number(unpaid.n) >= caps.unpaidOrders) {
    throw new AppError('ORDER_UNPAID_LIMIT', { params: { max: caps.unpaidOrders } });
  }
  if (order.seats.length > 0) await checkSeats(trx, caps, order.userId, order.seats);
  const naming = await trx
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where(sql<string>`lower(contact_email)`, '=', contact)
    .where('status', '=', UNPAID)
    .executeTakeFirstOrThrow();
  if (Number(naming.n) >= caps.contactUnpaid) throw new AppError('ORDER_CONTACT_LIMIT');
}

async function checkSeats(trx: Trx, caps: OrderCaps, userId: string, wanted: WantedSeats): Promise<void> {
  const held = await trx
    .selectFrom('seatHolds as h')
    .innerJoin('orders as o', 'o.id', 'h.orderId')
    .select(['h.stockKey', 'h.seats'])
    .where('o.userId', '=', userId)
    .where('o.status', '=', UNPAID)
    .where('h.releasedAt', 'is', null)
    .execute();
  const perTrain = new Map<string, number>();
  for (const h of [...held.map((x) => ({ key: x.stockKey, seats: x.seats })), ...wanted]) {
    perTrain.set(trainOf(h.key), (perTrain.get(trainOf(h.key)) ?? 0) + h.seats);
  }
  for (const w of wanted) {
    if ((perTrain.get(trainOf(w.key)) ?? 0) > caps.trainSeats) {
      throw new AppError('ORDER_TRAIN_SEATS_LIMIT', { params: { max: caps.trainSeats } });
    }
  }
  const total = [...perTrain.values()].reduce((s, n) => s + n, 0);
  if (total > caps.heldSeats) throw new AppError('ORDER_SEATS_LIMIT', { params: { max: caps.heldSeats } });
}
