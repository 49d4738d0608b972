import { refundFailedOf } from '@junction/domain';
import { describe, expect, it, vi } from 'vitest';
import { serviceDesk } from './service-desk';

describe('the service desk of the wallet', () => {
  it('puts a failed card refund before the agents once per refund, with its amount and card', async () => {
    const raise = vi.fn(async () => undefined);
    await serviceDesk({ raise }).refundFailed({
      refundId: 'r-1',
      userId: 'u-1',
      amountMinor: 8_800,
      app: 'card',
      last4: '3184',
    });
    expect(raise).toHaveBeenCalledWith({
      userId: 'u-1',
      key: 'refund-failed:r-1',
      event: 'refundFailed',
      text: expect.any(String),
    });
    const [call] = raise.mock.calls as unknown as [{ text: string }][];
    expect(refundFailedOf(call?.[0].text ?? null)).toEqual({ amountMinor: 8_800, last4: '3184', channel: 'card' });
  });

  it('names the app a failed refund to Alipay or WeChat Pay could not go back to', async () => {
    const raise = vi.fn(async () => undefined);
    const desk = serviceDesk({ raise });
    await desk.refundFailed({ refundId: 'r-2', userId: 'u-1', amountMinor: 5_000, app: 'alipay', last4: '' });
    await desk.refundFailed({ refundId: 'r-3', userId: 'u-1', amountMinor: 6_000, app: 'wechat', last4: '' });
    const texts = (raise.mock.calls as unknown as [{ text: string }][]).map(([c]) => refundFailedOf(c.text));
    expect(texts).toEqual([
      { amountMinor: 5_000, last4: '', channel: 'alipay' },
      { amountMinor: 6_000, last4: '', channel: 'wechat' },
    ]);
  });
});
