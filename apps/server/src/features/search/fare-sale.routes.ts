import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { simControl } from '../../lib/sim-control';
import type { SimFareSales } from './inventory/fare-sales';

const place = z.string().regex(/^[A-Za-z0-9]{3,4}$/);
const sale = z.object({ origin: place, destination: place, percentOff: z.number().int().min(0).max(90) });

/**
 * The simulated flight sellers' own route, outside production: a sale on a route from now on, a share off
 * every fare flown from a city or airport to another (0 ends it), as a seller's fares fall.
 */
export const fareSaleRoutes = (sales: SimFareSales): FastifyPluginAsync =>
  async function flightSimSales(app) {
    simControl(app, '/flight-sim/fares/sale', sale, 'Invalid fare sale.', async ({ origin, destination, percentOff }) =>
      sales.set({ origin: origin.toUpperCase(), destination: destination.toUpperCase(), percentOff }),
    );
  };
