import { type Timetable, tripOf } from './timetable';

/** When every trip of the timetable leaves its first stop, in order. */
export function firstDepartures(tt: Timetable): number[] {
  const out: number[] = [];
  for (let r = 0; r < tt.routeCount; r++)
    for (let t = tt.routeTripBase[r] as number; t < (tt.routeTripBase[r + 1] as number); t++) {
      const { pattern, dayStart } = tripOf(tt, r, t);
      out.push(dayStart + (tt.departure[tt.tripTimeStart[pattern] as number] as number));
    }
  return out.sort((a, b) => a - b);
}
