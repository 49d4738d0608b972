/** The door-to-door planning parameters, as data. */
export const DOOR_TO_DOOR = {
  /**
   * Minutes to change between flights at an airport. Every ride of a door-to-door plan is its own ticket,
   * so a change of flights is a self-transfer with its protected buffer. Changing trains at a station and
   * boarding a train from the ground take the station's time by its size (`RAIL_BOARDING` in the domain).
   */
  airChangeMin: 180,
  /** The traveller's walk to a metro or airport-express station in the centre, and back. */
  transitWalkMin: 8,
  /** Time to be at an airport before a flight. */
  airportCheckInMin: 60,
  /**
   * The longest wait between two legs of a plan shown (minutes): leaving later is the better plan. The
   * planner searches no journey that waits longer than this and `walkTransferSlackMin` for its next ride.
   */
  maxWaitMin: 240,
  /**
   * A change on foot between nearby stops may take longer than the transfer the planner counted (a taxi's),
   * and the wait shown after it is shorter by as much: at most this (the longest such walk).
   */
  walkTransferSlackMin: 35,
  /** Departure times (hours, local) the planner tries over the day. */
  departureHours: [5, 7, 9, 11, 13, 15, 17, 19, 21],
  /** Changes between rides, metro included: metro to the train, the train, two lines to Wangfujing. */
  maxTransfers: 3,
  /** Rough planning fares: the exact prices come from the fare model once a journey is chosen. */
  planningFares: {
    air: { boardFee: 28_000, perKm: 55 },
    highSpeed: { boardFee: 0, perKm: 46 },
    rail: { boardFee: 0, perKm: 20 },
    metro: { boardFee: 200, perKm: 15 },
    /** The Shanghai Maglev (route type 12): its flat fare, whatever the distance. */
    maglev: { boardFee: 5000, perKm: 0 },
  },
  /** Minutes to change lines inside a metro station. */
  metroChangeMin: 4,
  /** Walking: the farthest walk to or from a metro station, and between a metro station and a railway station or airport. */
  walkToMetroKm: 1.2,
  walkTransferKm: 0.8,
  /** The farthest walk between a door (or a city's centre) and a railway station. */
  walkToStationKm: 0.8,
  /**
   * Minutes between a railway station or airport and a metro station next to it, or a door next to a
   * railway station, on top of the walk itself: through the station's exit or entrance.
   */
  stationWalkMin: 3,
  /** A metro station named for an airport or terminal serves the airport within this distance, on a short walk. */
  terminalStationKm: 6,
  terminalWalkMin: 8,
  /** A metro station named for a railway station (青岛北站) walks to it up to this far. */
  namedStationKm: 2,
  walkKmh: 4.5,
};
