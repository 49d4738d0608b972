import { describe, expect, it } from 'vitest';
import { noticeValues } from './notice-text';

describe('the values a notice is read with', () => {
  it('writes dates and local times in the reader’s language, never as 2026-12-05', () => {
    const params = { before: '2026-12-05', departureAt: '2026-07-15T08:00:00+08:00', amountMinor: 58350 };
    expect(noticeValues(params, 'en')).toMatchObject({
      before: 'Sat, Dec 5, 2026',
      departure: 'Wed, Jul 15, 2026 08:00',
      amount: '¥583.50',
    });
    expect(noticeValues(params, 'zh-CN')).toMatchObject({
      before: '2026年12月5日周六',
      departure: '2026年7月15日周三 08:00',
    });
  });

  it('leaves other texts as they are', () => {
    expect(noticeValues({ orderNumber: 'JN2612050001', trip: 'G105' }, 'en')).toEqual({
      orderNumber: 'JN2612050001',
      trip: 'G105',
    });
  });
});
