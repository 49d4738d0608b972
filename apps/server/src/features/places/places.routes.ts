import { AppError, type MapTiles, placeEndpoints } from '@junction/domain';
import type { Gazetteer, MapData, PlaceIndex } from '@junction/refdata';
import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../../lib/serve';
import { cityMap } from './city-map';
import type { DoorMatch, Geocoder } from './geocoder/geocoder';
import { answerEncoding, PlaceAnswers } from './place-answers';

/** Addresses and landmarks shown beside the places. */
const DOOR_LIMIT = 5;
/** Place search answers kept per process, and for how long (the geocoder's may change; ours, with a release). */
const KEPT_ANSWERS = 5000;
const ANSWER_TTL_MS = 10 * 60_000;

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
export type PlacesDeps = {
  places: PlaceIndex;
  geocoder: Geocoder;
  gazetteer: Gazetteer;
  map: MapData;
  /** A commercial map's tiles to draw under ours, when configured. */
  tiles?: MapTiles;
};

export const placesRoutes = ({ places, geocoder, gazetteer, map, tiles }: PlacesDeps): FastifyPluginAsync =>
  async function placeRoutes(app) {
    const tags = ['places'];

    const answers = new PlaceAnswers(KEPT_ANSWERS, ANSWER_TTL_MS);
    serve(app, placeEndpoints.search, { tags }, async (req, reply) => {
      reply
        .header('cache-control', 'public, max-age=3600')
        .header('vary', 'cookie, accept-encoding')
        .type('application/json; charset=utf-8');
      const { keyword, limit } = req.query;
      const key = JSON.stringify([keyword, limit, req.language]);
      let json = answers.get(key);
      if (json === undefined) {
        const found = places.searchScored(keyword, req.language, limit);
        let doors: DoorMatch[] = [];
        let complete = true;
        try {
          doors = await geocoder.suggest(keyword, req.language, DOOR_LIMIT, AbortSignal.timeout(2000));
        } catch (e) {
          // A geocoder that fails leaves the cities, airports and stations: the picker still works.
          req.log.warn({ err: e, geocoder: geocoder.id }, 'geocoder failed');
          complete = false;
        }
        const answer = placeEndpoints.search.response.parse({
          data: found.places,
          doors: doors.map((d) => d.door),
          doorsFirst: (doors[0]?.score ?? 0) > found.best,
        });
        json = JSON.stringify(answer);
        // An answer without the geocoder's part is not kept: the next asking tries it again.
        if (!complete) return reply.send(json);
        answers.set(key, json);
      }
      // Checked against the contract and compressed once, when it was first asked for.
      const encoding = answerEncoding(req.headers['accept-encoding']);
      const body = encoding === 'identity' ? undefined : answers.encoded(key, encoding);
      return body ? reply.header('content-encoding', encoding).send(body) : reply.send(json);
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

    serve(app, placeEndpoints.nearest, { tags }, async (req, reply) => {
      reply.header('cache-control', 'public, max-age=3600').header('vary', 'cookie');
      return { data: await geocoder.reverse({ lat: req.query.lat, lon: req.query.lon }, req.language) };
    });

    serve(app, placeEndpoints.cityMap, { tags }, async (req, reply) => {
      const data = cityMap(req.query.code, req.language, { places, gazetteer, map });
      if (!data) throw new AppError('MAP_UNKNOWN_CITY');
      reply.header('cache-control', 'public, max-age=86400').header('vary', 'cookie');
      return { data: tiles ? { ...data, tiles } : data };
    });
  };
