// Compiles the server and the packages it uses to JavaScript, for `npm start` and the container image:
// each workspace into its own `dist/` beside `src/` (so paths relative to a module stay the same), with
// npm packages and the other workspaces left as imports. `node --conditions=compiled` picks the `dist/`
// entry of each workspace (package.json "exports"); without the condition, tools read the sources.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const at = (...p) => path.join(root, ...p);

const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
};

const targets = [
  { dir: 'packages/domain', entries: { index: 'src/index.ts', phone: 'src/accounts/phone.ts' } },
  { dir: 'packages/refdata', entries: { index: 'src/index.ts' } },
  { dir: 'packages/planner', entries: { index: 'src/index.ts' } },
  {
    dir: 'apps/server',
    entries: {
      main: 'src/main.ts',
      'planner.worker': 'src/features/search/suppliers/door-to-door/planner.worker.ts',
      'itinerary-pdf.worker': 'src/features/fulfilment/itinerary/itinerary-pdf.worker.ts',
      'migrate-cli': 'src/db/migrate-cli.ts',
    },
  },
];

const started = Date.now();
for (const target of targets) {
  const outdir = at(target.dir, 'dist');
  await rm(outdir, { recursive: true, force: true });
  await build({
    ...common,
    entryPoints: Object.entries(target.entries).map(([out, file]) => ({ out, in: at(target.dir, file) })),
    outdir,
  });
}
console.log(`server compiled to JavaScript in ${((Date.now() - started) / 1000).toFixed(1)} s`);
