import { type StationSize, stationSizeOf } from '@junction/domain';
import type { PackedFeed } from '@junction/planner';

/**
 * Railway stations' sizes (the domain's `RAIL_BOARDING`), read from the timetable: the trains calling at
 * each station a day, by its telecode. Every train of the rail feed runs daily.
 */
export class StationSizes {
  constructor(private readonly trainsAt: ReadonlyMap<string, number>) {}

  /** From a rail feed whose stop ids are the telecodes after `prefix` (`rail:VNP`). */
  static fromFeed(feed: PackedFeed, prefix: string): StationSizes {
    const counts = new Map<string, number>();
    for (let k = 0; k < feed.timeStop.length; k++) {
      const id = feed.stops[feed.timeStop[k] as number]?.id;
      if (!id?.startsWith(prefix)) continue;
      const code = id.slice(prefix.length);
      counts.set(code, (counts.get(code) ?? 0) + 1);
    }
    return new StationSizes(counts);
  }

  trains(code: string): number {
    return this.trainsAt.get(code) ?? 0;
  }

  size(code: string): StationSize {
    return stationSizeOf(this.trains(code));
  }
}
