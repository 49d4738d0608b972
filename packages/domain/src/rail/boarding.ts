/**
 * How long before a train leaves a traveller arriving over the ground should be at its station, as
 * data. China Railway closes a train's ticket check a few minutes before departure; before that the
 * traveller queues for the ID check and security at the entrance and walks to the waiting hall and the
 * gate, which takes longer the bigger the station. A station's size is read from the timetable: the
 * trains calling there a day.
 */
export const RAIL_BOARDING = {
  /** The ticket gates close this many minutes before the train leaves. */
  ticketCheckClosesMin: 5,
  /** Biggest first: the first size whose trains a day the station reaches. */
  sizes: [
    { size: 'hub', minTrainsPerDay: 200, entryMin: 15, toGateMin: 15, changeTrainsMin: 25 },
    { size: 'large', minTrainsPerDay: 60, entryMin: 10, toGateMin: 10, changeTrainsMin: 20 },
    { size: 'small', minTrainsPerDay: 0, entryMin: 5, toGateMin: 5, changeTrainsMin: 15 },
  ],
  /**
   * How the traveller arrives: a taxi stops at the departure hall; from the metro the way leads up from
   * its concourse first; a walk ends at the entrance.
   */
  arrivalExtraMin: { taxi: 0, subway: 5, walk: 0 },
} as const;

export type StationSize = (typeof RAIL_BOARDING.sizes)[number]['size'];
export type GroundArrival = keyof typeof RAIL_BOARDING.arrivalExtraMin;

const sizeRule = (size: StationSize) =>
  RAIL_BOARDING.sizes.find((s) => s.size === size) ?? (RAIL_BOARDING.sizes.at(-1) as (typeof RAIL_BOARDING.sizes)[2]);

/** A station's size from the trains calling there a day. */
export function stationSizeOf(trainsPerDay: number): StationSize {
  return (RAIL_BOARDING.sizes.find((s) => trainsPerDay >= s.minTrainsPerDay) ?? sizeRule('small')).size;
}

/**
 * Minutes before departure a traveller arriving by taxi, metro or on foot should reach the station: the
 * entrance's checks, the walk to the gate, and the ticket check's closing before the train leaves.
 */
export function railBoardingMinutes(size: StationSize, arrival: GroundArrival): number {
  const rule = sizeRule(size);
  return RAIL_BOARDING.ticketCheckClosesMin + rule.entryMin + rule.toGateMin + RAIL_BOARDING.arrivalExtraMin[arrival];
}

/** Minutes to change from one train to another at the same station, through its transfer passage. */
export function railChangeMinutes(size: StationSize): number {
  return sizeRule(size).changeTrainsMin;
}
