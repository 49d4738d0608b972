import type { Db } from '../db/database';
import { bySeller } from '../features/fulfilment/ticketing/by-seller';
import { type AnnounceDelay, type DelayOptions, drawDelays } from '../features/fulfilment/ticketing/delay-sim';
import {
  type IssueRequest,
  type TicketIssuer,
  type TicketIssuers,
  TicketingRefused,
  TicketingUnavailable,
} from '../features/fulfilment/ticketing/issuer';
import { SimulatedAirline, type SimulationOptions } from '../features/fulfilment/ticketing/simulated-issuers';
import type { OrdersRepository } from '../features/orders/orders.repository';
import type { RailAgentDesk } from '../features/rail/agent-desk';
import type { RailService } from '../features/rail/rail.service';
import { RailChangeRefused, RailTicketsNotYet } from '../features/rail/ticketing';

/**
 * A rail sub-order is issued the way its order chose: online in the traveller's 12306 account, or by our
 * agent desk. A change's new ticket goes to the railway the way the old ticket was issued, as one exchange
 * of the old tickets for the new (改签); a change the railway or the desk refuses is refused for good.
 * Tickets the railway has not issued yet are "try again later" for ticketing's retries. When the railway
 * is the simulated one (`simulated`), its trains run late now and then as it draws them.
 */
export function railIssuer(
  orders: Pick<OrdersRepository, 'railTicketingOf'>,
  rail: Pick<RailService, 'issueOnline' | 'changeOnline'>,
  desk: Pick<RailAgentDesk, 'issue' | 'change'>,
  simulated?: { delays: DelayOptions; announce: AnnounceDelay },
): TicketIssuer {
  const atRailway = async (request: IssueRequest) => {
    const replaces = request.replaces;
    const found = await orders.railTicketingOf(replaces?.subOrderId ?? request.subOrderId);
    const online = found?.ticketing === 'online';
    if (!replaces) return online ? rail.issueOnline(found.userId, request) : desk.issue(request);
    const change = { ...request, replaces: replaces.tickets, ...(replaces.trips ? { trips: replaces.trips } : {}) };
    return online ? rail.changeOnline(found.userId, change) : desk.change(change);
  };
  return {
    kind: 'rail',
    issue: async (request) => {
      try {
        const tickets = await atRailway(request);
        if (simulated) await drawDelays(request.legs, simulated.delays, simulated.announce);
        return { tickets, scheduleChanges: [] };
      } catch (e) {
        if (e instanceof RailTicketsNotYet) throw new TicketingUnavailable(e.message);
        if (e instanceof RailChangeRefused) throw new TicketingRefused(e.reason);
        throw e;
      }
    },
  };
}

/**
 * The ticketing systems: a flight ticket is bought from its seller (Duffel's from Duffel, the simulated
 * sellers' from the simulated airlines), a train ticket through China Railway.
 */
export function ticketIssuers(
  db: Db,
  airline: SimulationOptions,
  sellers: Record<string, TicketIssuer>,
  rail: TicketIssuer,
): TicketIssuers {
  return { air: bySeller(sellers, new SimulatedAirline(db, airline)), rail };
}
