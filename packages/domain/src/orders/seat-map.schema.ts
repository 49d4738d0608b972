import { z } from 'zod';
import type { AirType } from './traveller-rules';

/** A seat on an aircraft as airlines name it: the row's number and the seat's letter (`14B`). */
export const seatDesignatorSchema = z.string().regex(/^\d{1,3}[A-Z]$/);

/** What an aircraft has besides seats, as a seat map places it: all but the exit are drawn a seat wide. */
export const CABIN_FEATURES = ['exit', 'lavatory', 'galley', 'closet', 'stairs', 'bassinet', 'empty'] as const;
export type CabinFeature = (typeof CABIN_FEATURES)[number];

/**
 * One place in a row of a seat map: a seat with its price in CNY hundredths for the seller's first
 * passenger (null when it cannot be chosen: taken or not sold) and for each of the seller's passengers
 * (an airline may price a seat for a child otherwise, or not sell it to them), or something else on the
 * aircraft. The seller's passengers are the party by kind (`sellerPassengerOf`), not in the order the
 * travellers are listed.
 */
export const seatMapElementSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('seat'),
    designator: seatDesignatorSchema,
    priceMinor: z.number().int().min(0).nullable(),
    /**
     * Its price for each of the seller's passengers: adults (and teens), then children, then infants, each
     * kind in the party's order (null: not for them); absent, `priceMinor` for all.
     */
    pricesMinor: z.array(z.number().int().min(0).nullable()).max(9).optional(),
    /** The airline's name for the seat (`Extra legroom`), in English as the airline writes it. */
    name: z.string().max(80).optional(),
  }),
  z.object({ kind: z.enum(CABIN_FEATURES) }),
]);
export type SeatMapElement = z.infer<typeof seatMapElementSchema>;

/** A flight's seats, cabin by cabin from the front, each row in sections between the aisles. */
export const flightSeatMapSchema = z.object({
  /** Index of the flight in the result's legs. */
  leg: z.number().int().min(0),
  cabins: z.array(
    z.object({
      deck: z.number().int(),
      aisles: z.number().int(),
      rows: z.array(z.object({ sections: z.array(z.array(seatMapElementSchema)) })),
    }),
  ),
});
export type FlightSeatMap = z.infer<typeof flightSeatMapSchema>;

/** The seat maps of a booking's flights; none when its seller offers no seat choice. */
export const seatMapsSchema = z.object({ flights: z.array(flightSeatMapSchema) });
export type SeatMaps = z.infer<typeof seatMapsSchema>;

/** The seats chosen on one flight, per traveller in order (null: none chosen). */
export const seatChoiceSchema = z.object({
  /** Index of the flight in the result's legs. */
  leg: z.number().int().min(0).max(60),
  seats: z.array(seatDesignatorSchema.nullable()).max(9),
});
export type SeatChoice = z.infer<typeof seatChoiceSchema>;

type Seat = Extract<SeatMapElement, { kind: 'seat' }>;

/** The seller's kinds of passenger, in the order a seat map's `pricesMinor` lists them. */
const sellerKind = (type: AirType | undefined): number => (type === 'INFANT' ? 2 : type === 'CHILD' ? 1 : 0);

/**
 * Which of the seller's passengers the traveller at `traveller` in the party's order is (`types` the
 * party's air types in that order): adults and teens first, then children, then infants, each kind in
 * the party's order, as the seller is asked for the party. A party listed child-first is priced the same.
 */
export function sellerPassengerOf(types: readonly AirType[], traveller: number): number {
  const own = sellerKind(types[traveller]);
  return types.filter((t, i) => sellerKind(t) < own || (sellerKind(t) === own && i < traveller)).length;
}

/**
 * What a seat costs the traveller at `traveller` in the party's order (`types`, the party's air types in
 * that order), or null when they cannot choose it.
 */
export function seatPriceFor(seat: Seat, traveller: number, types: readonly AirType[]): number | null {
  return seat.pricesMinor ? (seat.pricesMinor[sellerPassengerOf(types, traveller)] ?? null) : seat.priceMinor;
}

/**
 * The price of a seat on a flight for the traveller at `traveller` in the party's order (`types`, the
 * party's air types in that order), or undefined when they cannot choose it.
 */
export function seatPriceIn(
  maps: readonly FlightSeatMap[],
  leg: number,
  designator: string,
  traveller: number,
  types: readonly AirType[],
): number | undefined {
  for (const cabin of maps.find((m) => m.leg === leg)?.cabins ?? [])
    for (const row of cabin.rows)
      for (const section of row.sections)
        for (const e of section)
          if (e.kind === 'seat' && e.designator === designator) return seatPriceFor(e, traveller, types) ?? undefined;
  return undefined;
}
