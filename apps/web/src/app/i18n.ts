import type { Language } from '@junction/domain';
import i18next from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';

/** Namespaces every page needs; feature namespaces load with their page. */
export const CORE_NAMESPACES = ['common', 'errors'] as const;

const bundles = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json');

export async function initI18n(language: Language): Promise<typeof i18next> {
  await i18next
    .use(initReactI18next)
    .use(
      resourcesToBackend(async (lng: string, ns: string) => {
        const load = bundles[`../locales/${lng}/${ns}.json`];
        if (!load) throw new Error(`no texts for ${lng}/${ns}`);
        return (await load()).default;
      }),
    )
    .init({
      lng: language,
      // Both languages have every text (npm run check:i18n), so the other language is never fetched as a fallback.
      fallbackLng: false,
      supportedLngs: ['en', 'zh-CN'],
      load: 'currentOnly',
      ns: [...CORE_NAMESPACES],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: true },
    });
  document.documentElement.lang = language;
  return i18next;
}
