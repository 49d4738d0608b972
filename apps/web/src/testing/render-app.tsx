import type { Currency, Language } from '@junction/domain';
import { render } from '@testing-library/react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '../app/providers';
import { PreferencesProvider } from '../shared/lib/preferences';
import { AntdScope } from '../shared/ui/antd-scope';

/** Renders routes inside the app's real providers (query client with the answers of spec §8, auth, dialogs). */
export function renderApp(
  routes: RouteObject[],
  options: { at?: string; language?: Language; currency?: Currency } = {},
) {
  const router = createMemoryRouter(routes, { initialEntries: [options.at ?? '/'] });
  render(
    <PreferencesProvider
      initial={{ language: options.language ?? 'en', currency: options.currency ?? 'CNY', showOriginalCurrency: false }}
    >
      <AppProviders goHome={() => void router.navigate('/')} goToLogin={() => void router.navigate('/login')}>
        {/* As the router gives each page built with Ant Design its scope. */}
        <AntdScope>
          <RouterProvider router={router} />
        </AntdScope>
      </AppProviders>
    </PreferencesProvider>,
  );
  return router;
}

export type ApiCall = { method: string; path: string; body: unknown };
type Handler = (body: unknown) => Response | Promise<Response>;

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** `GET /api/currencies` answered with yuan and US dollars, a yuan worth `cnyToUsd` dollars on `date`. */
export const yuanAndDollars = (cnyToUsd: number, date: string) => () =>
  json({
    data: [
      { code: 'CNY', symbol: '¥', position: 'left', nameEn: 'Yuan', nameZh: '人民币', country: 'CN' },
      { code: 'USD', symbol: 'US$', position: 'left', nameEn: 'US dollar', nameZh: '美元', country: 'US' },
    ],
    rates: { date, rates: { 'CNY:USD': cnyToUsd } },
  });

/** Answers `fetch` by `METHOD /path`; anything else is a 404 in the API's error shape. Returns the calls made. */
export function stubApi(routes: Record<string, Handler>): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, path: url.pathname, body });
      const handler = routes[`${method} ${url.pathname}`];
      return handler ? handler(body) : json({ errorCode: 4040, errorContent: 'Not found' }, 404);
    }),
  );
  return calls;
}
