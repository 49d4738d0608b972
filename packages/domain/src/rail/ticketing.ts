import { z } from 'zod';

/**
 * How a China Railway ticket is issued (spec §1, §6): `online` through the traveller's own linked 12306
 * account, with no service fee, or `offline` by our agents, with a service fee per ticket by train type.
 */
export const RAIL_TICKETING_WAYS = ['online', 'offline'] as const;
export type RailTicketingWay = (typeof RAIL_TICKETING_WAYS)[number];
export const railTicketingWaySchema = z.enum(RAIL_TICKETING_WAYS);

/** The service fees of rail ticketing (reference data `train-service-fees`), in CNY hundredths per ticket. */
export const railFeeTableSchema = z.object({
  onlinePerTicketMinor: z.number().int(),
  offlinePerTicketMinor: z.number().int(),
  /** By the train type: the letter its number starts with (G, C, D, Z, T, K); others pay the default. */
  offlineByTrainType: z.record(z.string(), z.number().int()),
});
export type RailFeeTable = z.infer<typeof railFeeTableSchema>;

/** The train type of a train number: its leading letter (`G` of `G1`), or '' for an all-digit number. */
export const trainTypeOf = (trainNumber: string): string => /^[A-Z]/.exec(trainNumber.trim().toUpperCase())?.[0] ?? '';

/** The service fee of one rail ticket on a train, ticketed one way. */
export function railServiceFee(table: RailFeeTable, way: RailTicketingWay, trainNumber: string): number {
  if (way === 'online') return table.onlinePerTicketMinor;
  return table.offlineByTrainType[trainTypeOf(trainNumber)] ?? table.offlinePerTicketMinor;
}

/** The state of the traveller's link to a 12306 account, as ticketing sees it. */
export const RAIL_LINK_STATUSES = ['none', 'active', 'expired'] as const;
export type RailLinkStatus = (typeof RAIL_LINK_STATUSES)[number];

/** Online needs a live link; without one a train is ticketed offline. */
export const defaultTicketingWay = (link: RailLinkStatus): RailTicketingWay =>
  link === 'active' ? 'online' : 'offline';

/** `GET /api/rail/ticketing`: how trains would be ticketed for this visitor or traveller, and the fees. */
export const railTicketingInfoSchema = z.object({
  link: z.enum(RAIL_LINK_STATUSES),
  way: railTicketingWaySchema,
  fees: railFeeTableSchema,
});
export type RailTicketingInfo = z.infer<typeof railTicketingInfoSchema>;
