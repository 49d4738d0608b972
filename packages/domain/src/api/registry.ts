import { accountEndpoints } from '../accounts/account.api';
import { alertEndpoints } from '../alerts/alert.api';
import { chatEndpoints, serviceEndpoints } from '../chat/chat.api';
import { changeEndpoints } from '../fulfilment/change.api';
import { fulfilmentEndpoints, refundDeskEndpoints } from '../fulfilment/fulfilment.api';
import { invoiceEndpoints } from '../invoices/invoice.api';
import { notificationEndpoints } from '../notifications/notification.api';
import { orderEndpoints } from '../orders/order.api';
import { passengerEndpoints } from '../passengers/passenger.api';
import { paymentEndpoints } from '../payment/payment.api';
import { placeEndpoints } from '../places/place.api';
import { railDeskEndpoints, railEndpoints } from '../rail/rail.api';
import { referenceEndpoints } from '../reference.api';
import { fareCalendarEndpoints } from '../search/fare-calendar.api';
import { searchEndpoints } from '../search/search.api';
import { walletEndpoints } from '../wallet/wallet.api';
import type { Endpoint } from './endpoint';
import { healthEndpoint } from './health.api';

/** Every endpoint of the API; the server serves each of them and nothing else. */
export const API_ENDPOINTS: readonly Endpoint[] = [
  ...Object.values(accountEndpoints),
  ...Object.values(passengerEndpoints),
  ...Object.values(orderEndpoints),
  ...Object.values(notificationEndpoints),
  ...Object.values(fulfilmentEndpoints),
  ...Object.values(refundDeskEndpoints),
  ...Object.values(changeEndpoints),
  ...Object.values(paymentEndpoints),
  ...Object.values(placeEndpoints),
  ...Object.values(railEndpoints),
  ...Object.values(railDeskEndpoints),
  ...Object.values(referenceEndpoints),
  ...Object.values(searchEndpoints),
  ...Object.values(fareCalendarEndpoints),
  ...Object.values(walletEndpoints),
  ...Object.values(alertEndpoints),
  ...Object.values(invoiceEndpoints),
  ...Object.values(chatEndpoints),
  ...Object.values(serviceEndpoints),
  healthEndpoint,
];
