import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dateTimeFormat, numberFormat } from './intl';

const languages = fc.constantFrom('en', 'zh-CN', 'en-GB', 'de', undefined);

describe('kept formatters', () => {
  it('format as a new formatter of the same language and options would', () => {
    fc.assert(
      fc.property(
        languages,
        fc.integer({ min: 0, max: 2 }),
        fc.double({ min: -1e9, max: 1e9, noNaN: true }),
        (language, digits, value) => {
          const options = { minimumFractionDigits: 0, maximumFractionDigits: digits };
          expect(numberFormat(language, options).format(value)).toBe(
            new Intl.NumberFormat(language, options).format(value),
          );
        },
      ),
    );
    fc.assert(
      fc.property(languages, fc.date({ noInvalidDate: true }), (language, date) => {
        const options = { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' } as const;
        expect(dateTimeFormat(language, options).format(date)).toBe(
          new Intl.DateTimeFormat(language, options).format(date),
        );
      }),
    );
  });

  it('are made once for each language and options', () => {
    expect(numberFormat('zh-CN', { maximumFractionDigits: 1 })).toBe(
      numberFormat('zh-CN', { maximumFractionDigits: 1 }),
    );
    expect(numberFormat('zh-CN', { maximumFractionDigits: 1 })).not.toBe(
      numberFormat('en', { maximumFractionDigits: 1 }),
    );
    expect(numberFormat('en', { maximumFractionDigits: 1 })).not.toBe(numberFormat('en', { maximumFractionDigits: 2 }));
    expect(dateTimeFormat('en', { month: 'long' })).toBe(dateTimeFormat('en', { month: 'long' }));
    expect(dateTimeFormat('en', { month: 'long' })).not.toBe(dateTimeFormat('en', { month: 'short' }));
  });

  it('still refuse a language that is not one, as a new formatter does', () => {
    expect(() => numberFormat('not a language!')).toThrow(RangeError);
  });

  it('keep a bounded number of formatters, however many languages are asked for', () => {
    const first = numberFormat('en', { maximumFractionDigits: 3 });
    for (let i = 0; i < 300; i++)
      numberFormat('en', { minimumIntegerDigits: (i % 21) + 1, maximumFractionDigits: Math.floor(i / 21) });
    expect(numberFormat('en', { maximumFractionDigits: 3 })).not.toBe(first);
  });
});
