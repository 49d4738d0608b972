import { z } from 'zod';
import type { Bus, Channel } from '../../lib/bus';

/**
 * What one server process tells all of them (itself included) about a conversation. Events carry ids
 * only: each process reads the stored message once and hands it to its own connections.
 * `u` is the traveller, `a` the agent holding the conversation (null while it waits).
 */
export const busEventSchema = z.discriminatedUnion('t', [
  z.object({ t: z.literal('message'), c: z.uuid(), s: z.number().int(), u: z.uuid(), a: z.uuid().nullable() }),
  z.object({ t: z.literal('marks'), c: z.uuid(), u: z.uuid(), a: z.uuid().nullable() }),
  z.object({
    t: z.literal('typing'),
    c: z.uuid(),
    u: z.uuid(),
    a: z.uuid().nullable(),
    by: z.enum(['traveller', 'agent']),
  }),
  z.object({ t: z.literal('conversation'), c: z.uuid(), u: z.uuid(), a: z.uuid().nullable() }),
]);
export type BusEvent = z.infer<typeof busEventSchema>;

/** The chat's events between processes. */
export type ChatBus = Bus<BusEvent>;

/** The chat's channel: its events as JSON, read back against their schema. */
export const chatChannel: Channel<BusEvent> = {
  name: 'junction_chat',
  write: (event) => JSON.stringify(event),
  read: (payload) => {
    try {
      const parsed = busEventSchema.safeParse(JSON.parse(payload));
      return parsed.success ? parsed.data : undefined;
    } catch {
      return undefined;
    }
  },
};
