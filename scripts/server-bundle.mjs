// A server module bundled with the project's own packages inside it (`npm run build:server` builds the planner
// thread this way), instead of importing each package's compiled `dist/` whole.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const refdataIndex = path.join(root, 'packages/refdata/src/index.ts');

/**
 * Keeps npm packages as imports and bundles the project's packages (`@junction/…`), so that only the modules
 * the entry reaches are loaded. The reference data package finds its data files from its own module's folder
 * (`import.meta.dirname`); bundled, that is the bundle's folder (`runsFrom`), so the folder is given relative
 * to it.
 */
const ownPackagesInside = (runsFrom) => ({
  name: 'own-packages-inside',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@junction/') || args.path.startsWith('node:')
        ? undefined
        : { path: args.path, external: true },
    );
    b.onLoad({ filter: /packages[\\/]refdata[\\/]src[\\/]index\.ts$/ }, async (args) => {
      if (path.resolve(args.path) !== refdataIndex) return undefined;
      const relative = path.relative(runsFrom, path.dirname(refdataIndex)).split(path.sep).join('/');
      const source = await readFile(args.path, 'utf8');
      return {
        loader: 'ts',
        contents: source.replaceAll(
          'import.meta.dirname',
          `path.resolve(import.meta.dirname, ${JSON.stringify(relative)})`,
        ),
      };
    });
  },
});

/**
 * Bundles `entryPoints` into `outdir`, to run from the folder `runsFrom` (where `outdir` is moved once built).
 * Returns esbuild's metafile: what each output imports and holds.
 */
export async function buildAlone({ entryPoints, outdir, runsFrom }) {
  const result = await build({
    entryPoints,
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    sourcemap: true,
    logLevel: 'warning',
    metafile: true,
    plugins: [ownPackagesInside(runsFrom)],
  });
  return result.metafile;
}
