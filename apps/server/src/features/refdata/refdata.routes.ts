import { referenceEndpoints as api, dateTimeFormat } from '@junction/domain';
import type { Refdata } from '@junction/refdata';
import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../../lib/serve';

/** The calendar's years: this year and next (spec §7), by the server's clock in Beijing time. */
export function calendarYears(now: Date): string[] {
  const year = Number(dateTimeFormat('en', { year: 'numeric', timeZone: 'Asia/Shanghai' }).format(now));
  return [String(year), String(year + 1)];
}

/** Lookup tables the client needs: countries with calling codes, currencies with rates, the holiday calendar. */
export const refdataRoutes = (refdata: Refdata, now: () => Date = () => new Date()): FastifyPluginAsync =>
  async function refdataRoutesPlugin(app) {
    const tags = ['reference'];

    serve(app, api.countries, { tags }, async (_req, reply) => {
      reply.header('cache-control', 'public, max-age=86400');
      return { data: refdata.countries };
    });

    serve(app, api.currencies, { tags }, async (_req, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return { data: refdata.currencies, rates: refdata.rates };
    });

    serve(app, api.calendar, { tags }, async (_req, reply) => {
      const years = calendarYears(now());
      reply.header('cache-control', 'public, max-age=86400');
      return {
        years: Object.fromEntries(
          years.flatMap((y) => (refdata.calendar.years[y] ? [[y, refdata.calendar.years[y]]] : [])),
        ),
        days: Object.fromEntries(
          Object.entries(refdata.calendar.days).filter(([date]) => years.includes(date.slice(0, 4))),
        ),
      };
    });
  };
