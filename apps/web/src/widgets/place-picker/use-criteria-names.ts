import { type CriteriaPlace, inLanguage, type SearchCriteria } from '@junction/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { usePreferences } from '../../shared/lib/preferences';
import { criteriaPlacesQueryOptions } from './api/criteria-places';

export type RouteNames = { from: string; to: string };

/**
 * The places of each criteria leg, named in the current language. Criteria carry place tokens and the
 * names of the language they were made in; the names come from the place data, so a language switch
 * renames them. Until that data arrives (or if it cannot) the criteria's own names stand in.
 */
export function useCriteriaNames(criteria: SearchCriteria): RouteNames[] {
  const { language } = usePreferences();
  const tokens = useMemo(() => criteria.legs.flatMap((l) => [l.departure, l.destination]), [criteria]);
  const places = useQuery(criteriaPlacesQueryOptions(tokens)).data;
  return useMemo(() => {
    // A door's names count only when they are the door's: one the gazetteer names at its point, or a pin
    // near a named place; an address with its own name keeps it.
    const name = (place: CriteriaPlace | null | undefined, given: string | undefined, token: string) =>
      place && (place.kind !== 'door' || !given || given === place.name.en || given === place.name['zh-CN'])
        ? inLanguage(place.name, language)
        : given || token;
    return criteria.legs.map((leg, i) => ({
      from: name(places?.[2 * i], leg.departureName, leg.departure),
      to: name(places?.[2 * i + 1], leg.destinationName, leg.destination),
    }));
  }, [criteria, places, language]);
}
