import { createMemoryRouter } from 'react-router';
import { routerOptions, routes } from '../app/router';

/**
 * The app's router at an address once it has loaded the pages it needs and followed its redirects,
 * without rendering anything; the caller reads its state and disposes of it.
 */
export async function settledRouter(path: string) {
  const router = createMemoryRouter(routes, { ...routerOptions, initialEntries: [path] });
  await new Promise<void>((resolve) => {
    if (router.state.initialized && router.state.navigation.state === 'idle') resolve();
    const stop = router.subscribe((state) => {
      if (state.initialized && state.navigation.state === 'idle') {
        stop();
        resolve();
      }
    });
  });
  return router;
}
