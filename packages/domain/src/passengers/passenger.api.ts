import { defineEndpoint, okSchema } from '../api/endpoint';
import {
  passengerInputSchema,
  passengerListQuerySchema,
  passengerPageSchema,
  passengerRemoveSchema,
  passengerSchema,
} from './passenger.schema';

/** Saved travellers (spec §7), served as written; every call sees only the signed-in user's travellers. */
export const passengerEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/passengers',
    query: passengerListQuerySchema,
    response: passengerPageSchema,
    summary: "The signed-in user's travellers, documents masked, a page at a time",
  }),
  save: defineEndpoint({
    method: 'POST',
    path: '/api/passenger',
    body: passengerInputSchema,
    response: passengerSchema,
    summary: 'Create a traveller, or update the one named by id',
  }),
  remove: defineEndpoint({
    method: 'POST',
    path: '/api/passenger/remove',
    body: passengerRemoveSchema,
    response: okSchema,
    summary: 'Delete a traveller',
  }),
} as const;
