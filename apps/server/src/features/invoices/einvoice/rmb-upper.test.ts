import { describe, expect, it } from 'vitest';
import { rmbUpper } from './rmb-upper';

describe('rmbUpper', () => {
  it('writes amounts as invoices do', () => {
    expect(rmbUpper(0)).toBe('零圆整');
    expect(rmbUpper(3000)).toBe('叁拾圆整');
    expect(rmbUpper(12345)).toBe('壹佰贰拾叁圆肆角伍分');
    expect(rmbUpper(100500)).toBe('壹仟零伍圆整');
    expect(rmbUpper(100005)).toBe('壹仟圆零伍分');
    expect(rmbUpper(5)).toBe('伍分');
    expect(rmbUpper(50)).toBe('伍角');
    expect(rmbUpper(1_000_000_00)).toBe('壹佰万圆整');
    expect(rmbUpper(1_0000_0000_00)).toBe('壹亿圆整');
    expect(rmbUpper(1_0001_0000_00)).toBe('壹亿零壹万圆整');
    expect(rmbUpper(10_5000_00)).toBe('壹拾万伍仟圆整');
    expect(rmbUpper(10_0500_00)).toBe('壹拾万零伍佰圆整');
    expect(rmbUpper(-55300)).toBe('负伍佰伍拾叁圆整');
  });
});
