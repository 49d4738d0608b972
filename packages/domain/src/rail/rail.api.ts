import { defineEndpoint, okSchema } from '../api/endpoint';
import {
  railAccountStatusSchema,
  railCodeAnswerSchema,
  railCodeRequestSchema,
  railImportAnswerSchema,
  railImportSchema,
  railLoginSchema,
  railPassengerListSchema,
} from './rail-account.schema';
import { railDeskCompleteSchema, railDeskQueueSchema, railDeskRefuseSchema } from './rail-desk.schema';
import { railTicketingInfoSchema } from './ticketing';

/** The national rail account (spec §1, §5, §6): link, state, passengers, unlink. */
export const railEndpoints = {
  ticketing: defineEndpoint({
    method: 'GET',
    path: '/api/rail/ticketing',
    response: railTicketingInfoSchema,
    summary: 'How trains are ticketed for the caller (online with a live 12306 link, else offline) and the fees',
  }),
  account: defineEndpoint({
    method: 'GET',
    path: '/api/rail/account',
    response: railAccountStatusSchema,
    summary: 'The linked national rail account and the state of its session, or none',
  }),
  code: defineEndpoint({
    method: 'POST',
    path: '/api/rail/code',
    body: railCodeRequestSchema,
    response: railCodeAnswerSchema,
    summary: "Asks the rail service to text a login code to its account's phone (result 0, 6 or 11)",
  }),
  login: defineEndpoint({
    method: 'POST',
    path: '/api/rail/login',
    body: railLoginSchema,
    response: railAccountStatusSchema,
    summary: 'Logs in to the national rail account and links it (the agreement must be ticked)',
  }),
  logout: defineEndpoint({
    method: 'POST',
    path: '/api/rail/logout',
    response: okSchema,
    summary: 'Unlinks the rail account; refused while tickets are being issued through it',
  }),
  passengers: defineEndpoint({
    method: 'GET',
    path: '/api/rail/passengers',
    response: railPassengerListSchema,
    summary: "The linked account's passengers with their verification status",
  }),
  importPassengers: defineEndpoint({
    method: 'POST',
    path: '/api/rail/passengers/import',
    body: railImportSchema,
    response: railImportAnswerSchema,
    summary: "Saves passengers of the linked account as the user's travellers",
  }),
} as const;

/**
 * Our offline ticketing desk, for accounts with the agent role: the requests waiting (an issue, or a change
 * with its old and new trains), taken up now or, for a change, refused (the old ticket stands).
 */
export const railDeskEndpoints = {
  queue: defineEndpoint({
    method: 'GET',
    path: '/api/service/rail-desk',
    response: railDeskQueueSchema,
    summary: "The train tickets to issue and the changes waiting at the agents' desk, the longest waiting first",
  }),
  complete: defineEndpoint({
    method: 'POST',
    path: '/api/service/rail-desk/complete',
    body: railDeskCompleteSchema,
    response: okSchema,
    summary: 'Issue the tickets or make the change of a waiting request at the railway now, with the tickets it issued',
  }),
  refuse: defineEndpoint({
    method: 'POST',
    path: '/api/service/rail-desk/refuse',
    body: railDeskRefuseSchema,
    response: okSchema,
    summary: 'Refuse a waiting change for a reason: the old ticket stands and the traveller is told why',
  }),
} as const;
