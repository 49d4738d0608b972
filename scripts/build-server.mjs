// Compiles the server and the packages it uses to JavaScript, for `npm start` and the container image:
// each workspace into its own `dist/` beside `src/` (so paths relative to a module stay the same), with
// npm packages and the other workspaces left as imports. `node --conditions=compiled` picks the `dist/`
// entry of each workspace (package.json "exports"); without the condition, tools read the sources. The planner
// thread is the exception: it is bundled with the packages' code inside (`server-bundle.mjs`).
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';
import { buildAlone } from './server-bundle.mjs';

const root = path.resolve(import.meta.dirname, '..');
const at = (...p) => path.join(root, ...p);

const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  packages: 'external',
  // Modules the server imports only when it needs them (a real provider's adapter and its client, a PDF
  // library) go to chunks of their own, so that a server not using them never loads their packages.
  splitting: true,
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
      'itinerary-pdf.worker': 'src/features/fulfilment/itinerary/itinerary-pdf.worker.ts',
      'migrate-cli': 'src/db/migrate-cli.ts',
    },
    // A planner thread is a whole program of its own: the packages' code it runs is bundled in, so that only
    // the modules it reaches are loaded. The domain package whole would bring every schema of the API and
    // their validation library into each planner thread's heap.
    alone: { 'planner.worker': 'src/features/search/suppliers/door-to-door/planner.worker.ts' },
  },
];

const started = Date.now();
// Each workspace is compiled beside its `dist/` and then swapped in by renames, so a server started from
// `dist/` by another run in the same checkout (a test's server process, `npm run serve`) never finds it
// half written or gone.
for (const target of targets) {
  const outdir = at(target.dir, 'dist');
  const fresh = `${outdir}.${process.pid}.new`;
  const old = `${outdir}.${process.pid}.old`;
  await build({
    ...common,
    entryPoints: Object.entries(target.entries).map(([out, file]) => ({ out, in: at(target.dir, file) })),
    outdir: fresh,
  });
  if (target.alone)
    await buildAlone({
      entryPoints: Object.entries(target.alone).map(([out, file]) => ({ out, in: at(target.dir, file) })),
      outdir: fresh,
      runsFrom: outdir,
    });
  await rename(outdir, old).catch((e) => {
    if (e.code !== 'ENOENT') throw e;
  });
  await rename(fresh, outdir);
  await rm(old, { recursive: true, force: true });
}
console.log(`server compiled to JavaScript in ${((Date.now() - started) / 1000).toFixed(1)} s`);
