import { type Cabin, isRide, listedInCabin, localDate, type ResultLeg, type RideAfter } from '@junction/domain';
import type { Refdata } from '@junction/refdata';
import type { Supplier, SupplierRequest } from './suppliers/supplier';

const HOME_ZONE = 'Asia/Shanghai';
const LIMIT_MS = 20_000;

/**
 * The next nonstop flight or direct train between the same airports or stations, departing at or after
 * `after` (on its day or the next), with seats left (a flight: in the ride's cabin, one for each traveller), asked of
 * the suppliers of its kind as a search would: undefined when none is sold.
 */
export async function nextDeparture(
  refdata: Refdata,
  suppliers: () => Promise<Supplier[]>,
  ride: RideAfter,
  now: Date,
): Promise<ResultLeg | undefined> {
  const from = refdata.places.get(ride.fromPlaceId);
  const to = refdata.places.get(ride.toPlaceId);
  if (!from || !to) return undefined;
  const day = localDate(Date.parse(ride.after), HOME_ZONE);
  const next = localDate(Date.parse(ride.after) + 24 * 3600_000, HOME_ZONE);
  const bound = (date: string) => ({ date, from, to, fromOnly: true, toOnly: true });
  const seated = Math.max(1, ride.travellers);
  const request: SupplierRequest = {
    cabin: (ride.kind === 'air' ? ride.cabin || 'Y' : 'Y') as Cabin,
    party: { adults: seated, children: 0, infants: 0 },
    today: localDate(now.getTime(), HOME_ZONE),
    trips: [day, next].map((date) => ({ date, bounds: [bound(date)] })),
  };
  const kind = ride.kind === 'air' ? 'flight' : 'train';
  const asked = (await suppliers()).filter((s) => s.kind === kind);
  const answers = await Promise.allSettled(asked.map((s) => s.search(request, AbortSignal.timeout(LIMIT_MS))));
  const after = Date.parse(ride.after);
  const legs = answers
    .flatMap((a) => (a.status === 'fulfilled' ? a.value : []))
    .filter((r) => r.legs.length === 1 && (kind === 'train' || listedInCabin(r, request.cabin, seated)))
    .map((r) => r.legs[0] as ResultLeg)
    .filter(
      (l) =>
        isRide(l) &&
        !l.soldOut &&
        l.from.code === ride.fromCode &&
        l.to.code === ride.toCode &&
        Date.parse(l.departureTime) >= after,
    )
    .sort((a, b) => Date.parse(a.departureTime) - Date.parse(b.departureTime));
  return legs[0];
}
