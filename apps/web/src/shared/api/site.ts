import type { Language, referenceEndpoints, SiteInfo } from '@junction/domain';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { callRoute, routeOf } from './api-client';

/** The footer shows it on every page, the first page too: called by route, without loading the schema. */
const siteRoute = routeOf<typeof referenceEndpoints.site>({ method: 'GET', path: '/api/site' });

export const siteKeys = { info: ['site', 'info'] as const };

export const siteInfoQueryOptions = () =>
  queryOptions({
    queryKey: siteKeys.info,
    queryFn: ({ signal }) => callRoute(siteRoute, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useSiteInfo = (): SiteInfo => useSuspenseQuery(siteInfoQueryOptions()).data;

/** Values for the `{{company}}`-style placeholders of the information and agreement texts. */
export type SiteValues = {
  company: string;
  brand: string;
  address: string;
  serviceEmail: string;
  servicePhone: string;
};

/**
 * `markSample` labels a particular as a sample (in the UI language) while the configuration says the
 * particulars are samples; numbers and addresses a user might act on are labelled.
 */
export function siteValues(info: SiteInfo, language: Language, markSample: (value: string) => string): SiteValues {
  const mark = info.isSample ? markSample : (value: string) => value;
  return {
    company: info.company[language],
    brand: info.brand[language],
    address: info.address[language],
    serviceEmail: info.serviceEmail,
    servicePhone: mark(info.servicePhone),
  };
}
