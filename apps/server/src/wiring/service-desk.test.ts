import { refundFailedOf } from '@junction/domain';
import { describe, expect, it, vi } from 'vitest';
import { serviceDesk } from './service-desk';

describe('the service desk of the wallet', () => {
  it('puts a failed card refund before the agents once per refund, with its amount and card', async () => {
    const raise = vi.fn(async () => undefined);
    await serviceDesk({ raise }).refundFailed({ refundId: 'r-1', userId: 'u-1', amountMinor: 8_800, last4: '3184' });
    expect(raise).toHaveBeenCalledWith({
      userId: 'u-1',
      key: 'refund-failed:r-1',
      event: 'refundFailed',
      text: expect.any(String),
    });
    const [call] = raise.mock.calls as unknown as [{ text: string }][];
    expect(refundFailedOf(call?.[0].text ?? null)).toEqual({ amountMinor: 8_800, last4: '3184' });
  });
});
