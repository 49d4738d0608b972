import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { SimFareSales } from './inventory/fare-sales';

const place = z.string().regex(/^[A-Za-z0-9]{3,4}$/);
const sale = z.object({ origin: place, destination: place, percentOff: z.number().int().min(0).max(90) });

/**
 * The simulated flight sellers' own route, outside production: a sale on a route from now on, a share off
 * every fare flown from a city or airport to another (0 ends it), as a seller's fares fall.
 */
export const fareSaleRoutes = (sales: SimFareSales): FastifyPluginAsync =>
  async function flightSimSales(app) {
    app.post('/flight-sim/fares/sale', async (req, reply) => {
      const parsed = sale.safeParse(req.body);
      if (!parsed.success) return reply.code(400).send({ errorCode: 1000, errorContent: 'Invalid fare sale.' });
      const { origin, destination, percentOff } = parsed.data;
      return sales.set({ origin: origin.toUpperCase(), destination: destination.toUpperCase(), percentOff });
    });
  };
