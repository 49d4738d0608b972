import { z } from 'zod';
import { defineEndpoint } from './endpoint';

export const healthSchema = z.object({ status: z.enum(['ok', 'degraded']), database: z.enum(['up', 'down']) });

/** Liveness and readiness for load balancers: 200 when the database answers, 503 when it does not. */
export const healthEndpoint = defineEndpoint({ method: 'GET', path: '/healthz', response: healthSchema });
