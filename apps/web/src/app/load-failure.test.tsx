import { render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../locales/en/load.json';
import zh from '../locales/zh-CN/load.json';
import { ChunkLoadError, chunkRetry, lazyChunk, loadChunk } from '../shared/lib/load-chunk';
import { renderApp } from '../testing/render-app';
import { AppErrorBoundary } from './layout/load-failure';
import { RouteError } from './layout/route-error';
import { lazyPage } from './router';

const TEXTS = { en, 'zh-CN': zh } as const;
/** What a browser throws when the server answered a chunk with 419 or 5xx, or the network failed. */
const turnedAway = () => new TypeError('Failed to fetch dynamically imported module: /assets/about-page-3f9a.js');

const delays = chunkRetry.delaysMs;
beforeEach(() => {
  // Tried again at once: what is tested is that it is, not how long it waits.
  chunkRetry.delaysMs = [0, 0, 0];
  // React and the router report each failure on the console; these are the failures under test.
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(async () => {
  chunkRetry.delaysMs = delays;
  vi.restoreAllMocks();
  await i18next.changeLanguage('en');
});

/** A page module that the server turns away `failures` times, then sends. */
function flakyPage(failures: number) {
  const calls = { count: 0 };
  const load = async () => {
    calls.count++;
    if (calls.count <= failures) throw turnedAway();
    return { AboutPage: () => <h1>About Junction</h1> };
  };
  return { calls, lazy: lazyPage(load, (m) => m.AboutPage) };
}

describe('a part of the app the server turns away', () => {
  it('is asked for again, and the page shows once it arrives', async () => {
    const page = flakyPage(2);
    renderApp([{ path: '/', errorElement: <RouteError />, lazy: page.lazy }]);
    expect(await screen.findByRole('heading', { name: 'About Junction' })).toBeTruthy();
    expect(page.calls.count).toBe(3);
    expect(screen.queryByTestId('load-failure')).toBeNull();
  });

  it.each(['en', 'zh-CN'] as const)(
    'offers to reload, in the site’s language (%s), when it never arrives: never a blank page',
    async (language) => {
      const page = flakyPage(Number.POSITIVE_INFINITY);
      renderApp([{ path: '/', errorElement: <RouteError />, lazy: page.lazy }], { language });
      const failure = await screen.findByTestId('load-failure');
      expect(failure.textContent).toContain(TEXTS[language].title);
      expect(failure.textContent).toContain(TEXTS[language].description);
      expect(screen.getByRole('button', { name: TEXTS[language].reload })).toBeTruthy();
      // The first try and one for each wait.
      expect(page.calls.count).toBe(4);
    },
  );

  it.each(['en', 'zh-CN'] as const)(
    'shows the whole-page message (%s) when a part the shell loads (a dialog) never arrives',
    async (language) => {
      // The site's language, as the app's providers set it.
      await i18next.changeLanguage(language);
      const Dialog = lazyChunk(async () => {
        throw turnedAway();
      });
      render(
        <AppErrorBoundary language={language}>
          <Suspense fallback={<p>loading</p>}>
            <Dialog />
          </Suspense>
        </AppErrorBoundary>,
      );
      const failure = await screen.findByTestId('load-failure');
      expect(failure.getAttribute('lang')).toBe(language);
      expect(failure.textContent).toContain(TEXTS[language].title);
      expect(screen.getByRole('button', { name: TEXTS[language].reload })).toBeTruthy();
      expect(screen.getByRole('link', { name: TEXTS[language].home }).getAttribute('href')).toBe('/');
    },
  );

  it('loads a stylesheet the server turned away again before the page that needs it', async () => {
    const href = 'http://localhost/assets/results-page-8c1d.css';
    let calls = 0;
    const loaded = loadChunk(async () => {
      calls++;
      if (calls === 1) throw new Error(`Unable to preload CSS for ${href}`);
      return 'page';
    });
    const link = await waitFor(() => {
      const found = document.head.querySelector<HTMLLinkElement>(`link[rel="stylesheet"][href="${href}"]`);
      if (!found) throw new Error('not yet');
      return found;
    });
    expect(calls).toBe(1);
    link.dispatchEvent(new Event('load'));
    expect(await loaded).toBe('page');
    expect(calls).toBe(2);
    link.remove();
  });

  it('gives up with a ChunkLoadError that names the cause', async () => {
    await expect(loadChunk(async () => Promise.reject(turnedAway()))).rejects.toBeInstanceOf(ChunkLoadError);
  });
});
