import type { Db } from '../db/database';
import { bySeller } from '../features/fulfilment/ticketing/by-seller';
import { type AnnounceDelay, type DelayOptions, drawDelays } from '../features/fulfilment/ticketing/delay-sim';
import { type TicketIssuer, type TicketIssuers, TicketingUnavailable } from '../features/fulfilment/ticketing/issuer';
import { SimulatedAirline, type SimulationOptions } from '../features/fulfilment/ticketing/simulated-issuers';
import type { OrdersRepository } from '../features/orders/orders.repository';
import type { RailAgentDesk } from '../features/rail/agent-desk';
import type { RailService } from '../features/rail/rail.service';
import { RailTicketsNotYet } from '../features/rail/ticketing';

/**
 * A rail sub-order is issued the way its order chose: online in the traveller's 12306 account, or by our
 * agent desk. Tickets the railway has not issued yet are "try again later" for ticketing's retries. When
 * the railway is the simulated one (`simulated`), its trains run late now and then as it draws them.
 */
export function railIssuer(
  orders: Pick<OrdersRepository, 'railTicketingOf'>,
  rail: Pick<RailService, 'issueOnline'>,
  desk: Pick<RailAgentDesk, 'issue'>,
  simulated?: { delays: DelayOptions; announce: AnnounceDelay },
): TicketIssuer {
  return {
    kind: 'rail',
    issue: async (request) => {
      const found = await orders.railTicketingOf(request.subOrderId);
      try {
        const tickets =
          found?.ticketing === 'online' ? await rail.issueOnline(found.userId, request) : await desk.issue(request);
        if (simulated) await drawDelays(request.legs, simulated.delays, simulated.announce);
        return { tickets, scheduleChanges: [] };
      } catch (e) {
        if (e instanceof RailTicketsNotYet) throw new TicketingUnavailable(e.message);
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
