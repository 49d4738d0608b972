import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

const bundles = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', { eager: true, import: 'default' });

/** i18next with every bundle loaded up front, English first, as the app runs it. */
export async function initTestI18n(language = 'en'): Promise<void> {
  const resources: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const [file, content] of Object.entries(bundles)) {
    const [, lng, ns] = /locales\/([^/]+)\/([^/]+)\.json$/.exec(file) ?? [];
    if (!lng || !ns) continue;
    resources[lng] ??= {};
    resources[lng][ns] = content;
  }
  await i18next.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'zh-CN',
    resources,
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
}
