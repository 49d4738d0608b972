import type { LoadedTimetable } from '@junction/planner';

/**
 * The plans a planner made lately, by their places, ends and time of day from the timetable's epoch, with
 * the columns and the epoch of the timetable each was made on. A plan on another week of the same calendar
 * (`weekCalendar`) is the kept one on that week's dates: the same journeys on the timetable's clock,
 * leaving the door whole weeks later.
 */
export class KeptPlans<J extends { leaveAt: number }> {
  private readonly plans = new Map<string, { columns: Int32Array; epochMs: number; journeys: readonly J[] }>();

  /** At most `keep` plans (a plan of the door-to-door network is about 170 KB). */
  constructor(private readonly keep: number) {}

  /** The journeys kept under `key` for a plan on `loaded`, on its dates; undefined when none are. */
  get(key: string, loaded: LoadedTimetable): J[] | undefined {
    const known = this.plans.get(key);
    if (known?.columns !== loaded.timetable.arrival) return undefined;
    this.plans.delete(key);
    this.plans.set(key, known);
    const later = loaded.epochMs - known.epochMs;
    return known.journeys.map((j) => ({ ...j, leaveAt: j.leaveAt + later }));
  }

  set(key: string, loaded: LoadedTimetable, journeys: readonly J[]): void {
    this.plans.set(key, { columns: loaded.timetable.arrival, epochMs: loaded.epochMs, journeys });
    while (this.plans.size > this.keep) this.plans.delete(this.plans.keys().next().value as string);
  }

  clear(): void {
    this.plans.clear();
  }
}
