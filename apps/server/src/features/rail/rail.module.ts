import type { FastifyPluginAsync } from 'fastify';
import type { Basics } from '../../feature-module';
import { RailAgentDesk } from './agent-desk';
import type { DeskAgents, DeskAnswered, RailTicketsInProgress, SavedTravellers } from './ports';
import type { RailAccountProvider } from './provider';
import { RailRepository } from './rail.repository';
import { railRoutes } from './rail.routes';
import { RailService } from './rail.service';
import { railDeskRoutes } from './rail-desk.routes';
import { RailServiceSimulator, type SimSms } from './simulator/rail-service-sim';
import { railSimRoutes, seatReturnRoutes } from './simulator/rail-sim.routes';
import { SimulatedSeatReturns } from './simulator/seat-returns';

export type RailPorts = {
  /** The national rail account service (12306); the simulator, texting through `simulatorSms`, by default. */
  railAccounts?: RailAccountProvider;
  simulatorSms: SimSms;
  travellers: SavedTravellers;
  ticketsInProgress: RailTicketsInProgress;
  /** Who works the agents' desk. */
  agents: DeskAgents;
  /** Ticketing, to collect what an agent answered at once. */
  answered?: DeskAnswered;
  random?: () => number;
};

/**
 * China Railway: the link to a traveller's 12306 account and online ticketing in it, the offline agent
 * desk, and the simulated railway's seats coming back now and then (for the waiting list, 候补).
 */
export function railModule(basics: Basics, ports: RailPorts) {
  const { db, config, secrets, refdata, now } = basics;
  const simulator = ports.railAccounts
    ? undefined
    : new RailServiceSimulator(
        db,
        secrets.keyring,
        ports.simulatorSms,
        {
          latencyMs: config.RAIL_SIM_LATENCY_MS,
          codeFailureRate: config.RAIL_SIM_CODE_FAILURE_RATE,
          sessionMinutes: config.RAIL_SIM_SESSION_MINUTES,
          random: ports.random,
        },
        now,
      );
  const service = new RailService(
    new RailRepository(db),
    ports.railAccounts ?? (simulator as RailServiceSimulator),
    secrets.keyring,
    ports.travellers,
    ports.ticketsInProgress,
    {
      callTimeoutMs: config.RAIL_CALL_TIMEOUT_MS,
      fees: {
        onlinePerTicketMinor: refdata.trainServiceFees.online.perTicketMinor,
        offlinePerTicketMinor: refdata.trainServiceFees.offline.perTicketMinor,
        offlineByTrainType: refdata.trainServiceFees.offline.byTrainType,
      },
    },
    now,
  );
  // The agent desk's agent takes from the ticketing delay up to thirty times it.
  const desk = new RailAgentDesk(
    db,
    {
      minMs: config.TICKETING_DELAY_MS,
      maxMs: Math.min(30 * config.TICKETING_DELAY_MS, 150_000),
      random: ports.random,
      answered: ports.answered,
    },
    now,
  );
  const seatReturns = new SimulatedSeatReturns(
    db,
    { rate: config.RAIL_SIM_SEAT_RETURN_RATE, maxSeats: config.RAIL_SIM_SEAT_RETURN_MAX, random: ports.random },
    now,
  );
  /** The simulated railway's own routes: its 12306 pages always; seats back and the desk held at will outside production. */
  const simulatorRoutes: FastifyPluginAsync = async (scope) => {
    if (simulator) await scope.register(railSimRoutes(simulator));
    if (config.NODE_ENV !== 'production') await scope.register(seatReturnRoutes(seatReturns, desk));
  };
  return {
    service,
    desk,
    seatReturns,
    /** The railway is the simulator: its trains run late as it draws them. */
    simulated: simulator !== undefined,
    routes: railRoutes(service),
    deskRoutes: railDeskRoutes(desk, ports.agents),
    simulatorRoutes,
    jobs: () => undefined,
  };
}
