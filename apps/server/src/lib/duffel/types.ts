import type { Duffel } from '@duffel/api';

// The client's own types, reached through its methods (its type module is not a path of the package).
export type Offer = Awaited<ReturnType<Duffel['offers']['get']>>['data'];
export type OfferAvailableService = Offer['available_services'][number];
export type Order = Awaited<ReturnType<Duffel['orders']['get']>>['data'];
export type CreateOrderPassenger = Parameters<Duffel['orders']['create']>[0]['passengers'][number];
export type SeatMap = Awaited<ReturnType<Duffel['seatMaps']['get']>>['data'][number];
