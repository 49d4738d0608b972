import { createBrowserRouter, Navigate, redirect } from 'react-router';
import { RootLayout } from './layout/root-layout';
import { RouteError } from './layout/route-error';
import { AGREEMENT_PAGES, AGREEMENT_TABS } from './paths';

/** Each page is its own chunk, loaded on first visit. Unknown paths go home (spec §2). */
export const router = createBrowserRouter([
  {
    path: '/',
    Component: RootLayout,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          {
            index: true,
            lazy: async () => ({ Component: (await import('../features/home/pages/home-page')).HomePage }),
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
          { path: '*', element: <Navigate to="/" replace /> },
        ],
      },
    ],
  },
]);
