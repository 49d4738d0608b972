import { ORDER_STATUS as O, orderStatusCodec, SUB_ORDER_STATUS as S, subOrderStatusCodec } from '@junction/domain';
import { type Insertable, type Selectable, sql, type Transaction } from 'kysely';
import type {
  Database,
  Db,
  OrdersTable,
  OrderTravellersTable,
  RailWaitlistTable,
  SubOrdersTable,
} from '../../db/database';
import { giveBackStudentJourneys } from '../../lib/student-journeys';
import { holdSeats, type SeatHold } from './seat-holds';

export type OrderRow = Selectable<OrdersTable>;
export type TravellerRow = Selectable<OrderTravellersTable>;
export type SubOrderRow = Selectable<SubOrdersTable>;
export type Trx = Transaction<Database>;
type Executor = Db | Trx;

export type NewOrder = Omit<Insertable<OrdersTable>, 'id' | 'currency'>;
export type NewTraveller = Omit<TravellerRow, 'id' | 'orderId'>;
export type NewSubOrder = Pick<SubOrderRow, 'position' | 'type' | 'flightNumber' | 'priceMinor'> & {
  legs: number[];
  ticketing?: string | null;
  serviceFeeMinor?: number | null;
  /** Each traveller's part of the price and service fee, by position (what a refund of their ticket starts from). */
  travellerPrices: { priceMinor: number; serviceFeeMinor: number }[];
  supplier?: string | null;
};

export type WaitlistRow = Selectable<RailWaitlistTable>;
export type FullOrder = {
  order: OrderRow;
  travellers: TravellerRow[];
  subOrders: SubOrderRow[];
  waitlist: WaitlistRow | undefined;
  /** Its ticket changes' money: what each asked to pay and to give back, and how far it got. */
  changes: { status: string; dueMinor: number; refundMinor: number }[];
};

/** Trip filters of spec §4 as conditions on status and departure. */
const AWAITING = [O.WAIT_PAYMENT, O.PRICE_DIFFERENCE_DUE].map(orderStatusCodec.encode);
const UPCOMING = [O.PAID, O.TICKETING, O.TICKETED, O.WAITLISTED].map(orderStatusCodec.encode);
/** Rail tickets paid for and not issued yet. */
const ISSUING_TICKETS = [S.ISSUING, S.PAID].map(subOrderStatusCodec.encode);

/**
 * The only code that touches the order tables. Every statement a request makes names the user, so
 * another user's order is never read or changed; only the expiry job works by order id alone.
 */
