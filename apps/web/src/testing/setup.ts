import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { initTestI18n } from './i18n';
import { mediaQueryList } from './media-query';

// jsdom lacks the layout APIs Ant Design asks for.
if (!window.matchMedia) window.matchMedia = (query: string) => mediaQueryList(query);
if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.assign(window, { ResizeObserver: ResizeObserverStub });
}

// findBy… and waitFor wait for a state, not for a second of wall-clock luck: on a busy shared machine a page
// may take many seconds to render what it will render. The test's own limit still catches a state that never comes.
configure({ asyncUtilTimeout: 30_000 });

// Each file starts in a clean browser, as in a page of its own: the files of a worker share its modules
// (vitest.config.ts), not the storage, address or stubbed globals a file before left behind.
localStorage.clear();
sessionStorage.clear();
window.history.replaceState(null, '', '/');
vi.unstubAllGlobals();
vi.restoreAllMocks();

await initTestI18n();
afterEach(() => cleanup());
