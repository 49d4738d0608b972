import { type SearchCriteria, searchCriteriaSchema } from '@junction/domain';
import { ApiError } from '../../../shared/api/api-error';

/** What a failed search call means for the results page (spec §8). */
export type SearchFailure =
  /** 400 expired with params: the prices are stale; REFRESH reruns with these criteria. */
  | { kind: 'stale'; criteria: SearchCriteria }
  /** 400 expired without params: the results are gone; the button goes home. */
  | { kind: 'expired' }
  /** Any other coded refusal (a date in the past, an unknown place): its message in place of results. */
  | { kind: 'refused'; errorCode: number }
  /** The server was still too busy after the search asked again for a while (419): offer to try again. */
  | { kind: 'busy' }
  /** Network or server trouble, already reported by the global toast: offer to try again. */
  | { kind: 'unavailable' };

function criteriaFromParams(params: Record<string, unknown>, current: SearchCriteria): SearchCriteria {
  const direct = searchCriteriaSchema.safeParse(params);
  if (direct.success) return direct.data;
  const nested = searchCriteriaSchema.safeParse(params.criteria);
  if (nested.success) return nested.data;
  // Params the page cannot read still mean "refresh": run the same search again.
  return current;
}

/**
 * What a failed search call means for the page, or null when there is nothing for it to do: no error, or
 * a 401, 403 or 409, which the query client answers for every call (spec §8).
 */
export function classifySearchError(error: unknown, current: SearchCriteria): SearchFailure | null {
  if (!error) return null;
  if (!(error instanceof ApiError)) return { kind: 'unavailable' };
  const { status, body } = error;
  if (status === 400 && body.errorType === 'expired') {
    return body.params && Object.keys(body.params).length > 0
      ? { kind: 'stale', criteria: criteriaFromParams(body.params, current) }
      : { kind: 'expired' };
  }
  if (status === 401 || status === 403 || status === 409) return null;
  if (status === 419) return { kind: 'busy' };
  if (status === 0 || status >= 500) return { kind: 'unavailable' };
  return { kind: 'refused', errorCode: body.errorCode };
}
