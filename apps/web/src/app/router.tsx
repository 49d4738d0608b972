import { createBrowserRouter, Navigate, type PatchRoutesOnNavigationFunction, type RouteObject } from 'react-router';
import { localSession } from '../shared/auth/session';
import { PageFallback, RootLayout } from './layout/root-layout';
import { RouteError, ShellError } from './layout/route-error';
import { accountArea, signInRoutes } from './routes/account-routes';
import { infoRoutes } from './routes/info-routes';
import { orderRoutes } from './routes/order-routes';
import { antdPage, unknownPath, userOnly } from './routes/page-loaders';
import { searchRoutes } from './routes/search-routes';

export { lazyPage } from './routes/page-loaders';

/** The id of the route every page hangs under. */
const PAGES = 'pages';

/**
 * Each page is its own chunk, loaded on first visit and tried again while the server turns it away; a page
 * that still could not be loaded says so in place of the page, the shell staying. Unknown paths go home
 * (spec §2).
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    errorElement: <ShellError />,
    children: [
      {
        id: PAGES,
        errorElement: <RouteError />,
        // The first page opened shows the header and a spinner while its code comes, not an empty screen.
        HydrateFallback: PageFallback,
        children: [
          ...searchRoutes,
          ...infoRoutes,
          ...signInRoutes,
          {
            path: 'service',
            loader: userOnly,
            lazy: antdPage(
              () => import('../features/chat/pages/service-page'),
              (m) => m.ServicePage,
              ['chat', 'orders'],
            ),
          },
          ...orderRoutes,
          { path: '*', loader: unknownPath, element: <Navigate to="/" replace /> },
        ],
      },
    ],
  },
];

const patchRoutesOnNavigation: PatchRoutesOnNavigationFunction = ({ path, patch }) => {
  if (/^\/account(\/|$)/.test(path) && localSession.hasUser()) patch(PAGES, [accountArea]);
};

/** What the app's router is created with besides its routes (the tests create theirs with it too). */
export const routerOptions = { patchRoutesOnNavigation };

/** The app's router: it starts loading the first page's code (and texts) as soon as it is made. */
export const createAppRouter = () => createBrowserRouter(routes, routerOptions);
