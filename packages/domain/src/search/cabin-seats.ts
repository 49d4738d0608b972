import { flightShortOfSeats } from '../orders/pricing';
import type { SearchResult } from './search.schema';
import { normalizeCabin } from './search-options';

/** At or below this many seats left in its cabin, a flight's card says how many are left. */
export const FEW_SEATS_LEFT = 9;

/**
 * Whether a search in `cabin` for `seated` travellers (everyone but infants on a lap) lists a result: every
 * flight of it is sold in that cabin (M read as Y, W as S) and, where its seller lists the flight's cabins,
 * has a seat left in it for each of them, as booking requires. Trains and the ground are not its concern.
 */
export function listedInCabin(result: Pick<SearchResult, 'legs'>, cabin: string, seated: number): boolean {
  const wanted = normalizeCabin(cabin);
  const flights = result.legs.filter((l) => l.kind === 'air');
  return flights.every((l) => normalizeCabin(l.cabin ?? 'Y') === wanted) && flightShortOfSeats(result, seated) === null;
}

/**
 * The fewest seats left in the cabin each flight of a result is sold in, where its seller lists them;
 * undefined for a result whose flights list none (or that has no flight).
 */
export function cabinSeatsLeft(result: Pick<SearchResult, 'legs'>): number | undefined {
  const left = result.legs.flatMap((l) => {
    if (l.kind !== 'air' || !l.seats?.length) return [];
    return [l.seats.find((s) => s.code === (l.cabin ?? 'Y'))?.remaining ?? 0];
  });
  return left.length > 0 ? Math.min(...left) : undefined;
}
