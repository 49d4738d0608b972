import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { citationsOutside, lineCount, outsideCitations, README_MAX_LINES } from './docs-check';

const root = path.resolve(import.meta.dirname, '..');
const ours = new Set(['README.md', 'CONTRIBUTING.md', 'architecture.md', 'SOURCES.md']);
const cited = (file: string, text: string) => outsideCitations(file, text, ours).map((c) => c.text);

describe('the repository stands alone', () => {
  it('cites no document or path outside itself, in any file', () => {
    expect(citationsOutside(root)).toEqual([]);
  });

  it(`keeps the README under ${README_MAX_LINES} lines`, () => {
    expect(lineCount(readFileSync(path.join(root, 'README.md'), 'utf8'))).toBeLessThan(README_MAX_LINES);
  });
});

describe('the citation check', () => {
  it('finds a document the repository does not hold, letter for letter', () => {
    expect(cited('apps/server/src/a.ts', ' * The orders (DESIGN-NOTES.md §7): …')).toEqual(['DESIGN-NOTES.md']);
    expect(cited('README.md', 'See notes/product-notes.md')).toEqual(['notes/product-notes.md']);
    expect(cited('docs/adr/0001-x.md', 'See `docs/architecture.md` §2 and data/SOURCES.md')).toEqual([]);
  });

  it('finds a path that climbs out of the repository, and passes one that stays inside', () => {
    expect(cited('CONTRIBUTING.md', '`../notes/GUIDE.md` shows a feature')).toEqual([
      '../notes/GUIDE.md',
      '../notes/GUIDE.md',
    ]);
    expect(cited('apps/web/src/app/providers.tsx', "import { x } from '../shared/api/site';")).toEqual([]);
    expect(cited('apps/web/src/app/providers.tsx', "import x from '../../../../../notes/plan';")).toEqual([
      '../../../../../notes/plan',
    ]);
  });

  it("finds a machine's absolute path", () => {
    expect(cited('scripts/x.ts', "const notes = '/home/alex/notes';")).toEqual(['/home/alex/']);
    expect(cited('Dockerfile', 'WORKDIR /app')).toEqual([]);
  });

  it("reads a document's code examples as their own file's, and a template name as no document", () => {
    const doc = ['Declare it:', '```ts', "declare module '../../jobs/jobs' {}", '```', 'Then `../x.ts`.'].join('\n');
    expect(outsideCitations('CONTRIBUTING.md', doc, ours)).toEqual([
      { file: 'CONTRIBUTING.md', line: 5, text: '../x.ts', why: 'climbs out of the repository' },
    ]);
    expect(cited('docs/adr/0001-x.md', 'records in `docs/adr/NNNN-title.md`')).toEqual([]);
  });

  it('flags a relative path exactly when it climbs above the root from where its file sits', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 6 }), fc.integer({ min: 1, max: 8 }), (depth, ups) => {
        const file = [...Array.from({ length: depth }, (_, i) => `d${i}`), 'f.ts'].join('/');
        const found = cited(file, `import x from '${'../'.repeat(ups)}lib/x';`);
        expect(found.length > 0).toBe(ups > depth);
      }),
    );
  });
});
