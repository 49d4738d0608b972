import { alertEndpoints, packSearchLink, type SearchCriteria } from '@junction/domain';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client';

/** Tracks the prices of a search: a price alert of the signed-in traveller (`POST /api/price-alerts`). */
export const useTrackPrices = () =>
  useMutation({
    mutationFn: (p: { criteria: SearchCriteria; sms: boolean }) =>
      callApi(alertEndpoints.create, { body: { link: packSearchLink(p.criteria), sms: p.sms } }),
  });
