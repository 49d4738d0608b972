import {
  assertStep,
  ORDER_STATUS,
  orderStatusCodec,
  PROTECTION_TRANSITIONS,
  type ProtectionStatus,
} from '@junction/domain';
import { type Insertable, type Kysely, type Selectable, sql } from 'kysely';
import type { Database, Db } from '../../../db/database';
import type { ProtectionCasesTable } from '../../../db/tables/protection';
import type { Trx } from '../fulfilment.repository';

export type CaseRow = Selectable<ProtectionCasesTable>;
type NewSubOrder = Insertable<Database['subOrders']>;

/** The protected connections' SQL: the cases, their compare-and-set steps, the delayed sub-orders. */
export class ProtectionRepository {
  constructor(readonly db: Db) {}

  cases(orderId: string, db: Kysely<Database> = this.db): Promise<CaseRow[]> {
    return db.selectFrom('protectionCases').selectAll().where('orderId', '=', orderId).orderBy('createdAt').execute();
  }

  caseOf(trx: Trx, missedSubOrderId: string): Promise<CaseRow | undefined> {
    return trx
      .selectFrom('protectionCases')
      .selectAll()
      .where('missedSubOrderId', '=', missedSubOrderId)
      .executeTakeFirst();
  }

  insertCase(trx: Trx, row: Insertable<ProtectionCasesTable>): Promise<CaseRow> {
    return trx.insertInto('protectionCases').values(row).returningAll().executeTakeFirstOrThrow();
  }

  /** One step of a case, checked against its table, from the status it must still be in. */
  async moveCase(
    trx: Trx,
    p: {
      id: string;
      from: ProtectionStatus;
      to: ProtectionStatus;
      at: Date;
      set?: { newSubOrderId?: string; absorbedMinor?: number };
    },
  ): Promise<boolean> {
    assertStep(PROTECTION_TRANSITIONS, p.from, p.to);
    const moved = await trx
      .updateTable('protectionCases')
      .set({ status: p.to, updatedAt: p.at, ...p.set })
      .where('id', '=', p.id)
      .where('status', '=', p.from)
      .returning('id')
      .executeTakeFirst();
    return moved !== undefined;
  }

  /** Orders ticketed with a standing sub-order of the service, whose first departure is near the day. */
  async ordersWithService(service: string, date: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('subOrders')
      .innerJoin('orders', 'orders.id', 'subOrders.orderId')
      .select('orders.id')
      .distinct()
      .where('subOrders.flightNumber', 'like', `%${service.replace(/[%_\\]/g, '')}%`)
      .where('orders.status', '=', orderStatusCodec.encode(ORDER_STATUS.TICKETED))
      .where(
        sql<boolean>`orders.departure_at between ${date}::date - interval '2 days' and ${date}::date + interval '2 days'`,
      )
      .execute();
    return rows.map((r) => r.id);
  }

  /** The times a ride kept before its first delay, from the delay's event row. */
  async timetableOf(
    trx: Trx,
    orderId: string,
    subOrderId: string,
    legIndex: number,
  ): Promise<{ previousDepartureTime: string; previousArrivalTime: string } | undefined> {
    const row = await trx
      .selectFrom('orderEvents')
      .select(sql<{ previousDepartureTime: string; previousArrivalTime: string }>`data`.as('change'))
      .where('orderId', '=', orderId)
      .where('kind', '=', 'schedule-change')
      .where(
        sql<boolean>`data->>'subOrderId' = ${subOrderId} and (data->>'legIndex')::int = ${legIndex} and data->>'changeId' like 'delay:%'`,
      )
      .orderBy('at')
      .orderBy('id')
      .executeTakeFirst();
    return row?.change;
  }

  insertSubOrder(trx: Trx, row: NewSubOrder) {
    return trx.insertInto('subOrders').values(row).returningAll().executeTakeFirstOrThrow();
  }
}
