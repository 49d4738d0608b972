import { z } from 'zod';

/** A train of a request at our agents' desk: its number, departure (local, with its offset) and seat class. */
const deskTrainSchema = z.object({ number: z.string(), departureTime: z.string(), seatClass: z.string() });

/** A ticket a change gives back, as the desk's agent exchanges it at the railway. */
const deskOldTicketSchema = deskTrainSchema.extend({
  ticketNumber: z.string(),
  travellerPosition: z.number().int(),
  coach: z.string().nullable(),
  seat: z.string().nullable(),
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
  /** A change's old tickets; empty for an issue. */
  replaces: z.array(deskOldTicketSchema),
});
export type RailDeskRequest = z.infer<typeof railDeskRequestSchema>;

export const railDeskQueueSchema = z.object({ items: z.array(railDeskRequestSchema) });
export type RailDeskQueue = z.infer<typeof railDeskQueueSchema>;

export const railDeskActionSchema = z.object({ key: z.string().min(1).max(200) });
