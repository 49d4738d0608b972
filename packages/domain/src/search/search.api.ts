import { z } from 'zod';
import { defineEndpoint } from '../api/endpoint';
import {
  pullRequestSchema,
  pullResponseSchema,
  refreshRequestSchema,
  refreshResponseSchema,
  searchCriteriaSchema,
  searchStartedSchema,
} from './search.schema';

export const shortLinkQuerySchema = z.object({ routes: z.string().min(1).max(300) });
export const shortLinkCriteriaSchema = z.object({ criteria: searchCriteriaSchema });

/** Spec §7: search, pull and refresh, plus the criteria behind a short link. */
export const searchEndpoints = {
  start: defineEndpoint({
    method: 'POST',
    path: '/api/v2/search',
    body: searchCriteriaSchema,
    response: searchStartedSchema,
    summary: 'Start a search; results are collected with pull',
  }),
  pull: defineEndpoint({
    method: 'POST',
    path: '/api/v2/pull',
    body: pullRequestSchema,
    response: pullResponseSchema,
    summary: 'Results that arrived since the cursor, with the progress of the suppliers',
  }),
  refresh: defineEndpoint({
    method: 'POST',
    path: '/api/v2/refresh',
    body: refreshRequestSchema,
    response: refreshResponseSchema,
    summary: 'Re-price one result with its seller',
  }),
  link: defineEndpoint({
    method: 'GET',
    path: '/api/v2/link',
    query: shortLinkQuerySchema,
    response: shortLinkCriteriaSchema,
    summary: 'The search criteria a short link stands for (spec §5)',
  }),
} as const;
