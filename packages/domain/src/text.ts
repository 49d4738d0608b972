import type { Language } from './preferences';

/**
 * A name or text in both languages of the site (spec §1), for answers that the client shows in
 * whichever language is current, then and after a switch: places, carriers, sellers.
 */
export type LocalText = { en: string; 'zh-CN': string };

/** A text in one language; a missing translation falls back to the other (English first). */
export function inLanguage(text: LocalText, language: Language): string {
  return text[language] || text.en || text['zh-CN'];
}

/** A text that reads the same in both languages: a code, a brand written in Latin letters. */
export const sameInBoth = (text: string): LocalText => ({ en: text, 'zh-CN': text });

/** The names of a place, an airline or a country as a two-language text; no Chinese name reads in English. */
export const namesOf = (named: { nameEn: string; nameZh: string }): LocalText => ({
  en: named.nameEn,
  'zh-CN': named.nameZh || named.nameEn,
});

/** A thing's name in a language (`namesOf`, then `inLanguage`). */
export const nameIn = (named: { nameEn: string; nameZh: string }, language: Language): string =>
  inLanguage(namesOf(named), language);

/** The language a text is not in: the other name shown as a hint beside a place. */
export const otherLanguage = (language: Language): Language => (language === 'en' ? 'zh-CN' : 'en');
