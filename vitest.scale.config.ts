import { defineConfig } from 'vitest/config';

/** `npm run test:scale`: three server processes behind nginx on PostgreSQL and Redis (apps/server/scale). */
export default defineConfig({
  test: {
    name: 'scale',
    include: ['apps/server/scale/**/*.test.ts'],
    environment: 'node',
    testTimeout: 240_000,
    hookTimeout: 600_000,
    fileParallelism: false,
  },
});
