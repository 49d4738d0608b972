import type { Language } from '@junction/domain';
import i18next from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import enLoad from '../locales/en/load.json';
import zhLoad from '../locales/zh-CN/load.json';
import { loadChunk } from '../shared/lib/load-chunk';
import { setPageLanguage } from './page-language';

/** Namespaces every page needs; feature namespaces load with their page. */
export const CORE_NAMESPACES = ['common', 'errors'] as const;

/**
 * The texts that say the app could not load a part of itself or that the service is busy come with the
 * entry, in both languages, so they show whatever else failed to load; every other namespace is a chunk.
 */
const BUNDLED = { en: { load: enLoad }, 'zh-CN': { load: zhLoad } };
const bundles = import.meta.glob<{ default: Record<string, unknown> }>([
  '../locales/*/*.json',
  '!../locales/*/load.json',
]);

export async function initI18n(language: Language): Promise<typeof i18next> {
  await i18next
    .use(initReactI18next)
    .use(
      resourcesToBackend(async (lng: string, ns: string) => {
        const load = bundles[`../locales/${lng}/${ns}.json`];
        if (!load) throw new Error(`no texts for ${lng}/${ns}`);
        return (await loadChunk(load)).default;
      }),
    )
    .init({
      lng: language,
      // Both languages have every text (npm run check:i18n), so the other language is never fetched as a fallback.
      fallbackLng: false,
      supportedLngs: ['en', 'zh-CN'],
      load: 'currentOnly',
      ns: [...CORE_NAMESPACES],
      resources: BUNDLED,
      partialBundledLanguages: true,
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: true },
    });
  setPageLanguage(language);
  return i18next;
}
