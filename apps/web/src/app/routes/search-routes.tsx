import type { RouteObject } from 'react-router';
import { antdPage, lazyPage } from './page-loaders';

/** The home page with its search form, and the results of a search (spec §2). */
export const searchRoutes: RouteObject[] = [
  {
    index: true,
    lazy: lazyPage(
      () => import('../../features/search/pages/home-page'),
      (m) => m.HomePage,
      ['home', 'search-form'],
    ),
  },
  {
    path: 'search',
    lazy: antdPage(
      () => import('../../features/search/pages/results-page'),
      (m) => m.ResultsPage,
      ['rail', 'results'],
    ),
  },
  {
    path: 'search/:routes/:plan?',
    lazy: antdPage(
      () => import('../../features/search/pages/results-page'),
      (m) => m.ResultsPage,
      ['rail', 'results'],
    ),
  },
];
