import { searchEndpoints as api, apiErrorSchema } from '@junction/domain';
import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../../lib/serve';
import { nearbyCalendar } from './nearby-calendar';
import { pullJson, type SearchService } from './search.service';
import type { TrainStopsService } from './train-stops';

/** Spec §7: search, pull and refresh, plus the criteria behind a short link and a train's stations. */
export const searchRoutes = (search: SearchService, trains: TrainStopsService): FastifyPluginAsync =>
  async function searchRoutesPlugin(app) {
    const options = { tags: ['search'], responses: { 400: apiErrorSchema } };
    // Pulls hear other processes' changes from when the server is ready (a bus that fails to start is tried
    // again in the background: until then a waiting pull reads the session when its time is up).
    app.addHook('onReady', () => search.listen());
    app.addHook('preClose', async () => search.closing());
    app.addHook('onClose', () => search.closed());

    // The largest valid criteria (five legs with names, twenty filters) stay under 32 kB.
    serve(app, api.start, { ...options, bodyLimit: 32 * 1024 }, async (req) => ({
      searchId: await search.start(req.body, req.language),
    }));

    serve(app, api.pull, options, async (req, reply) => {
      reply.header('cache-control', 'no-store');
      // The results were checked against the contract before they were stored, and a view's page is made of
      // them: sent without a second check.
      const { searchId, cursor, view, waitMs } = req.body;
      const answer = await search.pull(searchId, cursor, view, waitMs);
      return reply.type('application/json; charset=utf-8').send(pullJson(answer));
    });

    serve(app, api.refresh, options, async (req) => search.refresh(req.body.searchId, req.body.resultId));

    serve(app, api.link, options, async (req) => ({
      criteria: search.criteriaFromLink(req.query.routes, req.language),
    }));

    serve(app, api.places, options, async (req, reply) => {
      // Places change with a data release, not between two searches.
      reply.header('cache-control', 'public, max-age=3600');
      return { places: req.query.tokens.map((token) => search.placeOf(token)) };
    });

    serve(app, api.calendar, options, async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return nearbyCalendar(search, req.query.searchId);
    });

    serve(app, api.trainStops, { ...options, responses: { 404: apiErrorSchema } }, async (req, reply) => {
      // A timetable changes with a data release.
      reply.header('cache-control', 'public, max-age=3600');
      return trains.stops(req.query.number, req.query.from, req.query.date);
    });
  };
