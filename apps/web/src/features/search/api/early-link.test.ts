import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../shared/api/api-error';
import { EARLY_CALL_MS } from '../../../shared/api/early-calls';
import { beijingShanghai } from '../../../testing/search-fixtures';
import { startLinkEarly } from './early-link';
import { linkCriteriaQueryOptions } from './search-api';

const criteria = beijingShanghai();

/** The server's answers to `/api/v2/link`, in order; each call is counted. */
function server(...answers: { status: number; body: unknown }[]) {
  const fetch = vi.fn(async (_url: string) => {
    const next = answers.shift() ?? { status: 200, body: { criteria } };
    return new Response(JSON.stringify(next.body), { status: next.status });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** What the results page's query for a short link answers. */
const pageQuery = (routes: string) =>
  new QueryClient({ defaultOptions: { queries: { retry: false } } }).fetchQuery(linkCriteriaQueryOptions(routes));

let routes: string;
let n = 0;
beforeEach(() => {
  // Each test its own link: calls started early are kept by the module.
  routes = `BJS-SHA-26121${n++}`;
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-12-04T10:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("a short link's criteria asked for as the results route starts loading", () => {
  it('are what the page gets, without asking again', async () => {
    const fetch = server();
    startLinkEarly(routes);
    startLinkEarly(routes);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]?.[0]).toBe(`/api/v2/link?routes=${routes}`);
    await expect(pageQuery(routes)).resolves.toEqual(criteria);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('are checked against the contract when the page takes them', async () => {
    server({ status: 200, body: { criteria: { ...criteria, type: 7 } } });
    startLinkEarly(routes);
    await expect(pageQuery(routes)).rejects.toThrow();
  });

  it("give the page the server's refusal of a link that is not valid", async () => {
    server({ status: 404, body: { errorCode: 4040, errorContent: 'no such link' } });
    startLinkEarly(routes);
    const error = await pageQuery(routes).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(404);
  });

  it('are asked for by the page itself when none were asked for, or too long ago', async () => {
    const fetch = server();
    await expect(pageQuery(routes)).resolves.toEqual(criteria);
    expect(fetch).toHaveBeenCalledTimes(1);
    startLinkEarly(routes);
    vi.setSystemTime(Date.now() + EARLY_CALL_MS);
    await expect(pageQuery(routes)).resolves.toEqual(criteria);
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('are taken once: a later visit asks again', async () => {
    const fetch = server();
    startLinkEarly(routes);
    await pageQuery(routes);
    await pageQuery(routes);
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
