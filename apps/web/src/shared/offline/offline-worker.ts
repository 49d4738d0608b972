import { useEffect, useRef } from 'react';
import { localSession } from '../auth/session';

/** Registers the worker that keeps tickets readable offline (src/sw.ts), from the built site only. */
function register(): void {
  navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
}

/**
 * Once a signed-in traveller's trips or order page has loaded and the browser is idle, registers the worker:
 * never on the first page, and never for a visitor. `refresh` reads the page's trips again: when the worker
 * first takes the page over, so they are saved from this first visit on, and when the device is back online,
 * so a page shown from what was saved turns into the network's answer by itself.
 */
export function useOfflineWorker(refresh: () => void): void {
  const latest = useRef(refresh);
  latest.current = refresh;
  useEffect(() => {
    const again = () => latest.current();
    window.addEventListener('online', again);
    if (!localSession.hasUser() || !import.meta.env.PROD || !('serviceWorker' in navigator))
      return () => window.removeEventListener('online', again);
    const container = navigator.serviceWorker;
    if (!container.controller) container.addEventListener('controllerchange', again, { once: true });
    let idle = 0;
    const whenIdle = () => {
      if ('requestIdleCallback' in window) idle = window.requestIdleCallback(register, { timeout: 5000 });
      else register();
    };
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
    return () => {
      window.removeEventListener('online', again);
      container.removeEventListener('controllerchange', again);
      window.removeEventListener('load', whenIdle);
      if (idle !== 0) window.cancelIdleCallback(idle);
    };
  }, []);
}
