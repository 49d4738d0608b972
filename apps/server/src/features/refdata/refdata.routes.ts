import { countrySchema, currencyTableSchema } from '@junction/domain';
import type { Refdata } from '@junction/refdata';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const calendarDaySchema = z.object({
  type: z.enum(['holiday', 'workday']),
  key: z.string(),
  nameEn: z.string(),
  nameZh: z.string(),
});

/** The calendar's years: this year and next (spec §7), by the server's clock in Beijing time. */
export function calendarYears(now: Date): string[] {
  const year = Number(new Intl.DateTimeFormat('en', { year: 'numeric', timeZone: 'Asia/Shanghai' }).format(now));
  return [String(year), String(year + 1)];
}

/** Lookup tables the client needs: countries with calling codes, currencies with rates, the holiday calendar. */
export const refdataRoutes = (refdata: Refdata, now: () => Date = () => new Date()): FastifyPluginAsyncZod =>
  async function refdataRoutesPlugin(app) {
    app.get(
      '/api/countries',
      { schema: { tags: ['reference'], response: { 200: z.object({ data: z.array(countrySchema) }) } } },
      async (_req, reply) => {
        reply.header('cache-control', 'public, max-age=86400');
        return { data: refdata.countries };
      },
    );

    app.get(
      '/api/currencies',
      {
        schema: {
          tags: ['reference'],
          response: { 200: currencyTableSchema },
        },
      },
      async (_req, reply) => {
        reply.header('cache-control', 'public, max-age=3600');
        return { data: refdata.currencies, rates: refdata.rates };
      },
    );

    app.get(
      '/forestage/calendar.json',
      {
        schema: {
          tags: ['reference'],
          summary: 'Public holidays and adjusted working days for this year and next',
          response: {
            200: z.object({
              years: z.record(z.string(), z.object({ status: z.enum(['official', 'provisional']) })),
              days: z.record(z.string(), calendarDaySchema),
            }),
          },
        },
      },
      async (_req, reply) => {
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
      },
    );
  };
