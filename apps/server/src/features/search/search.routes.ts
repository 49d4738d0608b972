import {
  apiErrorSchema,
  pullRequestSchema,
  pullResponseSchema,
  refreshRequestSchema,
  refreshResponseSchema,
  searchCriteriaSchema,
  searchStartedSchema,
} from '@junction/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLanguage } from '../../plugins/language';
import type { SearchService } from './search.service';

const errors = { 400: apiErrorSchema };

/** Spec §7: search, pull and refresh, plus the criteria behind a short link. */
export const searchRoutes = (search: SearchService): FastifyPluginAsyncZod =>
  async function searchRoutesPlugin(app) {
    app.post(
      '/api/v2/search',
      {
        schema: {
          tags: ['search'],
          summary: 'Start a search; results are collected with pull',
          body: searchCriteriaSchema,
          response: { 200: searchStartedSchema, ...errors },
        },
      },
      async (req) => ({ searchId: await search.start(req.body, requestLanguage(req)) }),
    );

    app.post(
      '/api/v2/pull',
      {
        schema: {
          tags: ['search'],
          summary: 'Results that arrived since the cursor, with the progress of the suppliers',
          body: pullRequestSchema,
          response: { 200: pullResponseSchema, ...errors },
        },
      },
      async (req, reply) => {
        reply.header('cache-control', 'no-store');
        return search.pull(req.body.searchId, req.body.cursor);
      },
    );

    app.post(
      '/api/v2/refresh',
      {
        schema: {
          tags: ['search'],
          summary: 'Re-price one result with its seller',
          body: refreshRequestSchema,
          response: { 200: refreshResponseSchema, ...errors },
        },
      },
      async (req) => search.refresh(req.body.searchId, req.body.resultId),
    );

    app.get(
      '/api/v2/link',
      {
        schema: {
          tags: ['search'],
          summary: 'The search criteria a short link stands for (spec §5)',
          querystring: z.object({ routes: z.string().min(1).max(300) }),
          response: { 200: z.object({ criteria: searchCriteriaSchema }), ...errors },
        },
      },
      async (req) => ({ criteria: search.criteriaFromLink(req.query.routes, requestLanguage(req)) }),
    );
  };
