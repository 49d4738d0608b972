import { AppError, type SeatMaps } from '@junction/domain';
import type { SearchService } from './search.service';
import { withinLimit } from './within-limit';

/**
 * The seat maps of a live result's flights for booking, as the seller of its best price shows them now
 * for one adult: none when the seller shows none (the booking then has no seat choice), the search's
 * errors when the result has expired or is gone, PARTNER_UNAVAILABLE when the seller did not answer.
 */
export async function bookingSeatMaps(
  search: Pick<SearchService, 'liveResult' | 'allSuppliers' | 'request'>,
  p: { searchId: string; resultId: string; now: number; timeoutMs: number },
): Promise<SeatMaps> {
  const { meta, result } = await search.liveResult(p.searchId, p.resultId, p.now);
  const supplier = (await search.allSuppliers()).find((s) => s.id === result.sellers[0]?.supplier);
  if (!supplier?.seatMaps || result.kind !== 'flight') return { flights: [] };
  const request = { ...search.request(meta.criteria), party: { adults: 1, children: 0, infants: 0 } };
  let flights: Awaited<ReturnType<NonNullable<typeof supplier.seatMaps>>>;
  try {
    const signal = AbortSignal.timeout(p.timeoutMs);
    flights = await withinLimit(supplier.seatMaps(result, request, signal), signal);
  } catch {
    throw new AppError('PARTNER_UNAVAILABLE');
  }
  if (!flights) throw new AppError('PLAN_INVALID');
  return { flights };
}
