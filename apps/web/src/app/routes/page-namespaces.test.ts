import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import i18next from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { CORE_NAMESPACES } from '../i18n';
import { antdPage, lazyPage } from './page-loaders';

const here = import.meta.dirname;
const ROUTE_FILES = ['search-routes.tsx', 'info-routes.tsx', 'account-routes.tsx', 'order-routes.tsx', '../router.tsx'];
/** Loaded with the entry or by every page: never preloaded with a page. */
const ALWAYS = new Set<string>([...CORE_NAMESPACES, 'load']);

/** The module a relative import names, with its extension (`.ts`, `.tsx` or an index). */
function resolve(from: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(from), specifier);
  return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find(
    (f) => existsSync(f) && !f.endsWith('/') && /\.tsx?$/.test(f),
  );
}

/**
 * The text namespaces a module and every module it imports statically (not `import type`, not `import()`: those
 * load later, with their own namespaces) ask for with `useTranslation`.
 */
function namespacesOf(entry: string): string[] {
  const seen = new Set<string>();
  const found = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const m of source.matchAll(/useTranslation\(\s*(\[[^\]]*\]|'[^']*')?/g)) {
      const list = m[1] ? [...m[1].matchAll(/'([^']+)'/g)].map((n) => n[1] as string) : ['common'];
      for (const ns of list) if (!ALWAYS.has(ns)) found.add(ns);
    }
    for (const m of source.matchAll(/^import (?!type )[^;]*?from '(\.[^']+)';/gms)) {
      const next = resolve(file, m[1] as string);
      if (next && !next.endsWith('.test.tsx') && !next.endsWith('.test.ts')) visit(next);
    }
  };
  visit(entry);
  return [...found].sort();
}

/** Each page of the route tables: its module and the namespaces its route preloads. */
function pages(): { module: string; declared: string[] }[] {
  const out: { module: string; declared: string[] }[] = [];
  for (const name of ROUTE_FILES) {
    const file = path.resolve(here, name);
    const source = readFileSync(file, 'utf8');
    for (const m of source.matchAll(
      /(?:antdPage|lazyPage)\(\s*\(\) => import\('([^']+)'\),\s*\(m\) => m\.\w+,?\s*(\[[^\]]*\])?/g,
    )) {
      const module = resolve(file, m[1] as string);
      if (!module) throw new Error(`${name}: no module for ${m[1]}`);
      const declared = m[2] ? [...m[2].matchAll(/'([^']+)'/g)].map((n) => n[1] as string) : [];
      out.push({ module: path.relative(path.resolve(here, '../..'), module), declared });
    }
  }
  return out;
}

describe("each route preloads its page's texts with its code", () => {
  const list = pages();

  it('finds every page of the route tables', () => {
    expect(list.length).toBeGreaterThan(25);
  });

  it.each(list)('$module', ({ module, declared }) => {
    expect(declared).toEqual(namespacesOf(path.resolve(here, '../..', module)));
  });
});

describe('a page route', () => {
  it.each([
    ['lazyPage', lazyPage],
    ['antdPage', antdPage],
  ] as const)('%s asks for its texts before its code has arrived', async (_, loader) => {
    const asked = vi.spyOn(i18next, 'loadNamespaces');
    let arrive: (m: { Page: () => null }) => void = () => {};
    const code = new Promise<{ Page: () => null }>((resolve) => {
      arrive = resolve;
    });
    const route = loader(
      () => code,
      (m) => m.Page,
      ['faq'],
    )();
    await vi.waitFor(() => expect(asked).toHaveBeenCalledWith(['faq']));
    arrive({ Page: () => null });
    await route;
    asked.mockRestore();
  });
});
