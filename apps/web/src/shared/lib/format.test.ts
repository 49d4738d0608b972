import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney } from './format';

describe('formatting', () => {
  it('shows integer hundredths as money in the UI language', () => {
    expect(formatMoney(80000, 'CNY', 'en')).toBe('CN¥800');
    expect(formatMoney(12345, 'CNY', 'zh-CN')).toBe('¥123.45');
    expect(formatMoney(199, 'USD', 'en')).toBe('$1.99');
  });

  it('writes calendar dates the way each language does', () => {
    expect(formatDate('2026-10-01', 'en')).toBe('October 1, 2026');
    expect(formatDate('2026-10-01', 'zh-CN')).toBe('2026年10月1日');
  });
});
