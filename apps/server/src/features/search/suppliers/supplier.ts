import type { Cabin, FlightSeatMap, LocalText, ResultKind, SearchResult } from '@junction/domain';
import type { RawPlace } from '@junction/refdata';

/** A door (an address, a landmark, a pin on the map) a journey starts or ends at, with its name. */
export type DoorPoint = { lat: number; lon: number; name: LocalText };

/**
 * One journey of a trip: a one-way has one, a round trip two, a multi-city one per leg. A journey from
 * or to a door has the door's city as `from`/`to` (flights and trains go from there) and the door itself.
 */
export type Bound = {
  date: string;
  from: RawPlace;
  to: RawPlace;
  fromOnly: boolean;
  toOnly: boolean;
  fromDoor?: DoorPoint;
  toDoor?: DoorPoint;
};

/**
 * What every supplier is asked: the trips (one per departure day of a flexible search) for a party.
 * Answers name places and carriers in both languages, so the request carries no language.
 */
export type SupplierRequest = {
  cabin: Cabin;
  party: { adults: number; children: number; infants: number };
  /** Today in Beijing, `yyyy-mm-dd`: fares depend on days to departure. */
  today: string;
  trips: { date: string; bounds: Bound[] }[];
};

/**
 * A source of offers: a flight consolidator, an airline's NDC API, China Railway, or our own planner.
 * A real provider implements the same interface; the orchestrator knows nothing else about it.
 */
export interface Supplier {
  readonly id: string;
  readonly name: LocalText;
  readonly kind: ResultKind;
  search(request: SupplierRequest, signal: AbortSignal): Promise<SearchResult[]>;
  /**
   * One of its results as it sells it now, for the party and cabin of the request (its price, seats and
   * baggage), or undefined when it is no longer sold.
   */
  quote(result: SearchResult, request: SupplierRequest, signal: AbortSignal): Promise<SearchResult | undefined>;
  /**
   * The seat maps of one of its results' flights as it sells them now for the request's party, seats
   * priced for its first traveller in CNY; none when it shows none, undefined when it no longer sells
   * the result. A seller without it offers no seat choice.
   */
  seatMaps?(result: SearchResult, request: SupplierRequest, signal: AbortSignal): Promise<FlightSeatMap[] | undefined>;
  /**
   * Works out ahead, and keeps where every process finds it, what answering the request will need (our
   * planner's plans between places' centres); answers nothing. A supplier with nothing to work out has none.
   */
  prepare?(request: SupplierRequest, signal: AbortSignal): Promise<void>;
}

export class SupplierError extends Error {
  constructor(
    readonly supplier: string,
    message: string,
  ) {
    super(message);
    this.name = 'SupplierError';
  }
}
