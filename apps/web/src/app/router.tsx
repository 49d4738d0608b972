import type { ComponentType } from 'react';
import {
  createBrowserRouter,
  type LoaderFunctionArgs,
  Navigate,
  type PatchRoutesOnNavigationFunction,
  type RouteObject,
  redirect,
} from 'react-router';
import { localSession } from '../shared/auth/session';
import { loadChunk } from '../shared/lib/load-chunk';
import { AGREEMENT_PAGES, AGREEMENT_TABS, paths } from '../shared/paths';
import { RootLayout } from './layout/root-layout';
import { RouteError, ShellError } from './layout/route-error';

/** Spec §2: sign-in and reset pages send a signed-in traveller home. */
const guestOnly = () => (localSession.hasUser() ? redirect('/') : null);

/** Spec §2: any path containing `account` needs a stored user, else /login (and back here afterwards). */
const userOnly = ({ request }: LoaderFunctionArgs) => {
  if (localSession.hasUser()) return null;
  const { pathname, search } = new URL(request.url);
  return redirect(`/login?redirect=${encodeURIComponent(pathname + search)}`);
};

/**
 * Any other path (spec §2): one that contains `account` is guarded like the account area first; an account
 * page not built yet opens the account area rather than the home page; everything else goes home.
 */
const unknownPath = (args: LoaderFunctionArgs) => {
  const { pathname } = new URL(args.request.url);
  if (!/account/i.test(pathname)) return null; // the element below goes home
  return userOnly(args) ?? redirect(pathname.startsWith('/account/') ? paths.account() : '/');
};

const account = () => import('../features/account/pages/account-layout');
/** The id of the route every page hangs under. */
const PAGES = 'pages';

/** A page's module, tried again while the server turns it away (`loadChunk`). */
export const lazyPage =
  <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType) =>
  async () => ({ Component: pick(await loadChunk(load)) });

/**
 * A page built with Ant Design loads with Ant Design's scope (theme, texts, message holders). The home page
 * is built without it, so the first page loads none of Ant Design.
 */
const antdPage =
  <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType) =>
  async () => {
    const [{ withAntd }, module] = await loadChunk(() => Promise.all([import('../shared/ui/antd-scope'), load()]));
    return { Component: withAntd(pick(module)) };
  };

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
        children: [
          {
            index: true,
            lazy: lazyPage(
              () => import('../features/search/pages/home-page'),
              (m) => m.HomePage,
            ),
          },
          {
            path: 'search',
            lazy: antdPage(
              () => import('../features/search/pages/results-page'),
              (m) => m.ResultsPage,
            ),
          },
          {
            path: 'search/:routes/:plan?',
            lazy: antdPage(
              () => import('../features/search/pages/results-page'),
              (m) => m.ResultsPage,
            ),
          },
          {
            path: 'about',
            lazy: antdPage(
              () => import('../features/info/pages/about-page'),
              (m) => m.AboutPage,
            ),
          },
          {
            path: 'faq',
            lazy: antdPage(
              () => import('../features/info/pages/faq-page'),
              (m) => m.FaqPage,
            ),
          },
          {
            path: 'contact-us',
            lazy: antdPage(
              () => import('../features/info/pages/contact-page'),
              (m) => m.ContactPage,
            ),
          },
          {
            path: 'airline-fees',
            lazy: antdPage(
              () => import('../features/info/pages/airline-fees-page'),
              (m) => m.AirlineFeesPage,
            ),
          },
          {
            path: 'download',
            lazy: antdPage(
              () => import('../features/info/pages/download-page'),
              (m) => m.DownloadPage,
            ),
          },
          {
            path: 'agreement/:page',
            loader: ({ params }) => {
              const page = params.page ?? '';
              const known: readonly string[] = [...AGREEMENT_TABS, ...AGREEMENT_PAGES];
              return known.includes(page) ? null : redirect('/');
            },
            lazy: antdPage(
              () => import('../features/info/pages/agreement-page'),
              (m) => m.AgreementPage,
            ),
          },
          { path: 'agreement', element: <Navigate to="/agreement/service" replace /> },
          {
            path: 'login',
            loader: guestOnly,
            lazy: antdPage(
              () => import('../features/account/pages/login-page'),
              (m) => m.LoginPage,
            ),
          },
          {
            path: 'register',
            lazy: antdPage(
              () => import('../features/account/pages/register-page'),
              (m) => m.RegisterPage,
            ),
          },
          {
            path: 'reset',
            loader: guestOnly,
            lazy: antdPage(
              () => import('../features/account/pages/reset-page'),
              (m) => m.ResetPasswordPage,
            ),
          },
          {
            path: 'pending-verification',
            lazy: antdPage(
              () => import('../features/account/pages/pending-page'),
              (m) => m.PendingVerificationPage,
            ),
          },
          {
            path: 'verify',
            lazy: antdPage(
              () => import('../features/account/pages/verify-page'),
              (m) => m.VerifyPage,
            ),
          },
          {
            path: 'service',
            loader: userOnly,
            lazy: antdPage(
              () => import('../features/chat/pages/service-page'),
              (m) => m.ServicePage,
            ),
          },
          {
            path: 'booking',
            lazy: antdPage(
              () => import('../features/orders/pages/booking-page'),
              (m) => m.BookingPage,
            ),
          },
          {
            path: 'change',
            loader: userOnly,
            lazy: antdPage(
              () => import('../features/orders/pages/change-page'),
              (m) => m.ChangePage,
            ),
          },
          {
            path: 'refund-detail',
            loader: userOnly,
            lazy: antdPage(
              () => import('../features/orders/pages/refund-detail-page'),
              (m) => m.RefundDetailPage,
            ),
          },
          {
            path: 'itinerary',
            loader: userOnly,
            lazy: antdPage(
              () => import('../features/orders/pages/itinerary-page'),
              (m) => m.ItineraryPage,
            ),
          },
          {
            path: 'order',
            loader: userOnly,
            lazy: antdPage(
              () => import('../features/orders/pages/order-page'),
              (m) => m.OrderPage,
            ),
          },
          {
            path: 'payment',
            loader: userOnly,
            lazy: antdPage(
              () => import('../features/payment/pages/payment-page'),
              (m) => m.PaymentPage,
            ),
          },
          { path: '*', loader: unknownPath, element: <Navigate to="/" replace /> },
        ],
      },
    ],
  },
];

