/**
 * Which built files the service worker keeps at install (`src/sw.ts`), as the build (vite.config.ts) reads
 * them: the page itself, the entry and what it imports, the trips, order and itinerary pages with what they
 * import (Ant Design's stylesheet among it) and their texts in both languages, and the icons and manifests.
 * Nothing else of the site's lazy pages is kept, so installing stays small.
 */

/** A chunk of Vite's build manifest (`dist/.vite/manifest.json`). */
export type ViteChunk = {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  /** Files the chunk refers to by address, such as Ant Design's stylesheet. */
  assets?: string[];
};
export type ViteManifest = Record<string, ViteChunk>;

/** The pages a traveller opens offline, and the module Ant Design's pages load with. */
export const OFFLINE_MODULES = [
  'src/features/account/pages/account-layout.tsx',
  'src/features/orders/pages/trips-page.tsx',
  'src/features/orders/pages/order-page.tsx',
  'src/features/orders/pages/itinerary-page.tsx',
  'src/shared/ui/antd-scope.tsx',
] as const;

/** The text namespaces those pages show (the core two load with every page). */
export const OFFLINE_NAMESPACES = ['common', 'errors', 'account', 'chat', 'orders', 'invoices', 'rail', 'passengers'];

/** Files kept besides the chunks: the page, the icons and the manifests. */
const STATIC_FILE = /^(index\.html|favicon\.svg|icons\/[\w-]+\.png|manifest\.[\w-]+\.webmanifest)$/;
const LOCALE_MODULE = /^src\/locales\/[\w-]+\/([\w-]+)\.json$/;
const isOfflineText = (key: string) => OFFLINE_NAMESPACES.includes(LOCALE_MODULE.exec(key)?.[1] ?? '');

function collect(manifest: ViteManifest, key: string, files: Set<string>, seen: Set<string>): void {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return;
  seen.add(key);
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const asset of chunk.assets ?? []) if (asset.endsWith('.css')) files.add(asset);
  for (const imported of chunk.imports ?? []) collect(manifest, imported, files, seen);
}

/** The files (paths relative to `dist/`) the worker keeps at install. */
export function offlineShellFiles(manifest: ViteManifest): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) {
    if (chunk.isEntry || isOfflineText(key)) collect(manifest, key, files, seen);
  }
  for (const key of OFFLINE_MODULES) collect(manifest, key, files, seen);
  return files;
}

/** Whether a built file is kept at install, by its path relative to `dist/`. */
export function isOfflineShellFile(url: string, shell: ReadonlySet<string>): boolean {
  return STATIC_FILE.test(url) || shell.has(url);
}
