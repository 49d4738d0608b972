import { listedInCabin, type SearchResult } from '@junction/domain';
import type { SupplierRequest } from '../suppliers/supplier';

/**
 * A supplier's results as a search lists them: those whose flights all sell the request's cabin with a
 * seat for each traveller but infants on a lap, so nothing listed is refused at booking for want of it;
 * with the number left out, so a page with none left can say why.
 */
export function listInCabin(
  results: readonly SearchResult[],
  request: Pick<SupplierRequest, 'cabin' | 'party'>,
): { listed: SearchResult[]; withoutCabin: number } {
  const seated = request.party.adults + request.party.children;
  const listed = results.filter((r) => listedInCabin(r, request.cabin, seated));
  return { listed, withoutCabin: results.length - listed.length };
}
