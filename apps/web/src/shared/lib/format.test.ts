import { describe, expect, it } from 'vitest';
import { formatDate } from './format';

describe('formatting', () => {
  it('writes calendar dates the way each language does', () => {
    expect(formatDate('2026-10-01', 'en')).toBe('October 1, 2026');
    expect(formatDate('2026-10-01', 'zh-CN')).toBe('2026年10月1日');
  });
});
