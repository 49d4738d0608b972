import { refundFailedText } from '@junction/domain';
import type { ServiceMatters } from '../features/chat/service-matters';
import type { ServiceDesk } from '../features/wallet/ports';

/**
 * The wallet's money to return by hand goes to the chat's agents: a `refundFailed` event in the traveller's
 * conversation, waiting in the agents' queue, once per refund.
 */
export function serviceDesk(matters: Pick<ServiceMatters, 'raise'>): ServiceDesk {
  return {
    refundFailed: (p) =>
      matters.raise({
        userId: p.userId,
        key: `refund-failed:${p.refundId}`,
        event: 'refundFailed',
        text: refundFailedText({ amountMinor: p.amountMinor, last4: p.last4 }),
      }),
  };
}
