import { placeEndpoints } from '@junction/domain';
import type { PlaceIndex } from '@junction/refdata';
import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../../lib/serve';

/** Cities offered before anything is typed: the main Chinese cities and the hubs travellers fly to most. */
export const POPULAR_CITY_CODES = [
  'BJS',
  'SHA',
  'CAN',
  'SZX',
  'CTU',
  'HGH',
  'XIY',
  'CKG',
  'HKG',
  'TPE',
  'TYO',
  'SEL',
  'SIN',
  'BKK',
  'LON',
  'NYC',
];

/** `GET /api/place` (spec §7): places matching a keyword, ranked for a traveller. */
export const placesRoutes = (places: PlaceIndex): FastifyPluginAsync =>
  async function placeRoutes(app) {
    const tags = ['places'];

    serve(app, placeEndpoints.search, { tags }, async (req, reply) => {
      reply.header('cache-control', 'public, max-age=3600').header('vary', 'cookie');
      const { keyword, limit } = req.query;
      return { data: places.search(keyword, req.language, limit) };
    });

    serve(app, placeEndpoints.popular, { tags }, async (req, reply) => {
      reply.header('cache-control', 'public, max-age=86400').header('vary', 'cookie');
      const language = req.language;
      const cities = POPULAR_CITY_CODES.flatMap((code) =>
        places
          .findByCode(code)
          .filter((p) => p.kind === 'city')
          .slice(0, 1),
      );
      return { data: cities.map((p) => places.toPlace(p, language)) };
    });
  };
