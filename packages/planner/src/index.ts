export {
  DEFAULT_TAXI,
  type Point,
  StopGrid,
  type TaxiModel,
  taxi,
  taxiAccess,
  taxiTransfers,
} from './ground/ground';
export { decodeFeed, encodeFeed } from './gtfs/compact-feed';
export { feedTouching } from './gtfs/feed-part';
export {
  calendarKey,
  type FareModel,
  type LoadedTimetable,
  shiftedTimetable,
  timetableFromGtfs,
} from './gtfs/gtfs-timetable';
export { type PackedFeed, packedFeed, packFeed } from './gtfs/packed-feed';
export { type GtfsFeed, parseGtfsTime, readGtfsZip } from './gtfs/read-gtfs';
export { type Access, type Leg, type Outcome, paretoFilter, type Query } from './raptor/query';
export { type DayBest, McRaptor, shapeOf } from './raptor/raptor';
export { referencePlan } from './reference/reference-planner';
export { buildTimetable } from './timetable/build-timetable';
export { planningBytes, SharedStrings, sharedTimetable, shareTimetable } from './timetable/shared';
export {
  DAY_SECONDS,
  type StringList,
  type Timetable,
  type TransferInput,
  type TripInput,
  tripOf,
} from './timetable/timetable';
