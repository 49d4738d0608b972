import type { Language } from '@junction/domain';

/**
 * Marks the page as being in a language: the document's `lang`, and the web app manifest an installed
 * site takes its name and description from (`public/manifest.<language>.webmanifest`).
 */
export function setPageLanguage(language: Language): void {
  document.documentElement.lang = language;
  const manifest = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  if (manifest) manifest.href = `/manifest.${language}.webmanifest`;
}
