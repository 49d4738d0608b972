import { orderEndpoints, type SearchResult } from '@junction/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { callApi } from '../../../shared/api/api-client';
import { useOptionalAuth } from '../../../shared/auth/auth-context';
import { useRailTicketingInfo } from '../../../widgets/rail/api/rail';
import { seatsOf } from '../lib/result-model';

/** A train class's student fare on a result, keyed `resultId seatClass`. */
export type StudentFareOf = (resultId: string, seatClass: string) => number | undefined;

const none: StudentFareOf = () => undefined;

/**
 * The student fares of the results shown whose train lists its classes, for a signed-in traveller whose
 * live 12306 link has a verified student among the saved travellers: the server prices them by the
 * booking's rules. Asked once the search is done; nothing signed out, without a live link, or should it fail.
 */
export function useStudentFares(searchId: string | null, shown: readonly SearchResult[], done: boolean): StudentFareOf {
  const signedIn = useOptionalAuth()?.isSignedIn ?? false;
  const linked = useRailTicketingInfo().data?.way === 'online';
  const resultIds = shown.filter((r) => seatsOf(r).length > 0).map((r) => r.id);
  const enabled = signedIn && linked && done && !!searchId && resultIds.length > 0;
  const fares = useQuery({
    queryKey: ['search', 'student-fares', searchId, resultIds],
    queryFn: ({ signal }) =>
      callApi(orderEndpoints.studentFares, { body: { searchId: searchId ?? '', resultIds }, signal }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: false,
    // The classes stand without their student fares: a failure shows nothing.
    meta: { silent: true },
  });
  const data = enabled ? fares.data : undefined;
  return useMemo(() => {
    if (!data) return none;
    const byKey = new Map<string, number>();
    for (const r of data.results) for (const f of r.fares) byKey.set(`${r.resultId} ${f.seatClass}`, f.studentMinor);
    return (resultId, seatClass) => byKey.get(`${resultId} ${seatClass}`);
  }, [data]);
}
