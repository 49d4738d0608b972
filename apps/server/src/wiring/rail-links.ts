import { type OfferStudent, type ResultLeg, studentFares } from '@junction/domain';
import type { Refdata } from '@junction/refdata';
import type { OfferSource } from '../features/orders/ports';
import type { PassengersService } from '../features/passengers/passengers.service';
import type { DeskAnswered, RailTicketsInProgress, SavedTravellers } from '../features/rail/ports';
import type { RailService } from '../features/rail/rail.service';
import type { SearchService } from '../features/search/search.service';

/** The rail account saves the travellers it brings from 12306 among the user's saved travellers. */
export function savedTravellers(passengers: Pick<PassengersService, 'findByDocument' | 'save'>): SavedTravellers {
  return {
    findByDocument: (userId, type, number) => passengers.findByDocument(userId, type, number),
    save: (userId, input) => passengers.save(userId, input),
  };
}

/**
 * How many of a user's train tickets are being issued, counted by the orders.
 *
 * Rail and orders need each other: a booking asks the rail account how its trains can be ticketed, and
 * the rail account will not be unlinked while tickets are being issued in it. Rail is built first; it
 * reaches the orders' records through `orders()` when it counts, never while it is built.
 */
export function railTicketsInProgress(
  orders: () => { railTicketsInProgress(userId: string): Promise<number> } | undefined,
): RailTicketsInProgress {
  return {
    count: async (userId) => {
      const records = orders();
      if (!records) throw new Error('the rail account counted tickets before the orders were built');
      return records.railTicketsInProgress(userId);
    },
  };
}

/**
 * An agent answered a request at the rail desk (its key: the order and the sub-order): ticketing asks for
 * it now. Fulfilment is built after rail and is reached through `fulfilment()` when an agent answers.
 */
export function deskAnswered(
  fulfilment: () => { ticketNow(orderId: string, subOrderId: string): Promise<void> } | undefined,
): DeskAnswered {
  return {
    answered: async (key) => {
      const [orderId, subOrderId] = key.split(':');
      const ticketing = fulfilment();
      if (ticketing && orderId && subOrderId) await ticketing.ticketNow(orderId, subOrderId);
    },
  };
}

/** What a booking sells, quoted again: the search's answer, the railway's seats and rail's fees and link. */
export function bookingOffers(
  search: {
    service: Pick<SearchService, 'quoteForBooking' | 'stored'>;
    railRemaining: OfferSource['railCapacity'];
    seatMaps?: OfferSource['seatMaps'];
  },
  rail: Pick<RailService, 'linkStatus' | 'fees' | 'passengers'>,
  refdata: Pick<Refdata, 'trainServiceFees' | 'places'>,
  journeysHeld: JourneysHeld = async () => new Map(),
): OfferSource {
  const students = { rail, refdata, journeysHeld };
  return {
    quote: (searchId, resultId, cabin) => search.service.quoteForBooking(searchId, resultId, cabin),
    stored: (searchId, resultIds) => search.service.stored(searchId, resultIds),
    ...(search.seatMaps ? { seatMaps: search.seatMaps } : {}),
    railCapacity: search.railRemaining,
    railServiceFeeMinor: refdata.trainServiceFees.offline.perTicketMinor,
    railTicketing: async (userId) => ({ link: await rail.linkStatus(userId), fees: rail.fees }),
    students: async (userId, legs) => (await offerStudents(students, userId, [legs]))[0] ?? [],
    studentsOn: (userId, rides) => offerStudents(students, userId, rides),
  };
}

/** The days of travel of the student tickets held through us, per saved traveller (`lib/student-journeys.ts`). */
export type JourneysHeld = (passengerIds: readonly string[]) => Promise<Map<string, string[]>>;

/**
 * The linked 12306 account's students who are saved travellers, with their fares on each of several
 * results' trains, the account asked once; none without a live link (the booking then offers no student
 * fare). Each has the school year's four journeys less the student tickets held through us.
 */
async function offerStudents(
  p: { rail: Pick<RailService, 'passengers'>; refdata: Pick<Refdata, 'places'>; journeysHeld: JourneysHeld },
  userId: string,
  rides: readonly (readonly ResultLeg[])[],
): Promise<OfferStudent[][]> {
  const { rail, refdata } = p;
  if (!rides.some((legs) => legs.some((l) => l.kind === 'land'))) return rides.map(() => []);
  const list = await rail.passengers(userId).catch(() => ({ items: [] }));
  const held = await p.journeysHeld(list.items.flatMap((x) => (x.savedPassengerId ? [x.savedPassengerId] : [])));
  const cityOf = (p: ResultLeg['from']) =>
    p.placeId === undefined ? undefined : refdata.places.get(p.placeId)?.cityCode;
  const students = list.items.flatMap((p) =>
    p.type === 'STUDENT' && p.student && p.savedPassengerId
      ? [{ passengerId: p.savedPassengerId, name: p.name, student: p.student }]
      : [],
  );
  return rides.map((legs) =>
    legs.some((l) => l.kind === 'land')
      ? students.map(({ student, ...s }) => ({
          ...s,
          check: student.check,
          fares: studentFares(
            legs,
            {
              check: student.check,
              interval: { homeCity: student.homeCity, schoolCity: student.schoolCity },
              used: held.get(s.passengerId) ?? [],
            },
            cityOf,
          ),
        }))
      : [],
  );
}
