import type { Db } from '../../db/database';
import { type RailIssuedTicket, type RailIssueRequest, RailTicketsNotYet, railTickets } from './ticketing';

export type AgentDeskOptions = {
  /** An agent takes between these many milliseconds for a request (queue and purchase at the railway). */
  minMs: number;
  maxMs: number;
  random?: () => number;
};

/**
 * Our offline ticketing desk: a request joins the queue and an agent buys the tickets at the railway
 * after a realistic time; until then the desk answers "not yet" and ticketing asks again later. The
 * same request key is queued once and answers the same tickets once issued.
 */
export class RailAgentDesk {
  constructor(
    private readonly db: Db,
    private readonly options: AgentDeskOptions,
    private readonly now: () => Date,
  ) {}

  async issue(request: RailIssueRequest): Promise<RailIssuedTicket[]> {
    const at = this.now();
    const spanMs = Math.max(0, this.options.maxMs - this.options.minMs);
    const dueAt = new Date(
      at.getTime() + this.options.minMs + Math.round(spanMs * (this.options.random ?? Math.random)()),
    );
    await this.db
      .insertInto('railDeskRequests')
      .values({ requestKey: request.key, status: 'queued', queuedAt: at, dueAt, response: null, issuedAt: null })
      .onConflict((oc) => oc.column('requestKey').doNothing())
      .execute();
    const row = await this.db
      .selectFrom('railDeskRequests')
      .selectAll()
      .where('requestKey', '=', request.key)
      .executeTakeFirstOrThrow();
    if (row.status === 'issued') return row.response as RailIssuedTicket[];
    if (row.dueAt.getTime() > at.getTime()) {
      throw new RailTicketsNotYet(`queued at the agent desk until ${row.dueAt.toISOString()}`);
    }
    const tickets = railTickets(request);
    // Compare-and-set: of two runs at once, one issues and the other reads what it issued.
    await this.db
      .updateTable('railDeskRequests')
      .set({ status: 'issued', response: JSON.stringify(tickets), issuedAt: at })
      .where('requestKey', '=', request.key)
      .where('status', '=', 'queued')
      .execute();
    const issued = await this.db
      .selectFrom('railDeskRequests')
      .select('response')
      .where('requestKey', '=', request.key)
      .executeTakeFirstOrThrow();
    return issued.response as RailIssuedTicket[];
  }

  /** When a queued request is due, for ticketing to ask again then. */
  async dueAt(key: string): Promise<Date | undefined> {
    const row = await this.db
      .selectFrom('railDeskRequests')
      .select('dueAt')
      .where('requestKey', '=', key)
      .executeTakeFirst();
    return row?.dueAt;
  }
}
