import { apiErrorSchema, defineEndpoint, ERRORS, localTextSchema } from '@junction/domain';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { savedCopyTime } from '../offline/saved-copy';
import { callApi, callRoute, isApiErrorBody, routeOf } from './api-client';
import { ApiError } from './api-error';

const name = defineEndpoint({ method: 'GET', path: '/api/test/name', response: localTextSchema });
const nameRoute = routeOf<typeof name>({ method: 'GET', path: '/api/test/name' });

function answer(status: number, body: unknown) {
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => vi.unstubAllGlobals());

/** Values near an error body: each field right, wrong or missing, and some extra ones. */
const nearErrorBody = fc.record(
  {
    errorCode: fc.oneof(fc.integer(), fc.double(), fc.string(), fc.constant(null)),
    errorType: fc.oneof(fc.constant('expired'), fc.string(), fc.constant(null)),
    errorContent: fc.oneof(fc.string(), fc.integer(), fc.constant(null)),
    params: fc.oneof(
      fc.dictionary(fc.string(), fc.jsonValue()),
      fc.array(fc.integer()),
      fc.string(),
      fc.constant(null),
    ),
    other: fc.jsonValue(),
  },
  { requiredKeys: [] },
);

describe('isApiErrorBody', () => {
  it('accepts exactly what apiErrorSchema accepts', () => {
    fc.assert(
      fc.property(fc.oneof(nearErrorBody, fc.anything()), (value) => {
        expect(isApiErrorBody(value)).toBe(apiErrorSchema.safeParse(value).success);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('callRoute', () => {
  it('sends the route, the query and the body as callApi does and answers the JSON', async () => {
    const fetch = answer(200, { en: 'Li', 'zh-CN': '李' });
    await expect(callRoute(nameRoute, {})).resolves.toEqual({ en: 'Li', 'zh-CN': '李' });
    await expect(callApi(name, {})).resolves.toEqual({ en: 'Li', 'zh-CN': '李' });
    expect(fetch.mock.calls[0]).toEqual(fetch.mock.calls[1]);
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/test/name');
  });

  it('throws the error body of a failure, or a general error when the body is not one', async () => {
    answer(422, { errorCode: 2150, errorContent: 'Not enough' });
    const failure = await callRoute(nameRoute, {}).catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 422, errorCode: 2150 });

    answer(502, { message: 'Bad gateway' });
    await expect(callRoute(nameRoute, {})).rejects.toMatchObject({
      status: 502,
      errorCode: ERRORS.INTERNAL.errorCode,
    });
  });

  it('answers a network failure with the service-unavailable code', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(callRoute(nameRoute, {})).rejects.toMatchObject({
      status: 0,
      errorCode: ERRORS.SERVICE_UNAVAILABLE.errorCode,
    });
  });
});

describe('callApi', () => {
  it('refuses an answer its schema does not accept', async () => {
    answer(200, { en: 'Li' });
    await expect(callApi(name, {})).rejects.toThrow();
  });
});

describe('an answer the service worker gave from its saved copy', () => {
  it('is known as the copy saved at the time its header says; the network answer is not', async () => {
    const body = { en: 'Beijing', 'zh-CN': '北京' };
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify(body), { status: 200, headers: { 'x-junction-saved-at': '1795000000000' } }),
      ),
    );
    expect(savedCopyTime(await callApi(name, {}))).toBe(1_795_000_000_000);
    expect(savedCopyTime(await callRoute(nameRoute, {}))).toBe(1_795_000_000_000);
    answer(200, body);
    const fresh = await callApi(name, {});
    expect(fresh).toEqual(body);
    expect(savedCopyTime(fresh)).toBeNull();
  });
});