export class OrdersRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(work: (trx: Trx) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  async findByKey(userId: string, key: string, db: Executor = this.db): Promise<OrderRow | undefined> {
    return db
      .selectFrom('orders')
      .selectAll()
      .where('userId', '=', userId)
      .where('idempotencyKey', '=', key)
      .executeTakeFirst();
  }

  async insertOrder(
    trx: Trx,
    order: NewOrder,
    travellers: NewTraveller[],
    subOrders: NewSubOrder[],
  ): Promise<OrderRow> {
    const row = await trx.insertInto('orders').values(order).returningAll().executeTakeFirstOrThrow();
    await trx
      .insertInto('orderTravellers')
      .values(travellers.map((t) => ({ ...t, orderId: row.id })))
      .execute();
    await trx
      .insertInto('subOrders')
      .values(
        subOrders.map((s) => ({
          ...s,
          legs: JSON.stringify(s.legs),
          travellerPrices: JSON.stringify(s.travellerPrices),
          status: null,
          orderId: row.id,
        })),
      )
      .execute();
    return row;
  }

  /** An order's owner, contact and travellers with their sealed documents: for a seller booking in their names. */
  async sealedPeople(orderId: string) {
    const order = await this.db
      .selectFrom('orders')
      .select(['userId', 'contactEmail', 'contactPhoneSealed'])
      .where('id', '=', orderId)
      .executeTakeFirst();
    const travellers = await this.db
      .selectFrom('orderTravellers')
      .select(['position', 'passengerId', 'birthDate', 'documentType', 'documentSealed'])
      .where('orderId', '=', orderId)
      .orderBy('position')
      .execute();
    return order ? { ...order, travellers } : undefined;
  }

  /** Holds seats for an order within the stock's capacity (`seat-holds.ts`). */
  holdSeats(trx: Trx, orderId: string, hold: SeatHold): Promise<boolean> {
    return holdSeats(trx, orderId, hold);
  }

  /**
   * Gives an order's held seats back, once: a hold released before is not released again; so are its
   * student tickets' school-year journeys.
   */
  async releaseSeats(trx: Trx, orderId: string, at: Date): Promise<number> {
    await giveBackStudentJourneys(trx, { orderId }, at);
    const released = await trx
      .updateTable('seatHolds')
      .set({ releasedAt: at })
      .where('orderId', '=', orderId)
      .where('releasedAt', 'is', null)
      .returning(['stockKey', 'seats'])
      .execute();
    for (const r of released) {
      await trx
        .updateTable('seatStock')
        .set((eb) => ({ held: eb('held', '-', r.seats) }))
        .where('key', '=', r.stockKey)
        .execute();
    }
    return released.reduce((s, r) => s + r.seats, 0);
  }

  /** Seats held per stock key (those not listed have none held). */
  async held(keys: string[]): Promise<Map<string, { capacity: number; held: number }>> {
    if (keys.length === 0) return new Map();
    const rows = await this.db.selectFrom('seatStock').selectAll().where('key', 'in', keys).execute();
    return new Map(rows.map((r) => [r.key, { capacity: r.capacity, held: r.held }]));
  }

  async findForUser(userId: string, orderId: string, db: Executor = this.db): Promise<FullOrder | undefined> {
    const order = await db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', orderId)
      .where('userId', '=', userId)
      .executeTakeFirst();
    return order && this.complete(order, db);
  }

  private async complete(order: OrderRow, db: Executor): Promise<FullOrder> {
    const [travellers, subOrders, waitlist, changes] = await Promise.all([
      db.selectFrom('orderTravellers').selectAll().where('orderId', '=', order.id).orderBy('position').execute(),
      db.selectFrom('subOrders').selectAll().where('orderId', '=', order.id).orderBy('position').execute(),
      db.selectFrom('railWaitlist').selectAll().where('orderId', '=', order.id).executeTakeFirst(),
      db
        .selectFrom('ticketChanges')
        .select(['status', 'dueMinor', 'refundMinor'])
        .where('orderId', '=', order.id)
        .execute(),
    ]);
    return { order, travellers, subOrders, waitlist, changes };
  }

  /** An order joins a waiting list (候补), in the transaction that makes it. */
  async insertWaitlist(trx: Trx, row: Insertable<RailWaitlistTable>): Promise<void> {
    await trx.insertInto('railWaitlist').values(row).execute();
  }

  /** The waiting-list entries of some orders, by order id. */
  async waitlistsOf(orderIds: string[]): Promise<Map<string, WaitlistRow>> {
    if (orderIds.length === 0) return new Map();
    const rows = await this.db.selectFrom('railWaitlist').selectAll().where('orderId', 'in', orderIds).execute();
    return new Map(rows.map((r) => [r.orderId, r]));
  }

  async list(
    userId: string,
    filter: 'all' | '1' | '2' | '3',
    now: Date,
    page: number,
    pageSize: number,
  ): Promise<{ rows: (OrderRow & { travellerNames: string[] })[]; total: number }> {
    let query = this.db.selectFrom('orders').where('userId', '=', userId);
    if (filter === '1') query = query.where('status', 'in', AWAITING).where('departureAt', '>', now);
    if (filter === '2') query = query.where('status', 'in', UPCOMING).where('departureAt', '>', now);
    if (filter === '3')
      query = query.where((eb) =>
        eb.or([eb('status', 'not in', [...AWAITING, ...UPCOMING]), eb('departureAt', '<=', now)]),
      );
    const [rows, count] = await Promise.all([
      query
        .selectAll('orders')
        .select((eb) =>
          eb
            .selectFrom('orderTravellers')
            .select(sql<string[]>`coalesce(array_agg(name order by position), '{}')`.as('names'))
            .whereRef('orderTravellers.orderId', '=', 'orders.id')
            .as('travellerNames'),
        )
        .orderBy('createdAt', 'desc')
        .orderBy('id')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute(),
      query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return {
      rows: rows.map((r) => ({ ...r, travellerNames: (r.travellerNames as string[] | null) ?? [] })),
      total: Number(count.n),
    };
  }

  /** Who a rail sub-order is for and how its tickets are issued (online through 12306, or offline). */
  async railTicketingOf(subOrderId: string): Promise<{ userId: string; ticketing: string | null } | undefined> {
    return this.db
      .selectFrom('subOrders')
      .innerJoin('orders', 'orders.id', 'subOrders.orderId')
      .select(['orders.userId as userId', 'subOrders.ticketing as ticketing'])
      .where('subOrders.id', '=', subOrderId)
      .executeTakeFirst();
  }

  /** Rail tickets of the user's paid orders not issued yet: they are being issued through the rail account. */
  async railTicketsInProgress(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('subOrders')
      .innerJoin('orders', 'orders.id', 'subOrders.orderId')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('orders.userId', '=', userId)
      .where('subOrders.type', '=', 'railway')
      .where('subOrders.status', 'in', ISSUING_TICKETS)
      .where('subOrders.ticketing', '=', 'online')
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The sum of an order's sub-order price differences. */
  async differenceOf(orderId: string): Promise<number> {
    const row = await this.db
      .selectFrom('subOrders')
      .select(sql<string>`coalesce(sum(price_difference_minor), 0)`.as('sum'))
      .where('orderId', '=', orderId)
      .executeTakeFirstOrThrow();
    return Number(row.sum);
  }

  async findById(orderId: string, db: Executor = this.db): Promise<OrderRow | undefined> {
    return db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
  }
}

export type { SeatHold } from './seat-holds';