/**
 * The account area (spec §2), under the route of the pages. It joins the routes on the first navigation
 * to it with a stored user (`patchRoutesOnNavigation`): for a visitor no account route matches, so the
 * catch-all's guard sends them to sign in at once, without loading the area's pages first (a route's
 * page code is loaded before any redirect of its guard takes effect).
 */
const accountArea: RouteObject = {
  path: 'account',
  loader: userOnly,
  lazy: antdPage(account, (m) => m.AccountLayout),
  children: [
    { index: true, element: <Navigate to="personal-info" replace /> },
    {
      path: 'trips',
      lazy: antdPage(
        () => import('../features/orders/pages/trips-page'),
        (m) => m.TripsPage,
      ),
    },
    {
      path: 'personal-info',
      lazy: antdPage(
        () => import('../features/account/pages/personal-info-page'),
        (m) => m.PersonalInfoPage,
      ),
    },
    {
      path: 'p-basic',
      lazy: antdPage(
        () => import('../features/account/pages/personal-info-page'),
        (m) => m.PersonalInfoPage,
      ),
    },
    {
      path: 'p-passengers',
      lazy: antdPage(
        () => import('../features/passengers/pages/passengers-page'),
        (m) => m.PassengersPage,
      ),
    },
    {
      path: 'wallet',
      lazy: antdPage(
        () => import('../features/wallet/pages/wallet-page'),
        (m) => m.WalletPage,
      ),
    },
    {
      path: 'invoice-titles',
      lazy: antdPage(
        () => import('../features/invoices/pages/invoice-titles-page'),
        (m) => m.InvoiceTitlesPage,
      ),
    },
    {
      path: 'notices',
      lazy: antdPage(
        () => import('../features/notifications/pages/notices-page'),
        (m) => m.NoticesPage,
      ),
    },
    {
      path: 'account-security',
      lazy: antdPage(
        () => import('../features/account/pages/security-page'),
        (m) => m.SecurityPage,
      ),
    },
  ],
};

const patchRoutesOnNavigation: PatchRoutesOnNavigationFunction = ({ path, patch }) => {
  if (/^\/account(\/|$)/.test(path) && localSession.hasUser()) patch(PAGES, [accountArea]);
};

/** What the app's router is created with besides its routes (the tests create theirs with it too). */
export const routerOptions = { patchRoutesOnNavigation };

export const router = createBrowserRouter(routes, routerOptions);
