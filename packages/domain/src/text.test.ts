import { describe, expect, it } from 'vitest';
import { inLanguage, nameIn, namesOf } from './text';

describe('two-language texts', () => {
  it('looks a text up in either language', () => {
    const text = { en: 'Beijing South', 'zh-CN': '北京南' };
    expect(inLanguage(text, 'en')).toBe('Beijing South');
    expect(inLanguage(text, 'zh-CN')).toBe('北京南');
  });
  it('reads a name without a Chinese form in English in both languages', () => {
    expect(namesOf({ nameEn: 'Kermanshah', nameZh: '' })).toEqual({ en: 'Kermanshah', 'zh-CN': 'Kermanshah' });
    expect(nameIn({ nameEn: 'Shanghai', nameZh: '上海' }, 'zh-CN')).toBe('上海');
  });
});
