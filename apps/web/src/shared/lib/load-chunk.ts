import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** A part of the app (a page, a dialog, its texts) that could not be loaded from the server after every try. */
export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super(`a part of the app could not be loaded: ${cause instanceof Error ? cause.message : String(cause)}`, {
      cause,
    });
    this.name = 'ChunkLoadError';
  }
}

/**
 * The waits before each new try, ms (each stretched by up to a quarter at random, so that the browsers a
 * busy server turned away do not all come back at once); after the last, the load has failed.
 */
export const chunkRetry = { delaysMs: [500, 1500, 4000] };

/** The build's preload helper names a stylesheet it could not load: "Unable to preload CSS for <url>". */
const CSS_FAILURE = /Unable to preload CSS for (\S+)/;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Loads a stylesheet again: the build's helper tries each one once, so a page whose CSS was turned away
 * would otherwise come back without its styles.
 */
function reloadStylesheet(href: string): Promise<void> {
  for (const old of document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]'))
    if (old.href === href) old.remove();
  return new Promise((resolve, reject) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.addEventListener('load', () => resolve());
    link.addEventListener('error', () => reject(new Error(`Unable to preload CSS for ${href}`)));
    document.head.appendChild(link);
  });
}

/**
 * Loads a part of the app (a dynamic import), trying again with growing waits when the server turned it
 * away (419 busy, a 5xx) or the network failed, then throws `ChunkLoadError`, which the error boundaries
 * show as a page offering to reload. A browser fetches a module that failed to load again when it is
 * imported again.
 */
export async function loadChunk<T>(load: () => Promise<T>): Promise<T> {
  const stylesheets = new Set<string>();
  for (let attempt = 0; ; attempt++) {
    try {
      for (const href of stylesheets) {
        await reloadStylesheet(href);
        stylesheets.delete(href);
      }
      return await load();
    } catch (error) {
      const css = CSS_FAILURE.exec(String(error))?.[1];
      if (css) stylesheets.add(css);
      const delay = chunkRetry.delaysMs[attempt];
      if (delay === undefined) throw new ChunkLoadError(error);
      await sleep(delay * (1 + Math.random() / 4));
    }
  }
}

/** `React.lazy` for a component loaded with `loadChunk`. */
// biome-ignore lint/suspicious/noExplicitAny: any component, as React.lazy takes
export function lazyChunk<C extends ComponentType<any>>(load: () => Promise<{ default: C }>): LazyExoticComponent<C> {
  return lazy(() => loadChunk(load));
}
