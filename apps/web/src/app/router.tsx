import { createBrowserRouter, type LoaderFunctionArgs, Navigate, type RouteObject, redirect } from 'react-router';
import { localSession } from '../shared/auth/session';
import { AGREEMENT_PAGES, AGREEMENT_TABS, paths } from '../shared/paths';
import { RootLayout } from './layout/root-layout';
import { RouteError } from './layout/route-error';

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

/** Each page is its own chunk, loaded on first visit. Unknown paths go home (spec §2). */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          {
            index: true,
            lazy: async () => ({ Component: (await import('../features/search/pages/home-page')).HomePage }),
          },
          {
            path: 'search',
            lazy: async () => ({ Component: (await import('../features/search/pages/results-page')).ResultsPage }),
          },
          {
            path: 'search/:routes/:plan?',
            lazy: async () => ({ Component: (await import('../features/search/pages/results-page')).ResultsPage }),
          },
          {
            path: 'about',
            lazy: async () => ({ Component: (await import('../features/info/pages/about-page')).AboutPage }),
          },
          { path: 'faq', lazy: async () => ({ Component: (await import('../features/info/pages/faq-page')).FaqPage }) },
          {
            path: 'contact-us',
            lazy: async () => ({ Component: (await import('../features/info/pages/contact-page')).ContactPage }),
          },
          {
            path: 'airline-fees',
            lazy: async () => ({
              Component: (await import('../features/info/pages/airline-fees-page')).AirlineFeesPage,
            }),
          },
          {
            path: 'download',
            lazy: async () => ({ Component: (await import('../features/info/pages/download-page')).DownloadPage }),
          },
          {
            path: 'agreement/:page',
            loader: ({ params }) => {
              const page = params.page ?? '';
              const known: readonly string[] = [...AGREEMENT_TABS, ...AGREEMENT_PAGES];
              return known.includes(page) ? null : redirect('/');
            },
            lazy: async () => ({ Component: (await import('../features/info/pages/agreement-page')).AgreementPage }),
          },
          { path: 'agreement', element: <Navigate to="/agreement/service" replace /> },
          {
            path: 'login',
            loader: guestOnly,
            lazy: async () => ({ Component: (await import('../features/account/pages/login-page')).LoginPage }),
          },
          {
            path: 'register',
            lazy: async () => ({ Component: (await import('../features/account/pages/register-page')).RegisterPage }),
          },
          {
            path: 'reset',
            loader: guestOnly,
            lazy: async () => ({
              Component: (await import('../features/account/pages/reset-page')).ResetPasswordPage,
            }),
          },
          {
            path: 'pending-verification',
            lazy: async () => ({
              Component: (await import('../features/account/pages/pending-page')).PendingVerificationPage,
            }),
          },
          {
            path: 'verify',
            lazy: async () => ({ Component: (await import('../features/account/pages/verify-page')).VerifyPage }),
          },
          {
            path: 'service',
            loader: userOnly,
            lazy: async () => ({ Component: (await import('../features/chat/pages/service-page')).ServicePage }),
          },
          {
            path: 'booking',
            lazy: async () => ({ Component: (await import('../features/orders/pages/booking-page')).BookingPage }),
          },
          {
            path: 'refund-detail',
            loader: userOnly,
            lazy: async () => ({
              Component: (await import('../features/orders/pages/refund-detail-page')).RefundDetailPage,
            }),
          },
          {
            path: 'itinerary',
            loader: userOnly,
            lazy: async () => ({
              Component: (await import('../features/orders/pages/itinerary-page')).ItineraryPage,
            }),
          },
          {
            path: 'order',
            loader: userOnly,
            lazy: async () => ({ Component: (await import('../features/orders/pages/order-page')).OrderPage }),
          },
          {
            path: 'payment',
            loader: userOnly,
            lazy: async () => ({ Component: (await import('../features/payment/pages/payment-page')).PaymentPage }),
          },
          {
            path: 'account',
            loader: userOnly,
            lazy: async () => ({ Component: (await account()).AccountLayout }),
            children: [
              { index: true, element: <Navigate to="personal-info" replace /> },
              {
                path: 'trips',
                lazy: async () => ({ Component: (await import('../features/orders/pages/trips-page')).TripsPage }),
              },
              {
                path: 'personal-info',
                lazy: async () => ({
                  Component: (await import('../features/account/pages/personal-info-page')).PersonalInfoPage,
                }),
              },
              {
                path: 'p-basic',
                lazy: async () => ({
                  Component: (await import('../features/account/pages/personal-info-page')).PersonalInfoPage,
                }),
              },
              {
                path: 'p-passengers',
                lazy: async () => ({
                  Component: (await import('../features/passengers/pages/passengers-page')).PassengersPage,
                }),
              },
              {
                path: 'wallet',
                lazy: async () => ({ Component: (await import('../features/wallet/pages/wallet-page')).WalletPage }),
              },
              {
                path: 'notices',
                lazy: async () => ({
                  Component: (await import('../features/notifications/pages/notices-page')).NoticesPage,
                }),
              },
              {
                path: 'account-security',
                lazy: async () => ({
                  Component: (await import('../features/account/pages/security-page')).SecurityPage,
                }),
              },
            ],
          },
          { path: '*', loader: unknownPath, element: <Navigate to="/" replace /> },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
