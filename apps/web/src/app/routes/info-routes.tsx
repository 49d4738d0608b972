import { Navigate, type RouteObject, redirect } from 'react-router';
import { AGREEMENT_PAGES, AGREEMENT_TABS } from '../../shared/paths';
import { antdPage } from './page-loaders';

/** The company, help and agreement pages (spec §2); an unknown agreement goes home. */
export const infoRoutes: RouteObject[] = [
  {
    path: 'about',
    lazy: antdPage(
      () => import('../../features/info/pages/about-page'),
      (m) => m.AboutPage,
      ['about'],
    ),
  },
  {
    path: 'faq',
    lazy: antdPage(
      () => import('../../features/info/pages/faq-page'),
      (m) => m.FaqPage,
      ['faq'],
    ),
  },
  {
    path: 'contact-us',
    lazy: antdPage(
      () => import('../../features/info/pages/contact-page'),
      (m) => m.ContactPage,
      ['chat', 'contact'],
    ),
  },
  {
    path: 'airline-fees',
    lazy: antdPage(
      () => import('../../features/info/pages/airline-fees-page'),
      (m) => m.AirlineFeesPage,
      ['fees'],
    ),
  },
  {
    path: 'co2',
    lazy: antdPage(
      () => import('../../features/info/pages/co2-page'),
      (m) => m.Co2Page,
      ['co2'],
    ),
  },
  {
    path: 'download',
    lazy: antdPage(
      () => import('../../features/info/pages/download-page'),
      (m) => m.DownloadPage,
      ['download'],
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
      () => import('../../features/info/pages/agreement-page'),
      (m) => m.AgreementPage,
    ),
  },
  { path: 'agreement', element: <Navigate to="/agreement/service" replace /> },
];
