import { z } from 'zod';
import { changeTripSchema } from '../fulfilment/change.schema';
import { RAIL_CHANGE_REFUSAL_NAMES, type RailChangeRefusal } from './rail-change';

/** A train of a request at our agents' desk: its leg of the order, number, departure (local, with its offset) and seat class. */
const deskTrainSchema = z.object({
  legIndex: z.number().int().optional(),
  number: z.string(),
  departureTime: z.string(),
  seatClass: z.string(),
});

/** A ticket a change gives back, as the desk's agent exchanges it at the railway. */
const deskOldTicketSchema = deskTrainSchema.extend({
  ticketNumber: z.string(),
  travellerPosition: z.number().int(),
  coach: z.string().nullable(),
  seat: z.string().nullable(),
});

/** A change's two rides by name and time, and the fare difference of the new one (negative when it is cheaper). */
const deskChangeSchema = z.object({
  from: changeTripSchema,
  to: changeTripSchema,
  fareDifference: z.object({ amount: z.number().int(), currency: z.literal('CNY') }),
});

/**
 * A request waiting at our offline ticketing desk, as its agents' console shows it: tickets to issue on the
 * trains, or a change (改签) of the old tickets, on their trains, for tickets on the new trains.
 */
export const railDeskRequestSchema = z.object({
  key: z.string(),
  kind: z.enum(['issue', 'change']),
  queuedAt: z.string(),
  /** When the desk's own agent gets to it, unless an agent takes it up first. */
  dueAt: z.string(),
  trains: z.array(deskTrainSchema),
  travellers: z.number().int(),
  /** The travellers the tickets are for, by their place in the order, as booked. */
  passengers: z.array(z.object({ position: z.number().int(), name: z.string() })).optional(),
  /** The order, by its number (null for a request queued before orders named it). */
  orderNumber: z.string().nullable().optional(),
  /** A change's old tickets; empty for an issue. */
  replaces: z.array(deskOldTicketSchema),
  /** A change's rides and fare difference; null for an issue (and a change queued before the desk kept them). */
  change: deskChangeSchema.nullable().optional(),
});
export type RailDeskRequest = z.infer<typeof railDeskRequestSchema>;

export const railDeskQueueSchema = z.object({ items: z.array(railDeskRequestSchema) });
export type RailDeskQueue = z.infer<typeof railDeskQueueSchema>;

const deskKey = z.string().min(1).max(200);

/** A ticket as the railway issued it to the desk's agent: for which traveller on which train, its number, coach and seat. */
export const railDeskTicketSchema = z.object({
  legIndex: z.number().int().min(0).max(20),
  travellerPosition: z.number().int().min(0).max(50),
  ticketNumber: z.string().max(40),
  coach: z.string().max(10),
  seat: z.string().max(10),
});
export type RailDeskTicket = z.infer<typeof railDeskTicketSchema>;

/** The agent completes a waiting request, with the tickets the railway issued (without them, as the railway writes them). */
export const railDeskCompleteSchema = z.object({
  key: deskKey,
  tickets: z.array(railDeskTicketSchema).max(100).optional(),
});
export type RailDeskComplete = z.infer<typeof railDeskCompleteSchema>;

/** The agent refuses a waiting change, saying why; the traveller is told that reason. */
export const railDeskRefuseSchema = z.object({
  key: deskKey,
  reason: z.enum(RAIL_CHANGE_REFUSAL_NAMES as [RailChangeRefusal, ...RailChangeRefusal[]]).optional(),
});
export type RailDeskRefuse = z.infer<typeof railDeskRefuseSchema>;
