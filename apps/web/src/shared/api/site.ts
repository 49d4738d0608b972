import { type Language, referenceEndpoints, type SiteInfo } from '@junction/domain';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { callApi } from './api-client';

export const siteKeys = { info: ['site', 'info'] as const };

export const siteInfoQueryOptions = () =>
  queryOptions({
    queryKey: siteKeys.info,
    queryFn: ({ signal }) => callApi(referenceEndpoints.site, { signal }),
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
