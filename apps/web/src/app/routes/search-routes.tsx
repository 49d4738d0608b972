import type { RouteObject } from 'react-router';
import { startLinkEarly } from '../../features/search/api/early-link';
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
    // A short link's criteria are asked for beside the page's code, not once it has drawn.
    loader: ({ params }) => {
      if (params.routes) startLinkEarly(params.routes);
      return null;
    },
    // Another plan of the same link needs nothing new.
    shouldRevalidate: ({ currentParams, nextParams, defaultShouldRevalidate }) =>
      currentParams.routes !== nextParams.routes && defaultShouldRevalidate,
    lazy: antdPage(
      () => import('../../features/search/pages/results-page'),
      (m) => m.ResultsPage,
      ['rail', 'results'],
    ),
  },
];
