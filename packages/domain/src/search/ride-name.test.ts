import { describe, expect, it } from 'vitest';
import { rideName } from './search-options';

const line = {
  kind: 'subway',
  carrierName: { en: 'Capital Airport Express', 'zh-CN': '首都机场线' },
  number: 'Capital Airport Express',
};
const flight = {
  kind: 'air',
  carrierName: { en: 'China Southern Airlines', 'zh-CN': '中国南方航空' },
  number: 'CZ3796',
};

describe('what a leg rides, in a language', () => {
  it('names a metro line once, in the reader’s language, not beside its English name', () => {
    expect(rideName(line, 'zh-CN')).toBe('首都机场线');
    expect(rideName(line, 'en')).toBe('Capital Airport Express');
  });

  it('gives a line with no Chinese name in English', () => {
    expect(rideName({ ...line, carrierName: { en: 'Line 4', 'zh-CN': '' }, number: 'Line 4' }, 'zh-CN')).toBe('Line 4');
  });

  it('gives a flight or train its carrier and number, and the number alone where it is the carrier', () => {
    expect(rideName(flight, 'zh-CN')).toBe('中国南方航空 CZ3796');
    expect(rideName(flight, 'en')).toBe('China Southern Airlines CZ3796');
    expect(rideName({ kind: 'land', carrierName: { en: '', 'zh-CN': '' }, number: 'G5' }, 'en')).toBe('G5');
    expect(rideName({ kind: 'land', carrierName: { en: 'G5', 'zh-CN': 'G5' }, number: 'G5' }, 'zh-CN')).toBe('G5');
  });

  it('names nothing for a taxi or a walk', () => {
    expect(rideName({ kind: 'taxi', carrierName: { en: '', 'zh-CN': '' }, number: '' }, 'en')).toBe('');
    expect(rideName({ kind: 'lands', carrierName: { en: '', 'zh-CN': '' } }, 'zh-CN')).toBe('');
  });
});
