import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cardBrandOrder, compareNamespaces } from './i18n-compare';

describe('i18n comparison', () => {
  it('accepts matching texts, with plural forms that Chinese does not need', () => {
    const en = {
      brand: 'About {{brand}}',
      a: 'Hello {{name}}',
      list: ['x', 'y'],
      trips_one: '{{count}} trip',
      trips_other: '{{count}} trips',
    };
    const zh = { brand: '关于我们', a: '你好，{{name}}', list: ['甲', '乙'], trips_other: '{{count}} 个行程' };
    expect(compareNamespaces('ns', en, zh)).toEqual([]);
  });

  it('reports missing keys both ways, list lengths, empty texts and differing placeholders', () => {
    const problems = compareNamespaces(
      'ns',
      { a: 'A', b: 'B {{x}}', list: ['1', '2'], e: 'E' },
      { a: '甲', b: '乙 {{y}}', list: ['一'], c: '丙', e: ' ' },
    ).map((p) => `${p.key}: ${p.problem}`);
    expect(problems).toEqual(
      expect.arrayContaining([
        'b: placeholders differ between en and zh-CN',
        'list[]: list has 2 items in en, 1 in zh-CN',
        'list[1]: missing in zh-CN',
        'e: empty text',
        'c: missing in en',
      ]),
    );
  });

  it('finds no problem when a namespace is compared with itself, and one per removed key', () => {
    const texts = fc.dictionary(
      fc.string({ minLength: 1 }).filter((k) => !k.includes('.') && !/_(one|other|zero|two|few|many)$/.test(k)),
      fc.string({ minLength: 1 }).filter((s) => s.trim() !== ''),
      { minKeys: 1 },
    );
    fc.assert(
      fc.property(texts, (ns) => {
        expect(compareNamespaces('ns', ns, ns)).toEqual([]);
        const [first] = Object.keys(ns);
        const { [first as string]: _removed, ...rest } = ns;
        expect(compareNamespaces('ns', ns, rest)).toHaveLength(1);
      }),
    );
  });

  it('finds card brands listed out of the one order, in either language, and leaves short mentions alone', () => {
    const texts = {
      hint: 'Visa, Mastercard, UnionPay, JCB, American Express, Discover',
      accepted: 'We accept Visa, Mastercard, American Express, UnionPay, JCB and Discover.',
      zh: {
        accepted: '支持 Visa、万事达、美国运通、银联、JCB 和 Discover 卡。',
        ok: '支持 Visa、万事达、银联、JCB、美国运通和 Discover 卡。',
      },
      cvc: 'The 3 digits on the back (4 on the front for American Express).',
      two: 'Discover or Visa',
    };
    expect(cardBrandOrder('card', texts).map((p) => p.key)).toEqual(['accepted', 'zh.accepted']);
  });
});
