import { assertStep, CHANGE_TRANSITIONS, type ChangeStatus, INITIAL_CHANGE_STATUSES } from '@junction/domain';
import type { Insertable, Selectable, Transaction } from 'kysely';
import type { Database, TicketChangesTable } from '../../db/database';

type Trx = Transaction<Database>;
type ChangeRow = Selectable<TicketChangesTable>;

/** A step of a change's status; `where` narrows the row further (its new sub-order). */
export type ChangeStep = {
  from: ChangeStatus;
  to: ChangeStatus;
  at: Date;
  data?: Record<string, unknown>;
} & ({ changeId: string } | { newSubOrderId: string });

/**
 * The one home of a ticket change's status (改签): every step is one the domain's `CHANGE_TRANSITIONS`
 * allows, written as a compare-and-set (`where status = from`) in the caller's transaction beside its
 * event row. A step that did not apply (the row had moved on) changes nothing and answers undefined.
 */
export const changeLifecycle = {
  /** Writes a new change in its first status, with the event row that made it. */
  async create(trx: Trx, row: Insertable<TicketChangesTable>): Promise<ChangeRow> {
    const status = row.status as ChangeStatus;
    if (!INITIAL_CHANGE_STATUSES.includes(status)) throw new Error(`a change cannot start ${status}`);
    const change = await trx.insertInto('ticketChanges').values(row).returningAll().executeTakeFirstOrThrow();
    await trx
      .insertInto('ticketChangeEvents')
      .values({ changeId: change.id, fromStatus: null, toStatus: status, data: '{}', at: change.createdAt })
      .execute();
    return change;
  },

  /** Moves a change one step; answers the row as it is after, or undefined when it was not in `from`. */
  async move(trx: Trx, p: ChangeStep): Promise<ChangeRow | undefined> {
    assertStep(CHANGE_TRANSITIONS, p.from, p.to);
    const ends = p.to === 'done' || p.to === 'lapsed' || p.to === 'failed';
    const moved = await trx
      .updateTable('ticketChanges')
      .set({ status: p.to, ...(ends ? { doneAt: p.at } : {}) })
      .where('status', '=', p.from)
      .where((eb) => ('changeId' in p ? eb('id', '=', p.changeId) : eb('newSubOrderId', '=', p.newSubOrderId)))
      .returningAll()
      .executeTakeFirst();
    if (!moved) return undefined;
    await trx
      .insertInto('ticketChangeEvents')
      .values({
        changeId: moved.id,
        fromStatus: p.from,
        toStatus: p.to,
        data: JSON.stringify(p.data ?? {}),
        at: p.at,
      })
      .execute();
    return moved;
  },
};
