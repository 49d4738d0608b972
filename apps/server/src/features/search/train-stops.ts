import { AppError, fromRequestDate, isoWithOffset, type TrainStops } from '@junction/domain';
import { type Inventory, placeName } from './inventory/inventory';

/** A train's stations, as a result's details list them: names, times and the minutes it stands at each. */
export class TrainStopsService {
  constructor(private readonly inventory: PromiseLike<Inventory>) {}

  /** The calls of train `number` on the day (`yyyy/MM/dd`) it is boarded at station `from`; TRAIN_UNKNOWN else. */
  async stops(number: string, from: string, date: string): Promise<TrainStops> {
    const inv = await this.inventory;
    const day = fromRequestDate(date);
    const calls = day ? inv.rail.callsOf(number, from, day) : undefined;
    if (!calls) throw new AppError('TRAIN_UNKNOWN');
    const stops = calls.flatMap((call) => {
      const station = inv.station(call.code);
      if (!station) return [];
      const dwell = call.arrival !== undefined && call.departure !== undefined ? call.departure - call.arrival : 0;
      return [
        {
          code: call.code,
          name: placeName(station),
          ...(call.arrival !== undefined ? { arrival: isoWithOffset(call.arrival, station.tz) } : {}),
          ...(call.departure !== undefined ? { departure: isoWithOffset(call.departure, station.tz) } : {}),
          dwellMinutes: Math.round(dwell / 60_000),
        },
      ];
    });
    return { number, stops };
  }
}
