import type { RailChangeRefusal, RailDeskTicket } from '@junction/domain';
import type { Db } from '../../db/database';
import { typedTickets } from './desk-tickets';
import type { DeskAnswered } from './ports';
import {
  RailChangeRefused,
  type RailChangeRequest,
  type RailIssuedTicket,
  type RailIssueRequest,
  RailTicketsNotYet,
  railTickets,
} from './ticketing';

/** How long a held order's request waits for an agent at the console before the desk's own agent takes it. */
const HELD_MS = 6 * 3_600_000;

export type AgentDeskOptions = {
  /** An agent takes between these many milliseconds for a request (queue and purchase at the railway). */
  minMs: number;
  maxMs: number;
  random?: () => number;
  /** Told of each request an agent completes or refuses, for ticketing to collect the answer now. */
  answered?: DeskAnswered;
};

/** A request waiting at the desk, as its agent sees it: a change shows the old trains and tickets beside the new. */
export type DeskRequest = {
  key: string;
  kind: 'issue' | 'change';
  queuedAt: Date;
  dueAt: Date;
  request: RailIssueRequest | RailChangeRequest;
};

/**
 * Our offline ticketing desk: a request to issue tickets, or to change tickets it issued (改签), joins the
 * queue and an agent makes it at the railway after a realistic time; until then the desk answers "not
 * yet" and ticketing asks again later. An agent may take a request up sooner from the queue, and may
 * refuse a change (the old ticket stands); the desk's own agent gets to the rest when they are due, and
 * refuses a change whose old train has left by then. The same request key is queued once and answers the
 * same tickets, or the same refusal, every time.
 */
export class RailAgentDesk {
  constructor(
    private readonly db: Db,
    private readonly options: AgentDeskOptions,
    private readonly now: () => Date,
  ) {}

  issue(request: RailIssueRequest): Promise<RailIssuedTicket[]> {
    return this.atDesk('issue', request);
  }

  change(request: RailChangeRequest): Promise<RailIssuedTicket[]> {
    return this.atDesk('change', request);
  }

  private async atDesk(kind: DeskRequest['kind'], request: RailIssueRequest): Promise<RailIssuedTicket[]> {
    const at = this.now();
    const spanMs = Math.max(0, this.options.maxMs - this.options.minMs);
    const held = await this.isHeld(request.key);
    const dueAt = new Date(
      at.getTime() +
        (held ? HELD_MS : this.options.minMs + Math.round(spanMs * (this.options.random ?? Math.random)())),
    );
    await this.db
      .insertInto('railDeskRequests')
      .values({
        requestKey: request.key,
        kind,
        subject: JSON.stringify(request),
        status: 'queued',
        queuedAt: at,
        dueAt,
        response: null,
        issuedAt: null,
      })
      .onConflict((oc) => oc.column('requestKey').doNothing())
      .execute();
    const row = await this.row(request.key);
    if (row.status === 'queued' && row.dueAt.getTime() > at.getTime()) {
      throw new RailTicketsNotYet(`queued at the agent desk until ${row.dueAt.toISOString()}`);
    }
    if (row.status === 'queued') await this.answer(request, at);
    return this.answered(request.key);
  }

  private row(key: string) {
    return this.db.selectFrom('railDeskRequests').selectAll().where('requestKey', '=', key).executeTakeFirstOrThrow();
  }

  /** The tickets the desk issued for a request, or its refusal. */
  private async answered(key: string): Promise<RailIssuedTicket[]> {
    const row = await this.row(key);
    if (row.status === 'refused') throw new RailChangeRefused((row.refusal ?? 'agent-refused') as RailChangeRefusal);
    if (row.status !== 'issued') throw new RailTicketsNotYet('still at the agent desk');
    return row.response as RailIssuedTicket[];
  }

  /**
   * The agent makes a queued request at the railway: the tickets are issued, or the change is made unless
   * an old train has left. Compare-and-set: of two agents at once, one answers and the other reads it.
   */
  private async answer(
    request: RailIssueRequest | RailChangeRequest,
    at: Date,
    tickets: RailIssuedTicket[] = railTickets(request),
  ): Promise<void> {
    const gone = 'replaces' in request && request.replaces.some((t) => Date.parse(t.departureTime) <= at.getTime());
    await this.db
      .updateTable('railDeskRequests')
      .set(
        gone
          ? { status: 'refused', refusal: 'departed', issuedAt: at }
          : { status: 'issued', response: JSON.stringify(tickets), issuedAt: at },
      )
      .where('requestKey', '=', request.key)
      .where('status', '=', 'queued')
      .execute();
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

  /** The requests waiting for an agent, the longest waiting first. */
  async queue(): Promise<DeskRequest[]> {
    const rows = await this.db
      .selectFrom('railDeskRequests')
      .select(['requestKey', 'kind', 'queuedAt', 'dueAt', 'subject'])
      .where('status', '=', 'queued')
      .where('subject', 'is not', null)
      .orderBy('queuedAt')
      .execute();
    return rows.map((r) => ({
      key: r.requestKey,
      kind: r.kind === 'change' ? 'change' : 'issue',
      queuedAt: r.queuedAt,
      dueAt: r.dueAt,
      request: r.subject as RailIssueRequest | RailChangeRequest,
    }));
  }

  /**
   * An agent makes a waiting request now, with the tickets the railway issued as the agent typed them in
   * (checked: 1000 naming the field that is wrong), or else as the railway writes them; false when it is no
   * longer waiting.
   */
  async complete(key: string, typed?: readonly RailDeskTicket[]): Promise<boolean> {
    const row = await this.db
      .selectFrom('railDeskRequests')
      .selectAll()
      .where('requestKey', '=', key)
      .executeTakeFirst();
    if (row?.status !== 'queued' || !row.subject) return false;
    const request = row.subject as RailIssueRequest;
    await this.answer(request, this.now(), typed ? typedTickets(request, typed) : undefined);
    const answered = (await this.row(key)).status !== 'queued';
    if (answered) await this.options.answered?.answered(key);
    return answered;
  }

  /**
   * An agent refuses a waiting change for a reason the traveller is told (by default that the agent could
   * not make it), the old ticket left as it stands; false when there is none waiting.
   */
  async refuse(key: string, reason: RailChangeRefusal = 'agent-refused'): Promise<boolean> {
    const refused = await this.db
      .updateTable('railDeskRequests')
      .set({ status: 'refused', refusal: reason, issuedAt: this.now() })
      .where('requestKey', '=', key)
      .where('kind', '=', 'change')
      .where('status', '=', 'queued')
      .executeTakeFirst();
    if (Number(refused.numUpdatedRows) !== 1) return false;
    await this.options.answered?.answered(key);
    return true;
  }

  /** Outside production: the desk's own agent leaves this order's requests to the agents at the console. */
  async hold(orderId: string): Promise<void> {
    await this.db
      .insertInto('railDeskHolds')
      .values({ orderId, heldAt: this.now() })
      .onConflict((oc) => oc.column('orderId').doNothing())
      .execute();
  }

  /** Whether a request (keyed `<order id>:…`) belongs to an order held for the console. */
  private async isHeld(key: string): Promise<boolean> {
    const orderId = key.split(':')[0] ?? '';
    if (!/^[0-9a-f-]{36}$/.test(orderId)) return false;
    return (
      (await this.db
        .selectFrom('railDeskHolds')
        .select('orderId')
        .where('orderId', '=', orderId)
        .executeTakeFirst()) !== undefined
    );
  }
}
