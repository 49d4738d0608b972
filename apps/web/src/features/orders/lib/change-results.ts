import {
  addDays,
  type ChangeOptions,
  isRide,
  type ResultLeg,
  railChangeAllowed,
  railClassFare,
  type SearchCriteriaInput,
  type SearchResult,
} from '@junction/domain';

export type ChangeTicket = ChangeOptions['tickets'][number];

/** The days a change may move a ticket to, around its own day: at most a week each side, within its window. */
export function changeDays(ticket: ChangeTicket): string[] {
  const own = ticket.trip.departureTime.slice(0, 10);
  const from = [ticket.firstDay, addDays(own, -7)].sort().at(-1) as string;
  const to = [ticket.lastDay, addDays(own, 7)].sort()[0] as string;
  const days: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) days.push(d);
  return days;
}

/** The search of a new day: the ticket's cities, trains or flights only, one adult (the change prices the party). */
export const changeCriteria = (ticket: ChangeTicket, day: string): SearchCriteriaInput => ({
  type: 1,
  mode: ticket.type === 'railway' ? 'train' : 'flight',
  legs: [
    {
      departure: ticket.departure,
      destination: ticket.destination,
      departure_date: day.replaceAll('-', '/'),
    },
  ],
});

/** The adult fare a result is shown at: a train in the ticket's class, a flight in the ticket's cabin, when it has it. */
export const changeFare = (ticket: ChangeTicket, r: SearchResult): number => {
  const leg = r.legs.find(isRide) as ResultLeg;
  return railClassFare(leg, ticket.trip.seatClass) ?? (ticket.type === 'railway' ? leg.price.amount : r.price.amount);
};

/**
 * The results a ticket may change to: one ride of its kind (a flight on its carrier), not the trip it has
 * unless another class or cabin of it has seats left, and for a train a departure the railway's change rules allow
 * now; earliest first.
 */
export function changeResults(ticket: ChangeTicket, results: SearchResult[], nowMs: number): SearchResult[] {
  const rail = ticket.type === 'railway';
  return results
    .filter((r) => {
      const rides = r.legs.filter(isRide);
      const first = rides[0];
      if (!first || r.kind !== (rail ? 'train' : 'flight') || rides.length !== 1 || first.soldOut) return false;
      // The ticket's own train or flight stays on the list only when another of its classes or cabins has seats.
      if (isOwnTrip(ticket, first) && !otherClassOpen(ticket, first)) return false;
      if (!rail) return first.carrier === ticket.carrier && Date.parse(first.departureTime) > nowMs;
      return railChangeAllowed({
        departureTime: ticket.trip.departureTime,
        newDepartureTime: first.departureTime,
        nowMs,
        changesMade: 0,
        sameCities: true,
      }).allowed;
    })
    .sort(
      (a, b) =>
        Date.parse(a.legs.find(isRide)?.departureTime ?? '') - Date.parse(b.legs.find(isRide)?.departureTime ?? ''),
    );
}

/** The seat classes a new train or the cabins a new flight is sold in, as the seller lists them. */
export const changeClasses = (leg: ResultLeg): string[] =>
  leg.seats?.length ? leg.seats.map((s) => s.code) : leg.cabin ? [leg.cabin] : [];

/** Whether a train or flight sells a class or cabin other than the ticket's own with seats left. */
const otherClassOpen = (ticket: ChangeTicket, leg: ResultLeg): boolean =>
  changeClasses(leg).some(
    (c) => c !== ticket.trip.seatClass && (leg.seats?.find((s) => s.code === c)?.remaining ?? 1) > 0,
  );

/** Whether a ride is the ticket's own train or flight, at its own time. */
export const isOwnTrip = (ticket: ChangeTicket, leg: ResultLeg): boolean =>
  leg.number === ticket.trip.number && leg.departureTime === ticket.trip.departureTime;

/**
 * The class or cabin a change starts in: the ticket's own when the new train or flight sells it with seats
 * left (never on its own train or flight, where that is no change), else the first with seats.
 */
export function defaultClass(ticket: ChangeTicket, leg: ResultLeg, classes: readonly string[]): string | undefined {
  const left = (code: string) => leg.seats?.find((s) => s.code === code)?.remaining ?? 1;
  const own = isOwnTrip(ticket, leg);
  if (!own && classes.includes(ticket.trip.seatClass) && left(ticket.trip.seatClass) > 0) return ticket.trip.seatClass;
  const open = classes.filter((c) => left(c) > 0 && !(own && c === ticket.trip.seatClass));
  return open[0] ?? classes[0];
}
