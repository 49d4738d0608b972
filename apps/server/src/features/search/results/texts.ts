import type { Language } from '@junction/domain';
import { fill } from '../../../lib/text';
import en from '../../../locales/en/search.json' with { type: 'json' };
import zh from '../../../locales/zh-CN/search.json' with { type: 'json' };

const TEXTS: Record<Language, typeof en> = { en, 'zh-CN': zh };

/** Names the search itself gives in results: the railway, and a city centre as a door. */
export const searchTexts = (language: Language) => ({
  railway: TEXTS[language].railway,
  cityCentre: (city: string) => fill(TEXTS[language].cityCentre, { city }),
});
