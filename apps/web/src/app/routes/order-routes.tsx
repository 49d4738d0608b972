import type { RouteObject } from 'react-router';
import { antdPage, userOnly } from './page-loaders';

/** Booking, paying, an order and its itinerary and refunds (spec §2); all but booking need a stored user. */
export const orderRoutes: RouteObject[] = [
  {
    path: 'booking',
    lazy: antdPage(
      () => import('../../features/orders/pages/booking-page'),
      (m) => m.BookingPage,
      ['orders', 'passengers', 'rail'],
    ),
  },
  {
    path: 'change',
    loader: userOnly,
    lazy: antdPage(
      () => import('../../features/orders/pages/change-page'),
      (m) => m.ChangePage,
      ['orders'],
    ),
  },
  {
    path: 'refund-detail',
    loader: userOnly,
    lazy: antdPage(
      () => import('../../features/orders/pages/refund-detail-page'),
      (m) => m.RefundDetailPage,
      ['orders'],
    ),
  },
  {
    path: 'itinerary',
    loader: userOnly,
    lazy: antdPage(
      () => import('../../features/orders/pages/itinerary-page'),
      (m) => m.ItineraryPage,
      ['orders', 'passengers'],
    ),
  },
  {
    path: 'order',
    loader: userOnly,
    lazy: antdPage(
      () => import('../../features/orders/pages/order-page'),
      (m) => m.OrderPage,
      ['invoices', 'orders', 'rail'],
    ),
  },
  {
    path: 'payment',
    loader: userOnly,
    lazy: antdPage(
      () => import('../../features/payment/pages/payment-page'),
      (m) => m.PaymentPage,
      ['card', 'payment'],
    ),
  },
];
