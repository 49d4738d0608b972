import fs from 'node:fs';
import path from 'node:path';
import { ERROR_CODES } from '../packages/domain/src/errors';
import { cardBrandOrder, compareNamespaces, type I18nProblem } from './i18n-compare';

/** Fails when a text exists in one language and not the other, or an error code has no message. */
const root = path.resolve(import.meta.dirname, '../apps/web/src/locales');
const LANGS = ['en', 'zh-CN'] as const;
const read = (lng: string, file: string) => JSON.parse(fs.readFileSync(path.join(root, lng, file), 'utf8'));

const files = new Set(LANGS.flatMap((lng) => fs.readdirSync(path.join(root, lng)).filter((f) => f.endsWith('.json'))));
const problems: I18nProblem[] = [];
for (const file of [...files].sort()) {
  const namespace = file.replace(/\.json$/, '');
  const missing = LANGS.filter((lng) => !fs.existsSync(path.join(root, lng, file)));
  if (missing.length > 0) {
    problems.push({ namespace, key: '*', problem: `namespace missing in ${missing.join(', ')}` });
    continue;
  }
  problems.push(...compareNamespaces(namespace, read('en', file), read('zh-CN', file)));
  for (const lng of LANGS) problems.push(...cardBrandOrder(`${lng}/${namespace}`, read(lng, file)));
}
for (const lng of LANGS) {
  const errors = read(lng, 'errors.json') as Record<string, unknown>;
  for (const code of ERROR_CODES) {
    if (!(String(code) in errors))
      problems.push({ namespace: 'errors', key: String(code), problem: `no ${lng} message` });
  }
}

// Texts the server sends (e-mail, SMS) follow the same rule.
const serverRoot = path.resolve(import.meta.dirname, '../apps/server/src/locales');
for (const file of fs.readdirSync(path.join(serverRoot, 'en'))) {
  const en = JSON.parse(fs.readFileSync(path.join(serverRoot, 'en', file), 'utf8'));
  const zhFile = path.join(serverRoot, 'zh-CN', file);
  if (!fs.existsSync(zhFile)) problems.push({ namespace: `server/${file}`, key: '*', problem: 'missing in zh-CN' });
  else problems.push(...compareNamespaces(`server/${file}`, en, JSON.parse(fs.readFileSync(zhFile, 'utf8'))));
}

if (problems.length > 0) {
  for (const p of problems) console.error(`${p.namespace}: ${p.key}: ${p.problem}`);
  console.error(`i18n check failed: ${problems.length} problem(s)`);
  process.exit(1);
}
console.log(`i18n check passed: ${files.size} namespaces in ${LANGS.join(' and ')}`);
