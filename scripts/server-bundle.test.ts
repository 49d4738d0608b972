import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildAlone } from './server-bundle.mjs';

const root = path.resolve(import.meta.dirname, '..');
const runsFrom = path.join(root, 'apps/server/dist');
const outdir = await mkdtemp(path.join(os.tmpdir(), 'planner-bundle-'));
afterAll(() => rm(outdir, { recursive: true, force: true }));

describe("the planner thread's bundle", async () => {
  const metafile = await buildAlone({
    entryPoints: [
      {
        out: 'planner.worker',
        in: path.join(root, 'apps/server/src/features/search/suppliers/door-to-door/planner.worker.ts'),
      },
    ],
    outdir,
    runsFrom,
  });
  const output = Object.entries(metafile.outputs).find(([file]) => file.endsWith('planner.worker.js'));
  const [file, bundle] = output ?? ['', { imports: [], inputs: {} }];

  it("holds the project's packages it uses and loads neither their other modules nor the API's schemas", () => {
    const inputs = Object.keys(bundle.inputs);
    expect(inputs.some((i) => i.includes('packages/planner/src/raptor/raptor.ts'))).toBe(true);
    expect(inputs.some((i) => i.includes('packages/refdata/src/'))).toBe(true);
    const imported = bundle.imports.filter((i) => i.external).map((i) => i.path);
    expect(imported.filter((p) => p.startsWith('@junction/'))).toEqual([]);
    // The domain package's schemas (and with them zod) would cost each planner thread about 20 MB.
    expect(imported).not.toContain('zod');
    expect(inputs.filter((i) => /\.schema\.ts$/.test(i))).toEqual([]);
  });

  it('reads the reference data from the package, wherever the bundle is built, once it is in apps/server/dist', () => {
    const source = readFileSync(path.resolve(file), 'utf8');
    const folder = /path\.resolve\(import\.meta\.dirname, "([^"]+)"\)/.exec(source)?.[1];
    expect(folder).toBeDefined();
    const packageSrc = path.resolve(runsFrom, folder as string);
    expect(packageSrc).toBe(path.join(root, 'packages/refdata/src'));
    expect(existsSync(path.resolve(packageSrc, '../generated/countries.json'))).toBe(true);
  });
});
