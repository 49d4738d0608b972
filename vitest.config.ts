import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Two files at a time even on two cores (Vitest's default there is one): most server tests wait on
    // PostgreSQL and on server processes of their own rather than compute.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'domain',
          include: ['packages/domain/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'planner',
          include: ['packages/planner/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'refdata',
          include: ['packages/refdata/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/test/global-setup.ts'],
          // A limit for a test that hangs, not a speed requirement: on a shared machine beside other work
          // a burst of requests against PostgreSQL may take a minute. A test that outlives its limit keeps
          // running beside the next one (moving its clock), so the limit must be generous.
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/testing/setup.ts'],
          // Typing into forms takes seconds on a loaded 2-core machine; a slow run is not a failure.
          testTimeout: 60_000,
        },
      },
      {
        test: { name: 'scripts', include: ['scripts/**/*.test.ts'], environment: 'node', testTimeout: 60_000 },
      },
    ],
  },
});
