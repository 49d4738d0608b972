import type { LocalText } from '@junction/domain';
import { fill } from '../../../lib/text';
import en from '../../../locales/en/search.json' with { type: 'json' };
import zh from '../../../locales/zh-CN/search.json' with { type: 'json' };

/** Names the search itself gives in results, in both languages: the railway, and a city centre as a door. */
export const SEARCH_TEXTS = {
  railway: { en: en.railway, 'zh-CN': zh.railway } satisfies LocalText,
  cityCentre: (city: LocalText): LocalText => ({
    en: fill(en.cityCentre, { city: city.en }),
    'zh-CN': fill(zh.cityCentre, { city: city['zh-CN'] }),
  }),
};
