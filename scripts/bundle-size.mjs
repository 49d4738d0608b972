// The JavaScript and CSS a browser fetches to show the home page `/` (gzip), read from the Vite manifest of
// the built web app: the entry and everything it imports, the home route's chunk and its imports, and the
// text namespaces the home page loads in the language shown. No server is needed. The browser test
// e2e/first-page.spec.ts checks that a real Chromium loading `/` fetches nothing beyond this list.
//
//   node scripts/bundle-size.mjs          per-file sizes and the total for each language; fails above the budget
//   node scripts/bundle-size.mjs --summary   the totals only (`npm run check:bundle`, part of `npm run check`)
//   node scripts/bundle-size.mjs --json   { budget, languages: { en: { files, total }, … } } for the browser test
//
// It also counts the files each other page fetches before it can draw (the entry's, the page's and, for a page
// built with Ant Design, Ant Design's scope), and fails when one needs more than PAGE_FILES_BUDGET: on a phone's
// connection every request costs a round trip, and a library split into many small chunks costs dozens of them.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** The budget for the first page load, JavaScript and CSS together, gzip. */
export const BUDGET_BYTES = 200 * 1024;

/** Files another page may need before it draws (scripts and stylesheets, not counting its texts). */
export const PAGE_FILES_BUDGET = 64;

/** The home route's module, lazily imported by the router. */
const HOME_ROUTE = 'src/features/search/pages/home-page.tsx';
/** Text namespaces the home page shows: the core two (app/i18n.ts) and the page's own. */
const HOME_NAMESPACES = ['common', 'errors', 'home', 'search-form'];
const LANGUAGES = ['en', 'zh-CN'];

const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
const manifestPath = path.join(dist, '.vite/manifest.json');
if (!fs.existsSync(manifestPath)) {
  console.error(`No ${path.relative(process.cwd(), manifestPath)}: run \`npm run build -w apps/web\` first.`);
  process.exit(2);
}
/** @type {Record<string, { file: string, isEntry?: boolean, imports?: string[], css?: string[] }>} */
const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));

/** A chunk's own file, its CSS and, recursively, the chunks it imports statically (the browser fetches them all). */
function collect(key, files, seen = new Set()) {
  if (seen.has(key)) return;
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the Vite manifest`);
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imported of chunk.imports ?? []) collect(imported, files, seen);
}

/** The entry's key in the manifest: every page loads it and what it imports. */
const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!entry) throw new Error('no entry in the Vite manifest');

function firstPageFiles(language) {
  const files = new Set();
  collect(entry, files);
  collect(HOME_ROUTE, files);
  for (const ns of HOME_NAMESPACES) collect(`src/locales/${language}/${ns}.json`, files);
  return [...files].map((file) => ({
    file: `/${file}`,
    gzip: zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length,
  }));
}

/** The module that brings Ant Design to a page (`antdPage` in the router), with the theme and texts. */
const ANTD_SCOPE = 'src/shared/ui/antd-scope.tsx';

/** Each page's module (`…-page.tsx`) but the home page, with the files it needs before it draws. */
function pageFiles() {
  return Object.keys(manifest)
    .filter((key) => key.endsWith('-page.tsx') && key !== HOME_ROUTE)
    .map((page) => {
      const files = new Set();
      collect(entry, files);
      collect(page, files);
      if (manifest[ANTD_SCOPE]) collect(ANTD_SCOPE, files);
      return { page, files: files.size };
    })
    .sort((a, b) => b.files - a.files);
}

const kB = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
const report = Object.fromEntries(
  LANGUAGES.map((language) => {
    const files = firstPageFiles(language).sort((a, b) => b.gzip - a.gzip);
    return [language, { files, total: files.reduce((sum, f) => sum + f.gzip, 0) }];
  }),
);

if (process.argv.includes('--json')) {
  console.log(JSON.stringify({ budget: BUDGET_BYTES, languages: report }));
} else {
  const chunks = fs.readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js')).length;
  for (const [language, { files, total }] of Object.entries(report)) {
    console.log(`First page / in ${language}:`);
    if (!process.argv.includes('--summary'))
      for (const f of files) console.log(`${kB(f.gzip).padStart(10)}  ${f.file}`);
    console.log(`${kB(total).padStart(10)}  JavaScript and CSS, gzip (${files.length} files of ${chunks} JS chunks)\n`);
  }
  const pages = pageFiles();
  const [most] = pages;
  if (most) console.log(`Most files another page needs before it draws: ${most.files} (${path.basename(most.page)})`);
  const overPages = pages.filter((p) => p.files > PAGE_FILES_BUDGET);
  for (const p of overPages)
    console.error(`${p.page} needs ${p.files} files before it draws, over the budget of ${PAGE_FILES_BUDGET}.`);
  if (overPages.length > 0) process.exitCode = 1;
  const worst = Math.max(...Object.values(report).map((r) => r.total));
  if (worst > BUDGET_BYTES) {
    console.error(`First page load ${kB(worst)} is over the ${kB(BUDGET_BYTES)} budget.`);
    process.exitCode = 1;
  } else {
    console.log(`First page load ${kB(worst)}, within the ${kB(BUDGET_BYTES)} budget.`);
  }
}
