import { describe, expect, it } from 'vitest';
import { matchesQuery } from './faq-page';

describe('help centre search', () => {
  it('matches every word regardless of case and order', () => {
    expect(matchesQuery('How do I get a refund for my ticket?', 'REFUND ticket')).toBe(true);
    expect(matchesQuery('How do I get a refund for my ticket?', 'ticket refund')).toBe(true);
    expect(matchesQuery('How do I get a refund for my ticket?', 'refund baggage')).toBe(false);
  });

  it('matches Chinese text and treats an empty query as everything', () => {
    expect(matchesQuery('如何关联12306账号？', '12306')).toBe(true);
    expect(matchesQuery('如何关联12306账号？', '退款')).toBe(false);
    expect(matchesQuery('anything', '   ')).toBe(true);
  });
});
