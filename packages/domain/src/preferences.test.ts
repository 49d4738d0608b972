import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CURRENCIES, DEFAULT_CURRENCY, DEFAULT_LANGUAGE, LANGUAGES, parsePreferences } from './preferences';

describe('preference cookies', () => {
  it('defaults to English, CNY and no original currency when nothing is set', () => {
    expect(parsePreferences({})).toEqual({ language: 'en', currency: 'CNY', showOriginalCurrency: false });
  });

  it('reads every supported language and currency', () => {
    for (const language of LANGUAGES) expect(parsePreferences({ language }).language).toBe(language);
    for (const currency of CURRENCIES) expect(parsePreferences({ currency }).currency).toBe(currency);
    expect(parsePreferences({ currency: 'usd' }).currency).toBe('USD');
    expect(parsePreferences({ showOriginalCurrency: '1' }).showOriginalCurrency).toBe(true);
  });

  it('lists the 36 display currencies of the spec with CNY first', () => {
    expect(CURRENCIES).toHaveLength(36);
    expect(new Set(CURRENCIES).size).toBe(36);
    expect(CURRENCIES[0]).toBe('CNY');
  });

  it('turns any tampered cookie value into a valid preference, never an error', () => {
    fc.assert(
      fc.property(
        fc.option(fc.string()),
        fc.option(fc.string()),
        fc.option(fc.string()),
        (language, currency, show) => {
          const prefs = parsePreferences({
            language: language ?? undefined,
            currency: currency ?? undefined,
            showOriginalCurrency: show ?? undefined,
          });
          expect(LANGUAGES).toContain(prefs.language);
          expect(CURRENCIES).toContain(prefs.currency);
          expect(typeof prefs.showOriginalCurrency).toBe('boolean');
          if (!LANGUAGES.includes(language as never)) expect(prefs.language).toBe(DEFAULT_LANGUAGE);
          if (!CURRENCIES.includes(currency?.toUpperCase() as never)) expect(prefs.currency).toBe(DEFAULT_CURRENCY);
        },
      ),
    );
  });
});
