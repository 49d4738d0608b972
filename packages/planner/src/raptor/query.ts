/** Getting from the origin to a stop where a trip can be boarded (walk, taxi, metro ride outside the timetable). */
export type Access = { stop: number; seconds: number; price: number };

export type Query = {
  /** Earliest departure from the origin, seconds since the timetable epoch. */
  departAt: number;
  access: Access[];
  /** Leaving the network at a stop to reach the destination. */
  egress: Access[];
  maxTransfers: number;
  /**
   * Latest departure of the first ride, seconds since the timetable epoch: journeys must leave the first
   * station or airport by then (a day's window for a price calendar). No limit when absent.
   */
  lastDeparture?: number;
  /**
   * Stops no journey may reach, by stop number (1 = closed): no access, alighting or transfer there, so
   * nothing boards there either. One timetable can then carry lines a query must not ride (the metro of
   * cities a plan neither starts nor ends in).
   */
  closed?: Uint8Array;
  /**
   * After the first ride, the longest a journey waits for its next one: seconds from when it is ready to
   * board (its change or ground transfer done) to the departure it boards. A wait of hours is no plan when
   * a later start takes the same trip; such a journey is then not searched, so neither does it stand in
   * the way of others. No limit when absent.
   */
  maxWait?: number;
};

/** A part of a journey: a ride on one trip, or a ground transfer between two stops. */
export type Leg =
  | {
      kind: 'ride';
      trip: number;
      route: number;
      boardStop: number;
      alightStop: number;
      departure: number;
      arrival: number;
      price: number;
    }
  | { kind: 'transfer'; fromStop: number; toStop: number; seconds: number; price: number };

/** One optimal way to travel, by the three criteria: arrival, price and transfers. */
export type Outcome = { arrival: number; price: number; transfers: number; legs?: Leg[] };

/** Keeps the outcomes no other outcome beats on all three criteria; equal ones once. */
export function paretoFilter<T extends Outcome>(outcomes: T[]): T[] {
  const sorted = [...outcomes].sort((a, b) => a.arrival - b.arrival || a.price - b.price || a.transfers - b.transfers);
  const kept: T[] = [];
  for (const o of sorted) {
    const beaten = kept.some((k) => k.arrival <= o.arrival && k.price <= o.price && k.transfers <= o.transfers);
    if (!beaten) kept.push(o);
  }
  return kept;
}
