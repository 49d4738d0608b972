import { alertEndpoints, monthOfDate, packSearchLink, type SearchCriteria } from '@junction/domain';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client';

/**
 * Tracks the prices of a search: a price alert of the signed-in traveller (`POST /api/price-alerts`), on
 * its date or over any day of its departure's month.
 */
export const useTrackPrices = () =>
  useMutation({
    mutationFn: (p: { criteria: SearchCriteria; sms: boolean; overMonth: boolean }) => {
      const leaves = p.criteria.legs[0]?.departure_date;
      const month = p.overMonth && leaves ? { month: monthOfDate(leaves) } : {};
      return callApi(alertEndpoints.create, { body: { link: packSearchLink(p.criteria), sms: p.sms, ...month } });
    },
  });
