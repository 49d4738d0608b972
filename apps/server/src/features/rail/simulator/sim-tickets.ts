import type { Transaction } from 'kysely';
import type { Database, Db } from '../../../db/database';
import {
  RailChangeRefused,
  type RailChangeRequest,
  type RailIssuedTicket,
  type RailIssueRequest,
  railTickets,
} from '../ticketing';

type Trx = Transaction<Database>;

/**
 * The simulated rail service's ticket office: the tickets it sells in an account, one answer per request
 * key, each ticket kept with its train, departure, class, coach and seat; and a change (改签) made as
 * 12306 makes it, in one operation: the old tickets, which must be sold in the account, stand and be
 * before departure, are exchanged for new ones (new ticket number, coach and seat), and their seats go
 * back on sale. A change asked again with its key answers the same new tickets; its old tickets are
 * exchanged once.
 */
export class SimTicketOffice {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  async issue(accountId: string, request: RailIssueRequest): Promise<RailIssuedTicket[]> {
    return this.db.transaction().execute(async (trx) => {
      const done = await this.answered(trx, request.key);
      if (done) return done;
      return this.sell(trx, accountId, request);
    });
  }

  async change(accountId: string, request: RailChangeRequest): Promise<RailIssuedTicket[]> {
    return this.db.transaction().execute(async (trx) => {
      const numbers = request.replaces.map((t) => t.ticketNumber);
      // The old tickets locked first: of two runs of one change, the second reads what the first sold.
      const old =
        numbers.length === 0
          ? []
          : await trx
              .selectFrom('railSimTickets')
              .selectAll()
              .where('ticketNumber', 'in', numbers)
              .forUpdate()
              .execute();
      const done = await this.answered(trx, request.key);
      if (done) return done;
      const at = this.now();
      for (const number of numbers) {
        const row = old.find((r) => r.ticketNumber === number);
        if (!row || row.accountId !== accountId) throw new RailChangeRefused('ticket-unknown');
        if (row.status !== 'sold') throw new RailChangeRefused('ticket-used');
        if (row.departureAt.getTime() <= at.getTime()) throw new RailChangeRefused('departed');
      }
      if (numbers.length === 0) throw new RailChangeRefused('ticket-unknown');
      await trx
        .updateTable('railSimTickets')
        .set({ status: 'changed', changedBy: request.key, changedAt: at })
        .where('ticketNumber', 'in', numbers)
        .where('status', '=', 'sold')
        .execute();
      await this.freeSeats(trx, old, at);
      return this.sell(trx, accountId, request);
    });
  }

  /** What the service answered a request key before, if it did. */
  private async answered(trx: Trx, key: string): Promise<RailIssuedTicket[] | undefined> {
    const row = await trx
      .selectFrom('railSimOrders')
      .select('response')
      .where('requestKey', '=', key)
      .executeTakeFirst();
    return row?.response as RailIssuedTicket[] | undefined;
  }

  /** New tickets sold in the account under the request's key, each kept with its train and seat. */
  private async sell(trx: Trx, accountId: string, request: RailIssueRequest): Promise<RailIssuedTicket[]> {
    const at = this.now();
    const inserted = await trx
      .insertInto('railSimOrders')
      .values({ requestKey: request.key, accountId, response: JSON.stringify(railTickets(request)), createdAt: at })
      .onConflict((oc) => oc.column('requestKey').doNothing())
      .returning('response')
      .executeTakeFirst();
    // Sold by a run at the same moment: its tickets are the answer.
    if (!inserted) return (await this.answered(trx, request.key)) ?? [];
    const tickets = inserted.response as RailIssuedTicket[];
    const rows = tickets.flatMap((t) => {
      const leg = request.legs.find((l) => l.index === t.legIndex);
      if (!leg) return [];
      return [
        {
          ticketNumber: t.ticketNumber,
          accountId,
          requestKey: request.key,
          train: leg.number,
          departureAt: new Date(Date.parse(leg.departureTime)),
          // The day of the train where it leaves, as its seats are counted.
          travelDate: leg.departureTime.slice(0, 10),
          seatClass: leg.cabin,
          coach: t.coach,
          seat: t.seat,
          status: 'sold' as const,
          changedBy: null,
          soldAt: at,
          changedAt: null,
        },
      ];
    });
    if (rows.length > 0) await trx.insertInto('railSimTickets').values(rows).execute();
    return tickets;
  }

  /** The exchanged tickets' seats are on sale again, counted as seats come back on their trains and days. */
  private async freeSeats(
    trx: Trx,
    old: { train: string; travelDate: string; seatClass: string; seat: string | null }[],
    at: Date,
  ): Promise<void> {
    const freed = new Map<string, number>();
    for (const t of old) {
      if (t.seat === null) continue;
      const key = `${t.train}:${t.travelDate}:${t.seatClass}`;
      freed.set(key, (freed.get(key) ?? 0) + 1);
    }
    for (const [key, seats] of freed)
      await trx
        .insertInto('railSimSeatReturns')
        .values({ key, returned: seats, updatedAt: at })
        .onConflict((oc) =>
          oc
            .column('key')
            .doUpdateSet((eb) => ({ returned: eb('railSimSeatReturns.returned', '+', seats), updatedAt: at })),
        )
        .execute();
  }
}
