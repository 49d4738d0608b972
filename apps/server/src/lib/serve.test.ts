import { defineEndpoint } from '@junction/domain';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { requireEndpoint, serve } from './serve';

const echo = defineEndpoint({
  method: 'POST',
  path: '/api/echo',
  body: z.object({ n: z.number().int().default(1) }),
  response: z.object({ doubled: z.number() }),
});

function newApp() {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  return app;
}

describe('serving domain endpoints', () => {
  it('validates the request and shapes the answer with the endpoint schemas', async () => {
    const app = newApp();
    serve(app, echo, { tags: ['test'] }, async (req) => ({ doubled: req.body.n * 2, extra: 'dropped' }));
    const ok = await app.inject({ method: 'POST', url: '/api/echo', payload: {} });
    expect(ok.json()).toEqual({ doubled: 2 });
    const bad = await app.inject({ method: 'POST', url: '/api/echo', payload: { n: 'two' } });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses to build an API scope with a route that is not a domain endpoint', async () => {
    const app = newApp();
    app.register(async (api) => {
      api.addHook('onRoute', requireEndpoint);
      serve(api, echo, { tags: ['test'] }, async () => ({ doubled: 0 }));
      api.get('/api/handwritten', async () => ({ ok: true }));
    });
    await expect(app.ready()).rejects.toThrow('GET /api/handwritten must be served from a domain endpoint');
  });
});
