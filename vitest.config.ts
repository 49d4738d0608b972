import { globSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The server tests that start server processes of their own and kill them: each takes a minute or more. */
const SLOW = /(-crash|-processes|orders-race)\.test\.ts$/;

/**
 * The slowest files start first, so that none of them is still running alone at the end of the run. Vitest
 * orders files by their last durations, and in a fresh clone, which has none, by their size: small files
 * that spend minutes starting and killing server processes would come near the end.
 */
class SlowFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return [...sorted.filter((f) => SLOW.test(f.moduleId)), ...sorted.filter((f) => !SLOW.test(f.moduleId))];
  }
}

/**
 * The web tests that replace a module (`vi.mock`): a replacement holds only in a module registry of the file's
 * own, so these run isolated (the server tests replace none). Every other test file (domain, planner, refdata,
 * server, web, scripts) shares its worker's modules with the files the worker ran before (`isolate: false`):
 * the app's modules, zod, the timetables and the gazetteer are read once per worker rather than once per file,
 * and a file must leave nothing behind that another could see.
 */
const WEB_TESTS = ['apps/web/src/**/*.test.ts', 'apps/web/src/**/*.test.tsx'];
const WEB_MOCKING = globSync(WEB_TESTS, { cwd: import.meta.dirname }).filter((file) =>
  /\bvi\.mock\(/.test(readFileSync(`${import.meta.dirname}/${file}`, 'utf8')),
);
const web = (name: string, files: { include: string[]; exclude?: string[] }, isolate: boolean) => ({
  plugins: [react()],
  test: {
    name,
    ...files,
    isolate,
    environment: 'jsdom' as const,
    setupFiles: ['apps/web/src/testing/setup.ts'],
    // Typing into forms takes seconds on a loaded 2-core machine; a slow run is not a failure.
    testTimeout: 60_000,
  },
});

/** A package's tests, in Node, sharing their worker's modules across files. */
const packageTests = (name: 'domain' | 'planner' | 'refdata') => ({
  test: {
    name,
    include: [`packages/${name}/src/**/*.test.ts`],
    environment: 'node' as const,
    isolate: false,
    testTimeout: 60_000,
    // Reading the gazetteer or the timetables in a hook takes seconds on a loaded machine.
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // Three files at a time even on two cores (Vitest's default there is one): server tests wait on
    // PostgreSQL and on server processes of their own as well as compute. On two cores, two files at a time
    // left the machine idle a tenth of the run; three kept it busy and took 574 s against 625 s.
    maxWorkers: Math.max(3, availableParallelism()),
    sequence: { sequencer: SlowFilesFirst },
    projects: [
      packageTests('domain'),
      packageTests('planner'),
      packageTests('refdata'),
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/test/global-setup.ts'],
          isolate: false,
          // A limit for a test that hangs, not a speed requirement: on a shared machine beside other work
          // a burst of requests against PostgreSQL may take a minute. A test that outlives its limit keeps
          // running beside the next one (moving its clock), so the limit must be generous.
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
      web('web', { include: WEB_TESTS, exclude: WEB_MOCKING }, false),
      web('web-mocks', { include: WEB_MOCKING }, true),
      {
        test: {
          name: 'scripts',
          include: ['scripts/**/*.test.ts'],
          environment: 'node',
          isolate: false,
          testTimeout: 60_000,
        },
      },
    ],
  },
});
