import { Navigate, type RouteObject } from 'react-router';
import { antdPage, guestOnly, userOnly } from './page-loaders';

/** Signing in, registering, resetting a password and verifying (spec §2); sign-in and reset send a signed-in traveller home. */
export const signInRoutes: RouteObject[] = [
  {
    path: 'login',
    loader: guestOnly,
    lazy: antdPage(
      () => import('../../features/account/pages/login-page'),
      (m) => m.LoginPage,
      ['account'],
    ),
  },
  {
    path: 'register',
    lazy: antdPage(
      () => import('../../features/account/pages/register-page'),
      (m) => m.RegisterPage,
      ['account'],
    ),
  },
  {
    path: 'reset',
    loader: guestOnly,
    lazy: antdPage(
      () => import('../../features/account/pages/reset-page'),
      (m) => m.ResetPasswordPage,
      ['account'],
    ),
  },
  {
    path: 'pending-verification',
    lazy: antdPage(
      () => import('../../features/account/pages/pending-page'),
      (m) => m.PendingVerificationPage,
      ['account'],
    ),
  },
  {
    path: 'verify',
    lazy: antdPage(
      () => import('../../features/account/pages/verify-page'),
      (m) => m.VerifyPage,
      ['account'],
    ),
  },
];

/**
 * The account area (spec §2), under the route of the pages. It joins the routes on the first navigation
 * to it with a stored user (`patchRoutesOnNavigation`): for a visitor no account route matches, so the
 * catch-all's guard sends them to sign in at once, without loading the area's pages first (a route's
 * page code is loaded before any redirect of its guard takes effect).
 */
export const accountArea: RouteObject = {
  path: 'account',
  loader: userOnly,
  lazy: antdPage(
    () => import('../../features/account/pages/account-layout'),
    (m) => m.AccountLayout,
    ['account', 'chat'],
  ),
  children: [
    { index: true, element: <Navigate to="personal-info" replace /> },
    {
      path: 'trips',
      lazy: antdPage(
        () => import('../../features/orders/pages/trips-page'),
        (m) => m.TripsPage,
        ['orders'],
      ),
    },
    {
      path: 'personal-info',
      lazy: antdPage(
        () => import('../../features/account/pages/personal-info-page'),
        (m) => m.PersonalInfoPage,
        ['account'],
      ),
    },
    {
      path: 'p-basic',
      lazy: antdPage(
        () => import('../../features/account/pages/personal-info-page'),
        (m) => m.PersonalInfoPage,
        ['account'],
      ),
    },
    {
      path: 'p-passengers',
      lazy: antdPage(
        () => import('../../features/passengers/pages/passengers-page'),
        (m) => m.PassengersPage,
        ['passengers', 'rail'],
      ),
    },
    {
      path: 'wallet',
      lazy: antdPage(
        () => import('../../features/wallet/pages/wallet-page'),
        (m) => m.WalletPage,
        ['card', 'wallet'],
      ),
    },
    {
      path: 'invoice-titles',
      lazy: antdPage(
        () => import('../../features/invoices/pages/invoice-titles-page'),
        (m) => m.InvoiceTitlesPage,
        ['invoices'],
      ),
    },
    {
      path: 'notices',
      lazy: antdPage(
        () => import('../../features/notifications/pages/notices-page'),
        (m) => m.NoticesPage,
        ['notices'],
      ),
    },
    {
      path: 'price-alerts',
      lazy: antdPage(
        () => import('../../features/alerts/pages/alerts-page'),
        (m) => m.AlertsPage,
        ['alerts'],
      ),
    },
    {
      path: 'account-security',
      lazy: antdPage(
        () => import('../../features/account/pages/security-page'),
        (m) => m.SecurityPage,
        ['account'],
      ),
    },
  ],
};
