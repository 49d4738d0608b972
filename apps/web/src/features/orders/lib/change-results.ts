import {
  type ChangeOptions,
  isRide,
  type ResultLeg,
  railChangeAllowed,
  railClassFare,
  type SearchCriteriaInput,
  type SearchResult,
} from '@junction/domain';

export type ChangeTicket = ChangeOptions['tickets'][number];

const DAY = 24 * 3_600_000;
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);

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

/** The adult fare a result is shown at: a train in the ticket's class when it has it. */
export const changeFare = (ticket: ChangeTicket, r: SearchResult): number => {
  const leg = r.legs.find(isRide) as ResultLeg;
  return ticket.type === 'railway' ? (railClassFare(leg, ticket.trip.seatClass) ?? leg.price.amount) : r.price.amount;
};

/**
 * The results a ticket may change to: one ride of its kind (a flight on its carrier), not the trip it
 * has, and for a train a departure the railway's change rules allow now; earliest first.
 */
export function changeResults(ticket: ChangeTicket, results: SearchResult[], nowMs: number): SearchResult[] {
  const rail = ticket.type === 'railway';
  return results
    .filter((r) => {
      const rides = r.legs.filter(isRide);
      const first = rides[0];
      if (!first || r.kind !== (rail ? 'train' : 'flight') || rides.length !== 1 || first.soldOut) return false;
      if (first.number === ticket.trip.number && first.departureTime === ticket.trip.departureTime) return false;
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
