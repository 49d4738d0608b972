import { type Outcome, paretoFilter, type Query } from '../raptor/query';
import { type Timetable, tripOf } from '../timetable/timetable';

/**
 * The obviously correct planner: tries every trip that can be boarded, every stop to leave it at and
 * every transfer, up to the transfer limit, then keeps the Pareto set. Exponential; for tests only.
 */
export function referencePlan(tt: Timetable, q: Query): Outcome[] {
  const outcomes: Outcome[] = [];
  const egressAt = new Map<number, { seconds: number; price: number }[]>();
  for (const e of q.egress) egressAt.set(e.stop, [...(egressAt.get(e.stop) ?? []), e]);

  const closed = (stop: number) => q.closed?.[stop] === 1;
  const explore = (stop: number, ready: number, price: number, trips: number): void => {
    if (trips > q.maxTransfers || closed(stop)) return;
    for (let k = tt.stopRouteStart[stop] as number; k < (tt.stopRouteStart[stop + 1] as number); k++) {
      const r = tt.stopRoutes[k] as number;
      const i = tt.stopRoutePosition[k] as number;
      const first = tt.routeStopStart[r] as number;
      const len = (tt.routeStopStart[r + 1] as number) - first;
      for (let t = tt.routeTripBase[r] as number; t < (tt.routeTripBase[r + 1] as number); t++) {
        const { pattern, dayStart } = tripOf(tt, r, t);
        const base = tt.tripTimeStart[pattern] as number;
        const departure = dayStart + (tt.departure[base + i] as number);
        if (departure < ready || (trips === 0 && departure > (q.lastDeparture ?? Number.POSITIVE_INFINITY))) continue;
        for (let j = i + 1; j < len; j++) {
          const arr = dayStart + (tt.arrival[base + j] as number);
          const cost =
            price +
            (tt.routeBoardFee[r] as number) +
            (tt.routeFare[first + j] as number) -
            (tt.routeFare[first + i] as number);
          const s = tt.routeStops[first + j] as number;
          if (closed(s)) continue;
          for (const e of egressAt.get(s) ?? []) {
            outcomes.push({ arrival: arr + e.seconds, price: cost + e.price, transfers: trips });
          }
          explore(s, arr + (tt.stopChangeSec[s] as number), cost, trips + 1);
          for (let f = tt.transferStart[s] as number; f < (tt.transferStart[s + 1] as number); f++) {
            explore(
              tt.transferTo[f] as number,
              arr + (tt.transferSec[f] as number),
              cost + (tt.transferPrice[f] as number),
              trips + 1,
            );
          }
        }
      }
    }
  };

  for (const a of q.access) explore(a.stop, q.departAt + a.seconds, a.price, 0);
  return paretoFilter(outcomes);
}
