import { fulfilmentEndpoints } from '@junction/domain';

/**
 * The itinerary's files, downloaded by the browser itself (`GET /api/itinerary/pdf` and `/ics`): the
 * server draws them in the language of the request, for the signed-in traveller's own order only.
 */
export const itineraryFileUrl = (file: 'pdf' | 'ics', orderId: string): string =>
  `${(file === 'pdf' ? fulfilmentEndpoints.itineraryPdf : fulfilmentEndpoints.itineraryIcs).path}?${new URLSearchParams({ id: orderId })}`;
